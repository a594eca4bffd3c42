/** `/help`'s lines: each command's registered description, packed into fields Discord accepts. */
import { describe, expect, it } from 'vitest';
import { createTranslator } from '#src/i18n/translator.js';
import { HELP_PATHS } from '../../commands/help/index.js';
import { commandDescriptions, helpLine, packLines } from '../../commands/help/lines.js';

describe('/help lines', () => {
  it('says what every listed command does, in English and Japanese', async () => {
    const descriptions = await commandDescriptions();
    for (const locale of ['en', 'ja'] as const) {
      const t = createTranslator(locale);
      for (const path of HELP_PATHS) {
        const line = helpLine(path, `/${path}`, descriptions, t);
        expect(line.length, `${locale} ${path}`).toBeGreaterThan(`/${path}`.length + 3);
      }
    }
    expect(helpLine('work search', '/work search', descriptions, createTranslator('ja'))).toBe(
      '/work search：タイトルやシーズンで作品を検索',
    );
  });

  it('packs lines into values of at most 1024 characters without splitting one', () => {
    const lines = Array.from({ length: 30 }, (_, i) => `${i}`.padEnd(100, 'x'));
    const values = packLines(lines);
    expect(values.every((value) => value.length <= 1024)).toBe(true);
    expect(values.join('\n').split('\n')).toEqual(lines);
    expect(packLines(['y'.repeat(2000)])[0]).toHaveLength(1024);
  });
});
