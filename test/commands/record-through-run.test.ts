/** Which episodes `/record post … through:N` covers, its cap, and how episode lists read. */
import { describe, expect, it } from 'vitest';
import { createTranslator } from '#src/i18n/translator.js';
import { episodeListText, episodesThrough, MAX_THROUGH } from '../../commands/record/episode-run.js';

const en = createTranslator('en');
const ja = createTranslator('ja');

/** A long series: episodes 1–120 (ids 1001…), a recap without a number after episode 3. */
const episodes = [
  ...[1, 2, 3].map((n) => ({ id: 1000 + n, number: n, number_text: null, title: null })),
  { id: 999, number: null, number_text: '総集編', title: null },
  ...Array.from({ length: 117 }, (_, i) => ({ id: 1004 + i, number: 4 + i, number_text: null, title: null })),
];

describe('episodesThrough', () => {
  it('runs from the start to episode N in broadcast order, unnumbered ones included', () => {
    const run = episodesThrough(episodes, 1002, 5);
    expect(run.kind === 'run' && run.episodes.map((e) => e.number)).toEqual([2, 3, null, 4, 5]);
  });

  it(`caps a run at ${MAX_THROUGH} episodes, says how many were asked`, () => {
    expect(episodesThrough(episodes, 1001, 49)).toMatchObject({ kind: 'run' });
    expect(episodesThrough(episodes, 1001, 50)).toEqual({ kind: 'tooMany', count: 51 });
    expect(en('record.throughTooMany', { count: 51, max: MAX_THROUGH })).toBe(
      'That is 51 episodes, and kiroku records at most 50 at once. Give a nearer `through`, then record the rest.',
    );
    expect(ja('record.throughTooMany', { count: 51, max: MAX_THROUGH })).toBe(
      '51話あります。一度に記録できるのは50話までです。`through`を手前の話数にして、残りはその後で記録してください。',
    );
  });

  it('says when episode N is missing, or comes before the start', () => {
    expect(episodesThrough(episodes, 1001, 500)).toEqual({ kind: 'missing' });
    expect(episodesThrough(episodes, 1010, 4)).toEqual({ kind: 'before' });
  });
});

describe('episodeListText', () => {
  it('joins consecutive numbers into ranges, in both languages', () => {
    const picked = [1, 2, 3, 5, 7, 8].map((n) => ({ id: n, number: n, number_text: null, title: null }));
    expect(episodeListText(picked, en)).toBe('Ep 1–3, Ep 5, Ep 7–8');
    expect(episodeListText(picked, ja)).toBe('第1話〜第3話、第5話、第7話〜第8話');
  });

  it('an unnumbered episode stands alone and breaks a range', () => {
    expect(episodeListText(episodes.slice(1, 5), en)).toBe('Ep 2–3, 総集編, Ep 4');
  });
});
