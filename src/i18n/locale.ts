/** The languages kiroku answers in. Discord sends `ja` for Japanese; everything else gets English. */
export type Locale = 'en' | 'ja';

export function localeFromDiscord(discordLocale: string | null | undefined): Locale {
  return discordLocale?.toLowerCase().startsWith('ja') ? 'ja' : 'en';
}
