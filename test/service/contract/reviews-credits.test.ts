/**
 * Contract, beyond the spec: the public service's reviews of whole works (`reviews`, `create_review`,
 * `edit_review`, `delete_review`) and a work's credits (`casts`, `staffs`), through the real client
 * against the emulator; the last test checks that every parameter of these operations reached the
 * wire. Expected values are read from `emulator.data` at the time of each call.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type CallOptions,
  InsufficientScope,
  InvalidParams,
  isCreateReviewActivity,
  NotFound,
  STAFF_ROLES,
  staffRoleOf,
  Unauthorized,
} from '#src/service/index.js';
import { DEMO_PEOPLE, DEMO_STUDIOS, DEMO_TOKENS, DEMO_USERS, DEMO_WORKS } from '../../fakes/emulator/seed.js';
import { type ContractRig, collect, ids, rejectionOf, startRig } from './helpers.js';

const W = DEMO_WORKS;
const U = DEMO_USERS;
const alice: CallOptions = { token: DEMO_TOKENS.alice, priority: 'write', person: 'discord-alice' };
const bob: CallOptions = { token: DEMO_TOKENS.bob, priority: 'interactive', person: 'discord-bob' };

let rig: ContractRig;
const data = () => rig.emulator.data;

beforeAll(async () => {
  rig = await startRig();
});
afterAll(async () => {
  await rig?.close();
});

const LIST = ['fields', 'page', 'per_page', 'sort_id'];
const REVIEW_CONTENT = [
  'body',
  'rating_overall_state',
  'rating_animation_state',
  'rating_music_state',
  'rating_story_state',
  'rating_character_state',
  'share_twitter',
  'share_facebook',
];
const CREDITS = [...LIST, 'filter_ids', 'filter_work_id', 'sort_sort_number'];
/** The parameters of each operation as they travel (`:id` in the path). */
const PARAMS: Record<string, string[]> = {
  reviews: [...LIST, 'filter_ids', 'filter_work_id', 'filter_has_review_body', 'sort_likes_count'],
  create_review: ['work_id', ...REVIEW_CONTENT],
  edit_review: [':id', ...REVIEW_CONTENT],
  delete_review: [':id'],
  casts: CREDITS,
  staffs: CREDITS,
};

