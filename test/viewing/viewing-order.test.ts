/** Pure parts of the viewing loop: the backlog's order, an episode's first airing. */
import { describe, expect, it } from 'vitest';
import { firstAirings } from '#src/jobs/broadcasts/airing-posts.js';
import type { Program } from '#src/service/index.js';
import { type BacklogEntry, orderBacklog } from '#src/viewing/watch-lists.js';

const entry = (episodeId: number, workId: number, startedAt: string): BacklogEntry => ({
  episodeId,
  workId,
  workTitle: `w${workId}`,
  number: episodeId,
  numberText: null,
  title: null,
  startedAt,
});

describe('viewing order', () => {
  it('groups the backlog by work, works by their newest entry, each in the order it aired', () => {
    const ordered = orderBacklog([
      entry(1, 10, '2026-01-01T00:00:00Z'),
      entry(5, 20, '2026-01-03T00:00:00Z'),
      entry(2, 10, '2026-01-04T00:00:00Z'),
      entry(4, 20, '2026-01-02T00:00:00Z'),
    ]);
    expect(ordered.map((e) => e.episodeId)).toEqual([1, 2, 4, 5]);
  });

  it('takes each episode’s earliest first run, never a rebroadcast nor a program without an episode', () => {
    const program = (
      id: number,
      episodeId: number | null,
      startedAt: string,
      isRebroadcast = false,
    ): Program => ({
      id,
      started_at: startedAt,
      is_rebroadcast: isRebroadcast,
      work: { id: 1 },
      episode: episodeId === null ? null : { id: episodeId },
    });
    const first = firstAirings([
      program(1, 7, '2026-01-02T00:00:00Z'),
      program(2, 7, '2026-01-01T00:00:00Z'),
      program(3, 8, '2026-01-01T00:00:00Z', true),
      program(4, null, '2026-01-01T00:00:00Z'),
    ]);
    expect(first.map((p) => p.id)).toEqual([2]);
  });
});
