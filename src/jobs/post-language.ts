/** The language a subscription's posts are written in (chosen with /subscription, English by default). */
import type { Locale } from '../i18n/locale.js';
import { createTranslator, type Translator } from '../i18n/translator.js';
import type { Subscription } from '../subscriptions/model.js';

const translators: Record<Locale, Translator> = { en: createTranslator('en'), ja: createTranslator('ja') };

export function translatorFor(locale: Locale): Translator {
  return translators[locale];
}

/** The translator of a subscription's posts. */
export function postTranslator(subscription: Pick<Subscription, 'language'>): Translator {
  return translators[subscription.language ?? 'en'];
}

/**
 * One message per language, built on first need: a feed activity fanned out to channels of both
 * languages is rendered twice at most, however many channels receive it.
 */
export function perLanguage<T>(build: (t: Translator, locale: Locale) => T): (locale: Locale) => T {
  const built = new Map<Locale, T>();
  return (locale) => {
    if (!built.has(locale)) built.set(locale, build(translators[locale], locale));
    return built.get(locale) as T;
  };
}
