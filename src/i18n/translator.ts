import type { Locale } from './locale.js';
import { en, type Messages } from './messages/en.js';
import { ja } from './messages/ja.js';

const catalogues: Record<Locale, Messages> = { en, ja };

export type MessageKey = keyof Messages;
type ParamsOf<K extends MessageKey> = Messages[K] extends (params: infer P) => string ? P : undefined;

/**
 * The viewing-record service as people read about it: its name (SERVICE_NAME) and the web address of
 * its pages (SERVICE_WEB_URL, no trailing slash). Catalogue texts write `{service}` where the name goes.
 */
export interface ServiceSite {
  name: string;
  webUrl: string;
}

export const DEFAULT_SITE: ServiceSite = { name: 'Annict', webUrl: 'https://annict.com' };

const SERVICE_NAME_TOKEN = /\{service\}/g;

/**
 * `t('key')` for plain messages, `t('key', params)` for messages with placeholders. It also says which
 * language it writes (`locale`) and which service it names (`site`), so that rendering code that is
 * handed a translator writes titles, numbers and links for the same reader.
 */
export type Translator = (<K extends MessageKey>(
  key: K,
  ...params: ParamsOf<K> extends undefined ? [] : [ParamsOf<K>]
) => string) & { readonly locale: Locale; readonly site: ServiceSite };

export function createTranslator(locale: Locale, site: ServiceSite = DEFAULT_SITE): Translator {
  const catalogue = catalogues[locale];
  const translate = (key: MessageKey, params?: unknown) => {
    const entry = catalogue[key] as string | ((p: unknown) => string);
    const text = typeof entry === 'function' ? entry(params) : entry;
    return text.includes('{service}') ? text.replace(SERVICE_NAME_TOKEN, site.name) : text;
  };
  return Object.assign(translate, { locale, site }) as Translator;
}

/**
 * Building an Intl.NumberFormat costs far more than formatting with one: one per locale, built when a
 * number first needs it (the first one loads ICU's data, about 10 ms, which the start need not pay).
 */
const NUMBER_LOCALES: Record<Locale, string> = { en: 'en-US', ja: 'ja-JP' };
const numberFormats: Partial<Record<Locale, Intl.NumberFormat>> = {};
const THOUSANDS = /\B(?=(\d{3})+(?!\d))/g;

/**
 * Number formatting that follows the reader's language. Both languages group an integer's digits
 * by three with a comma, which a regular expression does many times faster than ICU; anything
 * else goes through Intl.
 */
export function formatNumber(locale: Locale, value: number): string {
  if (Number.isSafeInteger(value)) return String(value).replace(THOUSANDS, ',');
  numberFormats[locale] ??= new Intl.NumberFormat(NUMBER_LOCALES[locale]);
  return numberFormats[locale].format(value);
}

/** Keys of messages without placeholders. */
export type PlainMessageKey = { [K in MessageKey]: Messages[K] extends string ? K : never }[MessageKey];
