/** A stored `/watch` list names its works in the reader's language, and lists stored before English titles were kept still read. */
import { describe, expect, it } from 'vitest';
import { createTranslator } from '#src/i18n/translator.js';
import { watchListSchema } from '#src/viewing/watch-lists.js';
import { entryWorkTitle } from '../../commands/watch/page.js';

const en = createTranslator('en');
const ja = createTranslator('ja');

/** A list as stored before English titles were kept: its entries have no `workTitleEn`. */
const STORED_BEFORE = {
  invoker: '310000000000000001',
  entries: [
    {
      episodeId: 11,
      workId: 1,
      workTitle: '空色ノート',
      number: 4,
      numberText: '第4話',
      title: null,
      startedAt: '2026-01-01T00:00:00.000Z',
    },
  ],
  recorded: [],
};

describe('/watch titles', () => {
  it('reads a list stored before English titles were kept, with the Japanese title for everyone', () => {
    const list = watchListSchema.parse(STORED_BEFORE);
    const [entry] = list.entries;
    if (!entry) throw new Error('the stored entry did not read');
    expect(entryWorkTitle(entry, en)).toBe('空色ノート');
    expect(entryWorkTitle(entry, ja)).toBe('空色ノート');
  });

  it('names the work by its English title for English readers only', () => {
    const list = watchListSchema.parse({
      ...STORED_BEFORE,
      entries: [{ ...STORED_BEFORE.entries[0], workTitleEn: 'Sky Blue Notebook' }],
    });
    const [entry] = list.entries;
    if (!entry) throw new Error('the stored entry did not read');
    expect(entryWorkTitle(entry, en)).toBe('Sky Blue Notebook');
    expect(entryWorkTitle(entry, ja)).toBe('空色ノート');
  });
});
