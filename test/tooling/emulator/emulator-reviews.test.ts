/**
 * The emulator's reviews of whole works and its credits (casts, staffs), checked over raw HTTP
 * against the service's own request specs and views: field order, errors, the demo seeds.
 */
import { describe, expect, it } from 'vitest';
import { emulatorPerFile, ids, type Json } from '../../fakes/emulator/emulator-calls.js';
import { DEMO_PEOPLE, DEMO_STUDIOS, DEMO_TOKENS, DEMO_USERS, DEMO_WORKS } from '../../fakes/emulator/seed.js';
import { serviceFixture } from '../../fixtures/service-fixtures.js';

const api = emulatorPerFile();
const { call, getJson } = api;
const W = DEMO_WORKS;

/** Keys in order, nested objects' too (values left out): what "the service's own field order" means. */
function shape(value: unknown): unknown {
  if (Array.isArray(value)) return value.length > 0 ? [shape(value[0])] : [];
  if (value === null || typeof value !== 'object') return 'value';
  return Object.entries(value).map(([key, inner]) => [key, shape(inner)]);
}

function keysOf(value: unknown): string[] {
  return Object.keys(value as object);
}

function firstItem(file: string, key: string): unknown {
  return (serviceFixture(file).body as Record<string, unknown[]>)[key]?.[0];
}

async function post(path: string, body: Record<string, string>, token: string = DEMO_TOKENS.alice) {
  return call(path, { method: 'POST', body, token });
}

describe('shapes, in the service’s own order', () => {
  it('casts and staffs as rails/spec/requests/api/v1/{casts,staffs}_spec.rb expect them', async () => {
    const casts = await getJson(`/v1/casts?filter_work_id=${W.cafeLumina}`);
    const cast = (casts.casts as Json[])[0];
    const expected = firstItem('casts.spec.json', 'casts') as Json;
    expect(keysOf(cast)).toEqual(keysOf(expected));
    // The fixture's work has no season; the emulator's has one, which the service puts last.
    expect(keysOf(cast?.work)).toEqual([...keysOf(expected.work), 'season_name', 'season_name_text']);
    expect(shape(cast?.character)).toEqual(shape(expected.character));
    expect(shape(cast?.person)).toEqual(shape(expected.person));

    const staffs = await getJson(`/v1/staffs?filter_work_id=${W.soraNote}&per_page=1`);
    const staff = (staffs.staffs as Json[])[0] as Json;
    const expectedStaff = firstItem('staffs.spec.json', 'staffs') as Json;
    expect(keysOf(staff)).toEqual(keysOf(expectedStaff));
    expect(shape(staff.person)).toEqual(shape(expectedStaff.person));
  });

  it('a review, listed and written, as reviews_spec.rb and me/reviews/create.jb render it', async () => {
    const listed = await getJson(`/v1/reviews?filter_work_id=${W.houkagoDragon}&sort_id=asc`);
    const review = (listed.reviews as Json[])[0] as Json;
    const expected = firstItem('reviews.spec.json', 'reviews') as Json;
    expect(keysOf(review)).toEqual(keysOf(expected));
    expect(keysOf(review.user)).toEqual(keysOf(expected.user));
    const written = await post('/v1/me/reviews', { work_id: String(W.tsukikage), body: 'x' });
    const docs = serviceFixture('create-review.docs-2017.json').body as Json;
    expect(keysOf(await written.json()).slice(0, 12)).toEqual(keysOf(docs).slice(0, 12));
  });
});

