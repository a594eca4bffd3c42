import { describe, expect, it } from 'vitest';
import { GLOSSARY } from '#src/i18n/glossary.js';
import { en } from '#src/i18n/messages/en.js';
import { ja } from '#src/i18n/messages/ja.js';

/** Every text of a catalogue, with placeholders filled by a marker (functions are called). */
function texts(catalogue: Record<string, unknown>): Array<[string, string]> {
  const params = new Proxy({}, { get: () => '◆' });
  return Object.entries(catalogue).map(([key, entry]) => [
    key,
    typeof entry === 'function' ? String(entry(params)) : String(entry),
  ]);
}

describe('glossary: one word per concept in both catalogues', () => {
  for (const [language, catalogue] of [
    ['en', en],
    ['ja', ja],
  ] as const) {
    it(`${language}: no text uses a word the glossary says to avoid`, () => {
      const offences = texts(catalogue).flatMap(([key, text]) =>
        GLOSSARY.flatMap((entry) =>
          entry.avoid[language]
            .filter((word) => text.toLowerCase().includes(word.toLowerCase()))
            .map((word) => `${key}: “${word}” (say “${entry[language]}”)`),
        ),
      );
      expect(offences).toEqual([]);
    });
  }

  it('Japanese texts use the glossary’s words for the concepts they name', () => {
    const all = texts(ja).map(([, text]) => text);
    for (const entry of GLOSSARY.filter((e) => !e.ja.includes('{service}') && !e.ja.includes('（'))) {
      expect(
        all.some((text) => text.includes(entry.ja)),
        entry.concept,
      ).toBe(true);
    }
  });

  it('the service is named, never called "the service" or "service account"', () => {
    for (const [key, text] of texts(en)) {
      expect(text, key).not.toMatch(/\bservice account\b|\bthe service\b/i);
    }
    for (const [key, text] of texts(ja)) expect(text, key).not.toMatch(/サービス[のがにでを]/);
  });

  it('a Japanese text never ends a clause with a bare space before a rating or a status', () => {
    for (const [key, text] of texts(ja)) expect(text, key).not.toMatch(/しました [^\s·]/);
  });
});

/** Every text the command picker shows, per language: descriptions, localized names, choice names. */
function pickerTexts(node: unknown, path: string, out: { en: string[]; ja: string[] }): void {
  if (Array.isArray(node)) {
    for (const item of node) pickerTexts(item, path, out);
    return;
  }
  if (typeof node !== 'object' || node === null) return;
  const record = node as Record<string, unknown>;
  const here = typeof record.name === 'string' ? `${path} ${record.name}`.trim() : path;
  if (typeof record.description === 'string') out.en.push(`${here}: ${record.description}`);
  for (const key of ['description_localizations', 'name_localizations']) {
    const ja = (record[key] as Record<string, unknown> | undefined)?.ja;
    if (typeof ja === 'string') out.ja.push(`${here}: ${ja}`);
  }
  for (const key of ['options', 'choices']) pickerTexts(record[key], here, out);
}

describe('glossary: the command picker speaks like the replies', () => {
  it('no command, option or choice text uses a word the glossary says to avoid', async () => {
    const { loadCommands } = await import('#src/bot/loader.js');
    const out = { en: [] as string[], ja: [] as string[] };
    for (const module of (await loadCommands()).values()) pickerTexts(module.definition, '', out);
    expect(out.ja.length).toBeGreaterThan(50);
    const offences = (['en', 'ja'] as const).flatMap((language) =>
      out[language].flatMap((text) =>
        GLOSSARY.flatMap((entry) =>
          entry.avoid[language]
            .filter((word) => text.toLowerCase().includes(word.toLowerCase()))
            .map((word) => `${text} — “${word}” (say “${entry[language]}”)`),
        ),
      ),
    );
    expect(offences).toEqual([]);
    for (const text of out.en) expect(text).not.toMatch(/\bservice account\b/i);
    for (const text of out.ja) expect(text).not.toMatch(/サービスの(アカウント|設定)/);
  });
});

/**
 * Japanese as Annict writes it: no half-width space between Japanese and a Latin word or a number
 * (いいね3件, 15分後, Annictの). Placeholders are filled with a Latin word and with a number, since a
 * name or a count stands there; spaces beside Markdown and inline code are left to the writer.
 */
describe('Japanese spacing', () => {
  const CJK = '[\\u3040-\\u30ff\\u3400-\\u9fff\\uff01-\\uff60「」（）、。！？]';
  const spaced = new RegExp(`${CJK} [A-Za-z0-9]|[A-Za-z0-9] ${CJK}`, 'u');
  const filled = (filler: string) =>
    Object.entries(ja).map(([key, entry]) => {
      const params = new Proxy({}, { get: () => filler });
      const text =
        typeof entry === 'function' ? String((entry as (p: unknown) => unknown)(params)) : String(entry);
      return [key, text.replaceAll('{service}', 'Annict')] as const;
    });

  it('no catalogue text puts a half-width space between Japanese and a Latin word or number', () => {
    const offences = [...filled('alice'), ...filled('3')]
      .filter(([key]) => !key.startsWith('picture.'))
      .filter(([, text]) => spaced.test(text))
      .map(([key, text]) => `${key}: ${text}`);
    expect([...new Set(offences)]).toEqual([]);
  });

  it('no Japanese command, option or choice text does either', async () => {
    const { loadCommands } = await import('#src/bot/loader.js');
    const out = { en: [] as string[], ja: [] as string[] };
    for (const module of (await loadCommands()).values()) pickerTexts(module.definition, '', out);
    expect(out.ja.filter((text) => spaced.test(text.slice(text.indexOf(': ') + 2)))).toEqual([]);
  });
});
