/** The languages kiroku answers and posts in. Discord sends `ja` for Japanese; everything else gets English. */
export const LOCALES = ['en', 'ja'] as const;
export type Locale = (typeof LOCALES)[number];

export function localeFromDiscord(discordLocale: string | null | undefined): Locale {
  return discordLocale?.toLowerCase().startsWith('ja') ? 'ja' : 'en';
}