describe('the demo seeds', () => {
  it('credit people and studios with the service’s Japanese role names, a person under an old name', async () => {
    const staffs = await getJson(`/v1/staffs?filter_work_id=${W.soraNote}&sort_sort_number=asc`);
    const list = staffs.staffs as Json[];
    expect(list.map((s) => s.role_text)).toEqual([
      '原作',
      '監督',
      'シリーズ構成',
      'キャラクターデザイン',
      '音楽',
      'その他',
      'アニメーション制作',
    ]);
    expect(list[5]).toMatchObject({ role_other: '色彩設計', role_other_en: 'Color Design' });
    expect(list[6]).toMatchObject({ name: 'スタジオ青空', organization: { id: DEMO_STUDIOS.aozora } });
    expect(list[6]).not.toHaveProperty('person');
    expect(list[1]).toMatchObject({ person: { id: DEMO_PEOPLE.yamada, name: '山田太郎' } });

    const casts = await getJson(`/v1/casts?filter_work_id=${W.soraNote}`);
    const teacher = (casts.casts as Json[]).find((c) => (c.character as Json).name === '先生');
    expect(teacher).toMatchObject({ name: 'こばやしさくら', person: { name: '小林さくら' } });
  });

  it('gives 鋼の旋律 more casts than a page holds, and counts credits in people’s totals', async () => {
    const first = await getJson(`/v1/casts?filter_work_id=${W.haganeMelody}`);
    expect(first).toMatchObject({ total_count: 30, next_page: 2, prev_page: null });
    expect(first.casts as Json[]).toHaveLength(25);
    const people = await getJson(`/v1/people?filter_ids=${DEMO_PEOPLE.hoshino}`);
    const person = (people.people as Json[])[0];
    const seeded = [...api.emu.data.credits.casts.values()].filter((c) => c.personId === DEMO_PEOPLE.hoshino);
    expect(person?.casts_count).toBe(
      (api.emu.data.people.get(DEMO_PEOPLE.hoshino)?.castsCount ?? 0) + seeded.length,
    );
  });

  it('has English titles where the service would, and none for an obscure OVA and a web series', async () => {
    const body = await getJson(
      `/v1/works?filter_ids=${W.soraNote},${W.sakurazaka},${W.yoakeSignal}&fields=title_en`,
    );
    expect((body.works as Json[]).map((w) => w.title_en)).toEqual(['Sky Blue Notebook', '', '']);
  });

  it('has reviews without a timeline entry: the movie’s two (one without words) and alice’s', async () => {
    const movie = await getJson(`/v1/reviews?filter_work_id=${W.soraNoteMovie}&sort_likes_count=desc`);
    expect(
      (movie.reviews as Json[]).map((r) => [(r.user as Json).username, r.rating_overall_state, r.body]),
    ).toEqual([
      ['bob', 'great', expect.stringContaining('TV版')],
      ['dave', 'average', ''],
    ]);
    const worded = await getJson(`/v1/reviews?filter_work_id=${W.soraNoteMovie}&filter_has_review_body=true`);
    expect(ids(worded.reviews)).toHaveLength(1);
    const movieWork = await getJson(`/v1/works?filter_ids=${W.soraNoteMovie}&fields=reviews_count`);
    expect((movieWork.works as Json[])[0]?.reviews_count).toBe(1);
    const inFeed = await getJson(`/v1/activities?filter_actions=create_review&fields=review.id`);
    const reviewed = (inFeed.activities as Json[]).map((a) => (a.review as Json).id);
    const dated = [...api.emu.data.reviews.values()]
      .filter((r) => r.userId !== DEMO_USERS.carol.id)
      .slice(0, 3);
    expect(dated.map((r) => [r.userId, r.workId])).toEqual([
      [DEMO_USERS.alice.id, W.houkagoDragon],
      [DEMO_USERS.bob.id, W.soraNoteMovie],
      [DEMO_USERS.dave.id, W.soraNoteMovie],
    ]);
    for (const review of dated) expect(reviewed).not.toContain(review.id);
    expect(reviewed).toContain([...api.emu.data.reviews.values()][0]?.id);
  });
});

