/**
 * Gathering a season card from the service (commands/me/season-data.ts) through the real client
 * against a loopback stub: what it asks, what it counts, and what it leaves out.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CallOptions } from '#src/service/index.js';
import {
  gatherSeasonCard,
  parseSeason,
  SEASON_CARD_PAGES,
  seasonStart,
} from '../../commands/me/season-data.js';
import { makeClient, TOKEN } from '../service/helpers.js';
import { type Stub, type StubRequest, sendJson, startStub } from '../support/stub-server.js';

const CALL: CallOptions = { token: TOKEN, priority: 'interactive', person: '300000000000000001' };
const AUTUMN = { year: 2026, name: 'autumn' } as const;
const ME = { id: 42, username: 'mika', name: 'Mika 🍡' };

const work = (id: number, title: string, kind: string, season = '2026-autumn') => ({
  id,
  title,
  title_en: '',
  season_name: season,
  images: { recommended_url: `https://images.example/${id}.jpg` },
  status: { kind },
});

let nextActivity = 1000;
function recordActivity(workRef: object, episodeId: number | null, state: string | null, at: string) {
  nextActivity -= 1;
  return {
    id: nextActivity,
    user: { id: ME.id },
    action: 'create_record',
    created_at: at,
    work: workRef,
    ...(episodeId === null ? {} : { episode: { id: episodeId, number: 1 } }),
    record: { id: nextActivity + 5000, rating_state: state },
  };
}

function page(key: string, items: unknown[], next: number | null) {
  return { [key]: items, total_count: items.length, next_page: next, prev_page: null };
}

type Routes = (request: StubRequest) => unknown;

describe('gathering a season card', () => {
  let stub: Stub;
  const client = () => makeClient(stub.url).client;
  const serve = (routes: Routes) =>
    stub.handle((request, response) => sendJson(response, 200, routes(request)));
  const asked = (path: string) => stub.requests.filter((r) => r.url.pathname === path);

  beforeAll(async () => {
    stub = await startStub();
  });
  afterAll(() => stub.close());

  it('counts episodes and ratings of the season’s works, skips what does not read, stops at the season’s start', async () => {
    stub.requests.length = 0;
    const frieren = work(1, '葬送のフリーレン', 'watched');
    const apothecary = work(2, '薬屋のひとりごと', 'watching');
    const wanted = work(3, 'ダンジョン飯', 'wanna_watch');
    const dropped = work(4, '【推しの子】', 'stop_watching');
    const otherSeason = { id: 9, title: '去年の作品', season_name: '2025-autumn' };
    // Not on the list, but the service says it is of this season: still counted.
    const unlisted = { id: 5, title: 'リストにない作品', season_name: '2026-autumn' };
    serve((request) => {
      const p = Number(request.url.searchParams.get('page') ?? '1');
      if (request.url.pathname === '/v1/me') return ME;
      if (request.url.pathname === '/v1/me/works')
        return page('works', [frieren, apothecary, wanted, dropped, { title: 'no id' }], null);
      if (p === 1)
        return page(
          'activities',
          [
            recordActivity(frieren, 11, 'great', '2026-11-20T10:00:00Z'),
            recordActivity(frieren, 11, 'great', '2026-11-19T10:00:00Z'), // the same episode again
            recordActivity(frieren, 12, 'good', '2026-11-18T10:00:00Z'),
            recordActivity(apothecary, 21, 'good', '2026-11-17T10:00:00Z'),
            recordActivity(apothecary, 22, null, '2026-11-16T10:00:00Z'),
            recordActivity(otherSeason, 91, 'great', '2026-11-15T10:00:00Z'),
            recordActivity(apothecary, null, 'bad', '2026-11-14T10:00:00Z'), // no episode
            { id: 'not a number', action: 'create_record', created_at: '2026-11-13T10:00:00Z' },
            {
              id: 3,
              action: 'create_status',
              created_at: '2026-11-12T10:00:00Z',
              status: { kind: 'watched' },
            },
          ],
          2,
        );
      if (p === 2)
        return page(
          'activities',
          [
            recordActivity(unlisted, 51, 'average', '2026-10-02T10:00:00Z'),
            // Before the season began in Japan (a preview), on the last page read: still the season's work.
            recordActivity(dropped, 41, 'bad', '2026-09-30T14:00:00Z'),
          ],
          3,
        );
      return page('activities', [recordActivity(frieren, 13, 'bad', '2026-09-01T00:00:00Z')], null);
    });
    const card = await gatherSeasonCard(client(), CALL, AUTUMN);
    expect(card.user).toEqual({ name: 'Mika 🍡' });
    expect(card.season).toEqual(AUTUMN);
    // 11, 12 (frieren), 21, 22 (apothecary), 51 (unlisted), 41 (dropped): six episodes, each once.
    expect(card.episodes).toBe(6);
    expect(card.works).toEqual({ finished: 1, watched: 3 });
    expect(card.topRated.map((w) => [w.title, w.rating])).toEqual([
      ['葬送のフリーレン', 'great'], // great, great, good: mean 3.67
      ['薬屋のひとりごと', 'good'],
      ['リストにない作品', 'average'],
      ['【推しの子】', 'bad'],
    ]);
    expect(card.topRated[0]).toMatchObject({ titleEn: null, coverUrl: 'https://images.example/1.jpg' });

    // One request for the profile, one page of works, two of records: the third is never asked.
    expect(stub.requests).toHaveLength(4);
    const works = asked('/v1/me/works')[0]?.url.searchParams;
    expect(works?.get('filter_season')).toBe('2026-autumn');
    // Nested fields named, or the service sends them empty.
    expect(works?.get('fields')?.split(',')).toEqual(
      expect.arrayContaining(['status.kind', 'images.recommended_url']),
    );
    const activities = asked('/v1/activities');
    expect(activities.map((r) => r.url.searchParams.get('page'))).toEqual(['1', '2']);
    expect(Object.fromEntries(activities[0]?.url.searchParams ?? [])).toMatchObject({
      filter_user_id: '42',
      filter_actions: 'create_record',
      sort_id: 'desc',
      per_page: '50',
    });
    // The person's own token on every request.
    expect(stub.requests.every((r) => r.headers.authorization === `Bearer ${TOKEN}`)).toBe(true);
  });

  it('an empty season is a card of zeros, in three requests', async () => {
    stub.requests.length = 0;
    serve((request) =>
      request.url.pathname === '/v1/me'
        ? { id: 7, username: 'ken', name: '' }
        : page(request.url.pathname === '/v1/me/works' ? 'works' : 'activities', [], null),
    );
    const card = await gatherSeasonCard(client(), CALL, { year: 2025, name: 'winter' });
    expect(card).toEqual({
      user: { name: 'ken' },
      season: { year: 2025, name: 'winter' },
      episodes: 0,
      works: { finished: 0, watched: 0 },
      topRated: [],
    });
    expect(stub.requests).toHaveLength(3);
  });

  it('reads at most SEASON_CARD_PAGES.records pages of records, and says so', async () => {
    stub.requests.length = 0;
    const frieren = work(1, '葬送のフリーレン', 'watching');
    let episode = 0;
    serve((request) => {
      if (request.url.pathname === '/v1/me') return ME;
      if (request.url.pathname === '/v1/me/works') return page('works', [frieren], null);
      const p = Number(request.url.searchParams.get('page'));
      const items = Array.from({ length: 50 }, () =>
        recordActivity(frieren, ++episode, null, '2026-11-20T10:00:00Z'),
      );
      return page('activities', items, p + 1);
    });
    let truncated = 0;
    const card = await gatherSeasonCard(client(), CALL, AUTUMN, { onTruncated: () => truncated++ });
    expect(truncated).toBe(1);
    expect(asked('/v1/activities')).toHaveLength(SEASON_CARD_PAGES.records);
    expect(card.episodes).toBe(50 * SEASON_CARD_PAGES.records);
  });
});

describe('season values', () => {
  it('reads one season, never a year’s filter or anything else', () => {
    expect(parseSeason('2024-autumn')).toEqual({ year: 2024, name: 'autumn' });
    expect(parseSeason(' 2026-winter ')).toEqual({ year: 2026, name: 'winter' });
    for (const bad of ['2024-all', 'autumn', '2024-fall', '24-autumn', '2024-autumn-x', ''])
      expect(parseSeason(bad)).toBeUndefined();
  });

  it('a season begins at midnight in Japan on its first day', () => {
    expect(new Date(seasonStart({ year: 2026, name: 'autumn' })).toISOString()).toBe(
      '2026-09-30T15:00:00.000Z',
    );
    expect(new Date(seasonStart({ year: 2026, name: 'winter' })).toISOString()).toBe(
      '2025-12-31T15:00:00.000Z',
    );
  });
});