describe('reviews of a whole work', () => {
  it('create_review with the body and all five states: the review, its activity and the counts', async () => {
    const before = data().works.get(W.tsukikage)?.reviewsCount ?? 0;
    const review = await rig.client.createReview(
      {
        work_id: W.tsukikage,
        body: '  殺陣が美しい  ',
        rating_overall_state: 'great',
        rating_animation_state: 'great',
        rating_music_state: 'good',
        rating_story_state: 'average',
        rating_character_state: 'bad',
        share_twitter: true,
        share_facebook: false,
      },
      alice,
    );
    expect(review).toMatchObject({
      body: '殺陣が美しい',
      title: '',
      rating_overall_state: 'great',
      rating_animation_state: 'great',
      rating_music_state: 'good',
      rating_story_state: 'average',
      rating_character_state: 'bad',
      modified_at: null,
      user: { id: U.alice.id },
      work: { id: W.tsukikage, reviews_count: before + 1 },
    });
    const sent = rig.transport.last('create_review');
    expect([sent.method, sent.path]).toEqual(['POST', '/v1/me/reviews']);
    expect(sent.params.get('share_twitter')).toBe('true');
    expect(sent.params.get('share_facebook')).toBe('false');
    expect(data().reviews.get(review.id)).toMatchObject({ userId: U.alice.id, ratingCharacterState: 'bad' });

    // The caller's own activities name it: how kiroku finds "your review" (reviews has no user filter).
    const own = await rig.client.activities(
      { filter_user_id: U.alice.id, filter_actions: 'create_review', sort_id: 'desc', per_page: 5 },
      alice,
    );
    const top = own.items[0];
    expect(top && isCreateReviewActivity(top) ? top.review?.id : undefined).toBe(review.id);
    expect(own.items.every((a) => a.action === 'create_review')).toBe(true);
    expect(rig.transport.last('activities').params.get('filter_actions')).toBe('create_review');
  });

  it('edit_review replaces the body and every state (one left out is cleared); the activity shows the edit', async () => {
    const created = await rig.client.createReview(
      { work_id: W.nekoMajo, body: 'first', rating_overall_state: 'good', rating_music_state: 'great' },
      alice,
    );
    const edited = await rig.client.editReview(
      {
        id: created.id,
        body: 'second thoughts',
        rating_overall_state: 'average',
        rating_animation_state: 'good',
        rating_story_state: 'good',
        rating_character_state: 'great',
        share_twitter: false,
        share_facebook: true,
      },
      alice,
    );
    expect(edited).toMatchObject({
      id: created.id,
      body: 'second thoughts',
      rating_overall_state: 'average',
    });
    expect(edited.rating_music_state).toBeNull();
    expect(edited.modified_at).toEqual(expect.any(String));
    const sent = rig.transport.last('edit_review');
    expect([sent.method, sent.path]).toEqual(['PATCH', `/v1/me/reviews/${created.id}`]);
    expect(sent.params.has('id')).toBe(false);
    const feed = await rig.client.followingActivities(
      { filter_actions: 'create_review', sort_id: 'desc', per_page: 10 },
      alice,
    );
    const shown = feed.items.find((a) => isCreateReviewActivity(a) && a.review?.id === created.id);
    expect(shown && isCreateReviewActivity(shown) ? shown.review?.body : undefined).toBe('second thoughts');
  });

  it('delete_review -> true; the review, its activity and its count are gone', async () => {
    const created = await rig.client.createReview({ work_id: W.uchuShokudo, body: 'briefly' }, alice);
    const edited = await rig.client.editReview(
      { id: created.id, body: 'briefly', rating_music_state: 'good' },
      alice,
    );
    expect(edited).toMatchObject({ rating_music_state: 'good', rating_overall_state: null });
    await expect(rig.client.deleteReview({ id: created.id }, alice)).resolves.toBe(true);
    const sent = rig.transport.last('delete_review');
    expect([sent.method, sent.path]).toEqual(['DELETE', `/v1/me/reviews/${created.id}`]);
    expect(data().reviews.has(created.id)).toBe(false);
    const left = await rig.client.reviews({ filter_ids: [created.id] }, alice);
    expect(left.items).toEqual([]);
  });

  it('lists reviews by work, with or without a body, by ids, most liked first, narrowed by fields', async () => {
    const movie = await rig.client.reviews(
      { filter_work_id: W.soraNoteMovie, sort_likes_count: 'desc' },
      bob,
    );
    expect(movie.items.map((r) => [r.user?.username, r.rating_overall_state])).toEqual([
      ['bob', 'great'],
      ['dave', 'average'],
    ]);
    const worded = await rig.client.reviews(
      { filter_work_id: W.soraNoteMovie, filter_has_review_body: true },
      bob,
    );
    const wordless = await rig.client.reviews(
      { filter_work_id: W.soraNoteMovie, filter_has_review_body: false },
      bob,
    );
    expect([worded.items.map((r) => r.user?.username), wordless.items.map((r) => r.user?.username)]).toEqual([
      ['bob'],
      ['dave'],
    ]);
    const [first] = movie.items;
    const narrowed = await rig.client.reviews(
      {
        filter_ids: [first?.id ?? 0],
        fields: ['body', 'user.username'],
        sort_id: 'desc',
        per_page: 1,
        page: 1,
      },
      bob,
    );
    expect(narrowed.items).toEqual([
      { id: first?.id, body: first?.body, user: { username: 'bob' }, work: {} },
    ]);
    expect(rig.transport.last('reviews').params.get('fields')).toBe('body,user.username,id');
  });

  it('maps the service’s refusals to typed errors and writes nothing', async () => {
    const before = data().reviews.size;
    const blank = await rejectionOf(rig.client.createReview({ work_id: W.koshoten, body: '   ' }, alice));
    expect(blank).toBeInstanceOf(InvalidParams);
    expect((blank as InvalidParams).messages).toEqual(['リクエストに失敗しました']);
    const tooLong = await rejectionOf(
      rig.client.createReview({ work_id: W.koshoten, body: 'あ'.repeat(1_048_597) }, alice),
    );
    expect((tooLong as InvalidParams).messages).toEqual(['感想は1048596文字以内で入力してください']);
    expect(await rejectionOf(rig.client.createReview({ work_id: 987_654, body: 'x' }, alice))).toBeInstanceOf(
      NotFound,
    );
    const carols = [...data().reviews.values()].find((r) => r.userId === U.carol.id);
    const notMine = [
      rig.client.editReview({ id: carols?.id ?? 0, body: 'mine now' }, alice),
      rig.client.deleteReview({ id: carols?.id ?? 0 }, alice),
    ].map(rejectionOf);
    for (const error of await Promise.all(notMine)) expect(error).toBeInstanceOf(NotFound);
    const readOnly = { ...alice, token: DEMO_TOKENS.aliceRead };
    expect(
      await rejectionOf(rig.client.createReview({ work_id: W.koshoten, body: 'x' }, readOnly)),
    ).toBeInstanceOf(InsufficientScope);
    const bogus = { ...alice, token: 'not-a-token-at-all' };
    expect(await rejectionOf(rig.client.reviews({}, bogus))).toBeInstanceOf(Unauthorized);
    expect(data().reviews.size).toBe(before);
  });
});

