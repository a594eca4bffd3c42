/** The languages kiroku answers and posts in. Discord sends `ja` for Japanese; everything else gets English. */
export const LOCALES = ['en', 'ja'] as const;
export type Locale = (typeof LOCALES)[number];

export function localeFromDiscord(discordLocale: string | null | undefined): Locale {
  return discordLocale?.toLowerCase().startsWith('ja') ? 'ja' : 'en';
}

/**
 * A browser's language, from its Accept-Language header (`ja,en-US;q=0.8`): the first of kiroku's
 * languages by the browser's preference, English when it names neither.
 */
export function localeFromAcceptLanguage(header: string | undefined): Locale {
  let best: { locale: Locale; weight: number } | undefined;
  for (const part of (header ?? '').split(',').slice(0, 20)) {
    const [tag = '', ...parameters] = part.trim().toLowerCase().split(';');
    const quality = parameters.map((p) => /^\s*q=([01](?:\.\d{0,3})?)\s*$/.exec(p)?.[1]).find(Boolean);
    const weight = quality === undefined ? 1 : Number(quality);
    const locale = LOCALES.find((candidate) => tag === candidate || tag.startsWith(`${candidate}-`));
    if (locale && weight > 0 && (!best || weight > best.weight)) best = { locale, weight };
  }
  return best?.locale ?? 'en';
}
