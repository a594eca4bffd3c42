/** The season in Japan time, and the season choices autocomplete offers, in words, in both languages. */
import { describe, expect, it } from 'vitest';
import { createTranslator } from '#src/i18n/translator.js';
import { comingSeason, currentSeason, seasonChoices, seasonWords } from '#src/lookups/seasons.js';

const en = createTranslator('en');
const ja = createTranslator('ja');

describe('the current season, in Japan time', () => {
  it('turns at midnight in Japan, not in UTC', () => {
    // 00:30 on 1 January in Japan is still 31 December in UTC: already the winter season.
    expect(currentSeason(new Date('2026-01-01T00:30:00+09:00'))).toBe('2026-winter');
    expect(currentSeason(new Date('2026-04-01T08:59:59+09:00'))).toBe('2026-spring');
    expect(currentSeason(new Date('2026-07-01T00:00:00+09:00'))).toBe('2026-summer');
    expect(currentSeason(new Date('2026-10-01T00:00:00+09:00'))).toBe('2026-autumn');
  });

  it('is still the previous season until midnight in Japan', () => {
    expect(currentSeason(new Date('2025-12-31T23:59:59+09:00'))).toBe('2025-autumn');
    expect(currentSeason(new Date('2026-03-31T23:59:59+09:00'))).toBe('2026-winter');
  });

  it('names the coming season, across the turn of the year', () => {
    expect(comingSeason(new Date('2025-12-31T23:59:59+09:00'))).toBe('2026-winter');
    expect(comingSeason(new Date('2026-01-01T00:30:00+09:00'))).toBe('2026-spring');
    expect(comingSeason(new Date('2026-11-15T12:00:00+09:00'))).toBe('2027-winter');
  });
});

describe('season choices', () => {
  const newYearInJapan = new Date('2026-01-01T00:30:00+09:00');

  it('offers the current season first, then the coming one, then earlier ones, in words', () => {
    const choices = seasonChoices(newYearInJapan, '', en);
    expect(choices.slice(0, 4)).toEqual([
      { name: 'Winter 2026', value: '2026-winter' },
      { name: 'Spring 2026', value: '2026-spring' },
      { name: 'Fall 2025', value: '2025-autumn' },
      { name: 'Summer 2025', value: '2025-summer' },
    ]);
    expect(choices).toHaveLength(13);
    expect(seasonChoices(newYearInJapan, '', ja).slice(0, 2)).toEqual([
      { name: '2026年冬', value: '2026-winter' },
      { name: '2026年春', value: '2026-spring' },
    ]);
  });

  it('offers a typed year up to the coming season, and the whole year', () => {
    expect(seasonChoices(newYearInJapan, '2026', en)).toEqual([
      { name: 'Spring 2026', value: '2026-spring' },
      { name: 'Winter 2026', value: '2026-winter' },
      { name: 'All of 2026', value: '2026-all' },
    ]);
    expect(seasonChoices(newYearInJapan, '2025', ja).map((c) => c.name)).toEqual([
      '2025年秋',
      '2025年夏',
      '2025年春',
      '2025年冬',
      '2025年（通年）',
    ]);
    expect(seasonChoices(newYearInJapan, '2030', en)).toEqual([]);
  });

  it('filters by the words the reader sees or the service’s value', () => {
    expect(seasonChoices(newYearInJapan, 'autumn', en).every((c) => c.value.endsWith('-autumn'))).toBe(true);
    // The service's English word for autumn.
    expect(seasonChoices(newYearInJapan, 'fall', en).map((c) => c.value)).toEqual([
      '2025-autumn',
      '2024-autumn',
      '2023-autumn',
    ]);
    expect(seasonChoices(newYearInJapan, 'Summer 2025', en).map((c) => c.value)).toEqual(['2025-summer']);
    expect(seasonChoices(newYearInJapan, '2025年夏', ja).map((c) => c.value)).toEqual(['2025-summer']);
    expect(seasonChoices(newYearInJapan, '秋', ja).every((c) => c.value.endsWith('-autumn'))).toBe(true);
  });

  it('writes every season as words', () => {
    expect(seasonWords('2025-autumn', en)).toBe('Fall 2025');
    expect(seasonWords('2025-autumn', ja)).toBe('2025年秋');
    expect(seasonWords('2025-all', en)).toBe('All of 2025');
  });
});