describe('credits', () => {
  it('casts of a work in its order: the character, the person, the name as credited', async () => {
    const casts = await rig.client.casts({ filter_work_id: W.soraNote, sort_sort_number: 'asc' }, bob);
    expect(casts.items.map((c) => [c.character?.name, c.person?.name, c.name])).toEqual([
      ['空野ひなた', '星野あかり', '星野あかり'],
      ['青井ミオ', '高橋みなと', '高橋みなと'],
      ['白石ユウ', '佐藤花子', '佐藤花子'],
      ['先生', '小林さくら', 'こばやしさくら'],
    ]);
    expect(casts.items[0]).toMatchObject({
      name_en: 'Akari Hoshino',
      character: { name_en: 'Hinata Sorano' },
      person: { id: DEMO_PEOPLE.hoshino },
      work: { id: W.soraNote },
    });
    const byIds = await rig.client.casts(
      { filter_ids: ids(casts.items).slice(0, 2), fields: ['character.name'], sort_id: 'desc' },
      bob,
    );
    expect(byIds.items.map((c) => c.character?.name)).toEqual(['青井ミオ', '空野ひなた']);
  });

  it('walks a large cast past one page', async () => {
    const all = await collect(
      rig.client.walk('casts', { filter_work_id: W.haganeMelody, sort_sort_number: 'asc' }, bob, {
        perPage: 20,
      }),
    );
    expect(all).toHaveLength(30);
    expect(all.map((c) => c.sort_number)).toEqual(
      [...all.map((c) => c.sort_number ?? 0)].sort((a, b) => a - b),
    );
    const page2 = await rig.client.casts({ filter_work_id: W.haganeMelody, per_page: 20, page: 2 }, bob);
    expect(page2).toMatchObject({ totalCount: 30, nextPage: null, prevPage: 1 });
  });

  it('staffs: roles as the service names them, each a known role, people and studios', async () => {
    const staffs = await rig.client.staffs({ filter_work_id: W.soraNote, sort_sort_number: 'asc' }, bob);
    expect(staffs.items.map((s) => staffRoleOf(s.role_text))).toEqual([
      'original_creator',
      'director',
      'series_composition',
      'character_design',
      'music',
      'other',
      'studio',
    ]);
    expect(staffs.items[5]).toMatchObject({ role_other: '色彩設計', role_other_en: 'Color Design' });
    expect(staffs.items[6]).toMatchObject({
      organization: { id: DEMO_STUDIOS.aozora, name_en: 'Studio Aozora' },
    });
    expect(staffs.items[6]?.person).toBeUndefined();
    for (const staff of data().credits.staffs.values())
      expect(STAFF_ROLES).toContain(staffRoleOf(staff.roleText));
    const studio = await rig.client.staffs(
      {
        filter_ids: [ids(staffs.items)[6] ?? 0],
        fields: ['organization.name'],
        sort_id: 'asc',
        per_page: 5,
        page: 1,
      },
      bob,
    );
    expect(studio.items).toEqual([
      { id: ids(staffs.items)[6], work: {}, organization: { name: 'スタジオ青空' } },
    ]);
  });

  it('leaves a malformed credit out of its page instead of failing it', async () => {
    rig.emulator.replay.set('/v1/staffs', {
      staffs: [
        { id: 'broken', role_text: '監督' },
        { id: 7, name: '名前', role_text: '監督' },
      ],
      total_count: 2,
      next_page: null,
      prev_page: null,
    });
    try {
      const page = await rig.client.staffs({}, bob);
      expect(page.items.map((s) => s.id)).toEqual([7]);
      expect(page.skipped).toEqual([{ index: 0, path: 'id', code: 'invalid_type' }]);
    } finally {
      rig.emulator.replay.delete('/v1/staffs');
    }
  });
});

describe('coverage', () => {
  it('every parameter of these operations reached the wire, and nothing else', () => {
    const seen = new Map<string, Set<string>>();
    for (const request of rig.transport.sent) {
      if (!(request.operation in PARAMS)) continue;
      const names = seen.get(request.operation) ?? new Set<string>();
      for (const name of request.params.keys()) names.add(name);
      if (/\/me\/reviews\/\d+$/.test(request.path)) names.add(':id');
      seen.set(request.operation, names);
      for (const name of request.params.keys()) expect(PARAMS[request.operation]).toContain(name);
    }
    for (const [operation, params] of Object.entries(PARAMS)) {
      expect([...(seen.get(operation) ?? [])].sort(), operation).toEqual([...params].sort());
    }
  });
});
