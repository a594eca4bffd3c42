import type { Locale } from './locale.js';
import { en, type Messages } from './messages/en.js';
import { ja } from './messages/ja.js';

const catalogues: Record<Locale, Messages> = { en, ja };

export type MessageKey = keyof Messages;
type ParamsOf<K extends MessageKey> = Messages[K] extends (params: infer P) => string ? P : undefined;

/** `t('key')` for plain messages, `t('key', params)` for messages with placeholders. */
export type Translator = <K extends MessageKey>(
  key: K,
  ...params: ParamsOf<K> extends undefined ? [] : [ParamsOf<K>]
) => string;

export function createTranslator(locale: Locale): Translator {
  const catalogue = catalogues[locale];
  return ((key: MessageKey, params?: unknown) => {
    const entry = catalogue[key] as string | ((p: unknown) => string);
    return typeof entry === 'function' ? entry(params) : entry;
  }) as Translator;
}

/** Building an Intl.NumberFormat costs far more than formatting with one: build one per locale. */
const numberFormats: Record<Locale, Intl.NumberFormat> = {
  en: new Intl.NumberFormat('en-US'),
  ja: new Intl.NumberFormat('ja-JP'),
};
const THOUSANDS = /\B(?=(\d{3})+(?!\d))/g;

/**
 * Number formatting that follows the reader's language. Both languages group an integer's digits
 * by three with a comma, which a regular expression does many times faster than ICU; anything
 * else goes through Intl.
 */
export function formatNumber(locale: Locale, value: number): string {
  if (Number.isSafeInteger(value)) return String(value).replace(THOUSANDS, ',');
  return numberFormats[locale].format(value);
}

/** Keys of messages without placeholders. */
export type PlainMessageKey = { [K in MessageKey]: Messages[K] extends string ? K : never }[MessageKey];
