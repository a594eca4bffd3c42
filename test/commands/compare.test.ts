/**
 * `/compare`'s parts without Discord or the service: how activities fold into a member's viewing
 * (statuses as last set, records, reviews, a season), what two viewings have in common, how ratings
 * agree, and that the reply fits Discord's limits whatever the titles and names are.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Context } from '#src/bot/context.js';
import { createTranslator } from '#src/i18n/translator.js';
import type { Activity } from '#src/service/index.js';
import { agreementPercent, compareViewing } from '../../commands/compare/compare.js';
import { type MemberViewing, seasonFloor, ViewingFold, workRating } from '../../commands/compare/gather.js';
import { comparisonReply, WANT_BUTTONS } from '../../commands/compare/reply.js';
import { malformedStrings, messageProblems } from '../fakes/discord/body-limits.js';
import { messyText } from '../render/arbitraries.js';
import { PROPERTY_TEST_TIMEOUT_MS, runs } from '../render/property-runs.js';

let nextId = 1;
const work = (id: number, season = '2026-autumn') => ({ id, title: `作品${id}`, season_name: season });
const status = (workId: number, kind: string, season?: string) =>
  ({
    id: nextId++,
    action: 'create_status',
    created_at: '2026-11-01T00:00:00Z',
    work: work(workId, season),
    status: { kind },
  }) as Activity;
const record = (workId: number, rating: string | null, season?: string) =>
  ({
    id: nextId++,
    action: 'create_record',
    created_at: '2026-11-01T00:00:00Z',
    work: work(workId, season),
    episode: { id: nextId },
    record: { id: nextId, rating_state: rating },
  }) as Activity;
const review = (workId: number, overall: string) =>
  ({
    id: nextId++,
    action: 'create_review',
    created_at: '2026-11-01T00:00:00Z',
    work: work(workId),
    review: { rating_overall_state: overall },
  }) as Activity;

/** Newest first, as the service lists them. */
function viewing(activities: Activity[], season?: string, truncated = false): MemberViewing {
  const fold = new ViewingFold(season);
  for (const activity of activities) fold.add(activity);
  return fold.result(truncated);
}

describe('a member’s viewing', () => {
  it('takes the status last set, counts recorded works as watched, and rates by review, else by records', () => {
    const member = viewing([
      status(1, 'stop_watching'), // newest: the status that counts for work 1
      status(1, 'watching'),
      status(2, 'no_select'),
      status(2, 'wanna_watch'),
      status(3, 'wanna_watch'),
      record(4, 'great'),
      record(4, 'average'),
      review(5, 'bad'),
      record(5, 'great'),
      record(6, null),
      status(7, 'watched'),
    ]);
    expect(member.watched).toEqual([4, 5, 6, 7]);
    expect(member.marked).toEqual([1, 3, 4, 5, 6, 7]);
    expect(member.ratings).toEqual([
      [4, 'good'],
      [5, 'bad'],
    ]);
  });

  it('counts the old bulk records as watched, with their ratings', () => {
    const bulk = {
      id: nextId++,
      action: 'create_multiple_records',
      created_at: '2017-02-22T13:24:39Z',
      work: work(8),
      multiple_record: [
        { record: { rating_state: 'great' } },
        { record: {} },
        { record: { rating_state: 'bad' } },
      ],
    } as Activity;
    expect(viewing([bulk])).toMatchObject({ watched: [8], marked: [8], ratings: [[8, 'good']] });
  });

  it('keeps a season’s works only, and a year’s with `-all`', () => {
    const activities = [
      record(1, 'good', '2026-autumn'),
      record(2, 'good', '2026-summer'),
      record(3, 'good', '2025-autumn'),
    ];
    expect(viewing(activities, '2026-autumn').watched).toEqual([1]);
    expect(viewing(activities, '2026-all').watched).toEqual([1, 2]);
    expect(viewing(activities).watched).toEqual([1, 2, 3]);
  });

  it('rounds a mean of records half up, and reads back a quarter before a season', () => {
    expect(workRating(undefined, ['great', 'good'])).toBe('great');
    expect(workRating(undefined, ['great', 'average'])).toBe('good');
    expect(workRating(undefined, ['bad', 'average', 'average'])).toBe('average');
    expect(workRating('bad', ['great'])).toBe('bad');
    expect(workRating(undefined, [])).toBeUndefined();
    // Autumn 2026 begins 2026-10-01 00:00 in Japan (09-30 15:00 UTC); 92 days before that.
    expect(new Date(seasonFloor('2026-autumn')).toISOString()).toBe('2026-06-30T15:00:00.000Z');
    expect(seasonFloor(undefined)).toBe(Number.NEGATIVE_INFINITY);
  });
});

