import { describe, expect, it } from 'vitest';
import { localeFromAcceptLanguage } from '#src/i18n/locale.js';

describe('the browser’s language from Accept-Language', () => {
  it.each([
    [undefined, 'en'],
    ['', 'en'],
    ['ja', 'ja'],
    ['ja-JP,ja;q=0.9,en;q=0.8', 'ja'],
    ['en-US,en;q=0.9,ja;q=0.5', 'en'],
    ['fr-FR,ja;q=0.7,en;q=0.6', 'ja'],
    ['de,fr;q=0.5', 'en'],
    ['en;q=0.2, ja;q=0.9', 'ja'],
    ['ja;q=0, en', 'en'],
    ['jam, ja-Latn;q=0.5', 'ja'],
    ['*', 'en'],
    ['ja;q=banana', 'ja'],
  ] as const)('%s → %s', (header, locale) => {
    expect(localeFromAcceptLanguage(header)).toBe(locale);
  });
});
