/** The weekly summary's arithmetic: a member's week from their records, a server's week from its members'. */
import { describe, expect, it } from 'vitest';
import { emptyWeek, type MemberWeek, tallyRecord } from '#src/jobs/weekly/member-week.js';
import { summarize } from '#src/jobs/weekly/summarize.js';
import type { CreateRecordActivity } from '#src/service/index.js';

const frame = { server: 'Anime Club', week: { start: '2026-11-16', end: '2026-11-22' } };

let nextId = 1;
function record(
  work: { id: number; title: string; title_en?: string },
  episode: { id: number; number?: number },
  extra: { rating?: 'great' | 'good' | 'average' | 'bad'; comment?: string } = {},
): CreateRecordActivity {
  return {
    id: nextId++,
    action: 'create_record',
    created_at: '2026-11-18T12:00:00Z',
    work: { ...work, images: { recommended_url: `https://example.com/${work.id}.jpg` } },
    episode: {
      id: episode.id,
      number: episode.number ?? 1,
      number_text: `#${episode.number ?? 1}`,
      title: 'Ep',
    },
    record: { rating_state: extra.rating ?? null, comment: extra.comment ?? '' },
  } as CreateRecordActivity;
}

function weekOf(records: CreateRecordActivity[]): MemberWeek {
  const week = emptyWeek();
  for (const activity of records) tallyRecord(week, activity);
  return week;
}

const cafe = { id: 4, title: '海辺のカフェ・ルミナ', title_en: 'Lumina Cafe' };
const notes = { id: 1, title: '空色ノート' };

describe('a member’s week', () => {
  it('counts episodes by work, ratings, and commented episodes; leaves out a record without a work', () => {
    const week = weekOf([
      record(cafe, { id: 41, number: 1 }, { rating: 'great', comment: 'wow' }),
      record(cafe, { id: 42, number: 2 }, { rating: 'good' }),
      record(notes, { id: 11 }, { comment: '  ' }),
      { ...record(notes, { id: 12 }), work: null } as CreateRecordActivity,
    ]);
    expect(week.episodes).toBe(3);
    expect(week.works.map((w) => [w.id, w.episodes, w.coverUrl])).toEqual([
      [4, 2, 'https://example.com/4.jpg'],
      [1, 1, 'https://example.com/1.jpg'],
    ]);
    expect(week.ratings).toEqual({ great: 1, good: 1, average: 0, bad: 0 });
    // A blank comment is no comment.
    expect(week.commented.map((e) => [e.id, e.comments])).toEqual([[41, 1]]);
  });
});

describe('a server’s week', () => {
  const alice = weekOf([
    record(cafe, { id: 41 }, { rating: 'great', comment: 'a' }),
    record(cafe, { id: 42 }, { rating: 'great' }),
    record(notes, { id: 11 }, { comment: 'b' }),
  ]);
  const bob = weekOf([record(notes, { id: 11 }, { rating: 'bad', comment: 'c' }), record(notes, { id: 12 })]);
  const carol = weekOf([record(cafe, { id: 43 }, { rating: 'average' })]);

  it('names only members who share; everyone counts in the totals, works, ratings and comments', () => {
    const summary = summarize(frame, [
      { name: 'alice', week: alice },
      { week: bob },
      { name: 'carol', week: carol },
      { name: 'idle', week: emptyWeek() },
    ]);
    expect(summary.totals).toEqual({ episodes: 6, members: 3 });
    expect(summary.sharers).toEqual([
      { name: 'alice', episodes: 3 },
      { name: 'carol', episodes: 1 },
    ]);
    expect(JSON.stringify(summary)).not.toContain('bob');
    expect(summary.topWorks.map((w) => [w.title, w.episodes, w.members])).toEqual([
      ['海辺のカフェ・ルミナ', 3, 2],
      ['空色ノート', 3, 2],
    ]);
    expect(summary.ratings).toEqual({ great: 2, good: 0, average: 1, bad: 1 });
    // Episode 11 has alice's and bob's comments: the most-commented, though bob is not named.
    expect(summary.mostCommented).toMatchObject({ comments: 2, work: { title: '空色ノート' } });
  });

  it('is an empty week when nobody recorded anything', () => {
    const summary = summarize(frame, [{ name: 'alice', week: emptyWeek() }]);
    expect(summary).toMatchObject({ totals: { episodes: 0, members: 0 }, sharers: [], topWorks: [] });
    expect(summary.mostCommented).toBeNull();
  });

  it('keeps the five most-watched works, most episodes first, then most members, then title', () => {
    const works = Array.from({ length: 7 }, (_, i) => ({ id: 100 + i, title: `W${i}` }));
    const member = weekOf(
      works.flatMap((work, i) =>
        Array.from({ length: i + 1 }, (_, k) => record(work, { id: work.id * 10 + k })),
      ),
    );
    const summary = summarize(frame, [{ week: member }]);
    expect(summary.topWorks.map((w) => w.title)).toEqual(['W6', 'W5', 'W4', 'W3', 'W2']);
  });
});