describe('two viewings side by side', () => {
  const mine = viewing([
    record(1, 'great'),
    record(2, 'good'),
    status(3, 'watching'),
    status(9, 'wanna_watch'),
    record(5, 'bad'),
  ]);
  const theirs = viewing([
    record(1, 'great'),
    record(2, 'bad'),
    record(4, 'great'),
    record(9, 'great'),
    record(8, 'great'),
    status(6, 'watched'),
  ]);

  it('lists what both, only I and only they watched, and how often our ratings agree', () => {
    const comparison = compareViewing(mine, theirs);
    expect(comparison.both.map((w) => w.id)).toEqual([1, 2]);
    expect(comparison.onlyMine.map((w) => w.id)).toEqual([3, 5]);
    expect(comparison.onlyTheirs.map((w) => w.id)).toEqual([4, 9, 8, 6]);
    expect([comparison.agreed, comparison.rated]).toEqual([1, 2]);
    expect(agreementPercent(comparison)).toBe(50);
    // Their Great works not on my list: 9 is (Plan to Watch), 1 I watched.
    expect(comparison.theirGreat.map((w) => w.id)).toEqual([4, 8]);
    expect(agreementPercent({ rated: 0, agreed: 0 })).toBeUndefined();
  });
});

describe('the comparison reply', () => {
  const context = (locale: 'en' | 'ja') =>
    ({
      t: createTranslator(locale),
      locale,
      user: { id: '300000000000000001', username: 'mika' },
    }) as unknown as Context;

  it('offers Plan to Watch for the first Great works only, each carrying the asker’s id', () => {
    const comparison = compareViewing(mine(), theirs());
    const reply = comparisonReply(
      context('en'),
      { memberName: 'bob', comparison },
      '300000000000000002',
      '2026-autumn',
    );
    const ids = reply.components?.flatMap((row) =>
      row.components.map((c) => ('custom_id' in c ? c.custom_id : '')),
    );
    expect(ids?.filter((id) => id.startsWith('compare:want:300000000000000001:'))).toHaveLength(WANT_BUTTONS);
    expect(ids).toContain('compare:list:theirs:300000000000000002:2026-autumn');
    expect(reply.embeds?.[0]?.title).toBe('You and bob · Fall 2026');
    function mine() {
      return viewing([]);
    }
    function theirs() {
      return viewing(Array.from({ length: 7 }, (_, i) => record(100 + i, 'great')));
    }
  });

  it('fits Discord’s limits for any titles and names, in both languages', {
    timeout: PROPERTY_TEST_TIMEOUT_MS,
  }, () => {
    const works = fc.array(fc.tuple(fc.integer({ min: 1, max: 99_999 }), messyText, fc.option(messyText)), {
      maxLength: 60,
      size: 'max',
    });
    fc.assert(
      fc.property(
        works,
        works,
        messyText,
        fc.boolean(),
        fc.constantFrom('en' as const, 'ja' as const),
        (a, b, name, cut, locale) => {
          const toViewing = (list: typeof a, rating: string): MemberViewing => {
            const refs = list.map(([id, title, title_en]) => ({ id, title, title_en }));
            return {
              works: Object.fromEntries(refs.map((ref) => [String(ref.id), ref])),
              watched: refs.map((ref) => ref.id),
              marked: [],
              ratings: refs.map((ref) => [ref.id, rating as 'great']),
              truncated: cut,
            };
          };
          const comparison = compareViewing(toViewing(a, 'good'), toViewing(b, 'great'));
          const reply = comparisonReply(
            context(locale),
            { memberName: name, comparison },
            '300000000000000002',
            '2026-all',
          );
          const body = { embeds: reply.embeds, components: reply.components };
          expect([...messageProblems(body), ...malformedStrings(body)]).toEqual([]);
        },
      ),
      runs(150),
    );
  });
});