describe('writing reviews', () => {
  it('creates one (the title put before the body), with its activity and counts, edits and deletes it', async () => {
    const me = async () => (await getJson('/v1/me?fields=records_count')).records_count as number;
    const before = await me();
    const created = await post('/v1/me/reviews', {
      work_id: String(W.isekaiBakery),
      title: ' 見出し ',
      body: '  パンの描写が最高  ',
      rating_overall_state: 'great',
      rating_music_state: 'good',
      share_twitter: 'false',
    });
    expect(created.status).toBe(200);
    const review = (await created.json()) as Json;
    expect(review).toMatchObject({
      title: '',
      body: '見出し\n\nパンの描写が最高',
      rating_overall_state: 'great',
      rating_music_state: 'good',
      rating_story_state: null,
      modified_at: null,
      user: { username: 'alice' },
      work: { id: W.isekaiBakery, reviews_count: 1 },
    });
    expect(await me()).toBe(before + 1);
    const mine = await getJson(
      `/v1/activities?filter_user_id=${DEMO_USERS.alice.id}&filter_actions=create_review`,
    );
    expect((mine.activities as Json[]).map((a) => (a.review as Json).id)).toContain(review.id);

    const edited = await call(`/v1/me/reviews/${review.id}`, {
      method: 'PATCH',
      body: { body: '二度目の感想', rating_story_state: 'average' },
    });
    expect(edited.status).toBe(200);
    const after = (await edited.json()) as Json;
    // The body and all five states are replaced: the overall state left out is cleared.
    expect(after).toMatchObject({
      body: '二度目の感想',
      rating_overall_state: null,
      rating_story_state: 'average',
    });
    expect(after.modified_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    const activity = (
      await getJson(`/v1/activities?filter_user_id=${DEMO_USERS.alice.id}&filter_actions=create_review`)
    ).activities as Json[];
    expect(activity.find((a) => (a.review as Json).id === review.id)?.review).toMatchObject({
      body: '二度目の感想',
    });

    const removed = await call(`/v1/me/reviews/${review.id}`, { method: 'DELETE' });
    expect([removed.status, await removed.text()]).toEqual([204, '']);
    expect(ids((await getJson(`/v1/reviews?filter_ids=${review.id}`)).reviews)).toEqual([]);
    expect(await me()).toBe(before);
  });

  it('refuses bad parameters with one entry each and the service’s Japanese messages', async () => {
    const bad = await post('/v1/me/reviews', {
      work_id: 'invalid_id',
      body: '   ',
      rating_overall_state: 'GREAT',
      share_facebook: 'yes',
    });
    expect(bad.status).toBe(400);
    const { errors } = (await bad.json()) as { errors: Json[] };
    expect(errors.map((e) => e.developer_message)).toEqual([
      expect.stringContaining('work_id'),
      'Bodyを入力してください',
      'Rating overall stateの値が不正です。',
      expect.stringContaining('share_facebook'),
    ]);
    expect(errors.every((e) => e.type === 'invalid_params' && e.message === 'リクエストに失敗しました')).toBe(
      true,
    );

    const tooLong = await post('/v1/me/reviews', {
      work_id: String(W.koshoten),
      body: 'あ'.repeat(1_048_597),
    });
    expect(await tooLong.json()).toEqual({
      errors: [{ type: 'invalid_params', message: '感想は1048596文字以内で入力してください' }],
    });
    const badId = await call('/v1/me/reviews/invalid_id', { method: 'DELETE' });
    expect(badId.status).toBe(400);
  });

  it('answers 404 unknown_route for an unknown work and for someone else’s review', async () => {
    expect((await post('/v1/me/reviews', { work_id: '99999', body: 'x' })).status).toBe(404);
    const carols = [...api.emu.data.reviews.values()].find((r) => r.userId === DEMO_USERS.carol.id);
    for (const method of ['PATCH', 'DELETE']) {
      const res = await call(`/v1/me/reviews/${carols?.id}`, { method, body: { body: 'mine now' } });
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual({
        errors: [
          { type: 'unknown_route', message: 'リクエストに失敗しました', developer_message: '404 Not Found' },
        ],
      });
    }
    expect(api.emu.data.reviews.get(carols?.id ?? 0)?.body).toContain('竜と少年');
  });

  it('401 without a token and 403 for a read-only one, both with an empty body and a challenge', async () => {
    const anonymous = await call('/v1/reviews', { token: null });
    expect([anonymous.status, await anonymous.text()]).toEqual([401, '']);
    expect(anonymous.headers.get('www-authenticate')).toContain('error="invalid_token"');
    const readOnly = await post('/v1/me/reviews', { work_id: '1', body: 'x' }, DEMO_TOKENS.aliceRead);
    expect([readOnly.status, await readOnly.text()]).toEqual([403, '']);
    expect(readOnly.headers.get('www-authenticate')).toContain('error="insufficient_scope"');
    expect((await call('/v1/casts', { token: DEMO_TOKENS.aliceRead })).status).toBe(200);
  });
});
