import { describe, expect, it } from 'vitest';
import {
  activitySchema,
  episodeSchema,
  isCreateRecordActivity,
  isCreateStatusActivity,
  oauthTokenSchema,
  pageSchema,
  personSchema,
  recordSchema,
  tokenInfoSchema,
  userSchema,
  workSchema,
} from '#src/service/api/schemas.js';

describe('schemas', () => {
  it('accept extra fields and keep them', () => {
    const work = workSchema.parse({ id: 1, title: 'A', brand_new_field: { x: 1 } });
    expect(work.title).toBe('A');
    expect(work.brand_new_field).toEqual({ x: 1 });
  });

  it('tolerate a work without season fields and with empty strings', () => {
    const work = workSchema.parse({
      id: 2,
      title: '銀河',
      released_on: '',
      twitter_hashtag: '',
      syobocal_tid: '1234',
      images: { recommended_url: '', facebook: { og_image_url: '' }, twitter: {} },
      no_episodes: false,
    });
    expect(work.season_name).toBeUndefined();
    expect(work.syobocal_tid).toBe('1234');
  });

  it('tolerate null episode number and title', () => {
    const episode = episodeSchema.parse({
      id: 3,
      number: null,
      number_text: null,
      sort_number: 10,
      title: null,
      work: { id: 1, title: 'A' },
      prev_episode: null,
      next_episode: { id: 4, number: 2.0, title: 'next' },
    });
    expect(episode.number).toBeNull();
    expect(episode.title).toBeNull();
    expect(episode.next_episode?.number).toBe(2);
  });

  it('accept nested objects left empty by a fields filter', () => {
    const record = recordSchema.parse({ id: 5, comment: '', rating: null, user: {}, work: {}, episode: {} });
    expect(record.work).toEqual({});
  });

  it('require a top-level id', () => {
    expect(workSchema.safeParse({ title: 'no id' }).success).toBe(false);
    expect(userSchema.safeParse({ id: 'x' }).success).toBe(false);
  });

  it('parse the person quirks (height as "" or number, prefecture null)', () => {
    expect(personSchema.parse({ id: 1, height: '', prefecture: null, birthday: '' }).height).toBe('');
    expect(personSchema.parse({ id: 1, height: 160, prefecture: { id: 13, name: 'Tokyo' } }).height).toBe(
      160,
    );
  });

  it('parse the three known activities and keep unknown actions such as create_review', () => {
    const record = activitySchema.parse({
      id: 1,
      action: 'create_record',
      user: { id: 1 },
      work: { id: 2 },
      episode: { id: 3 },
      record: { id: 4, comment: 'good' },
    });
    expect(isCreateRecordActivity(record) && record.record?.comment).toBe('good');

    const status = activitySchema.parse({ id: 2, action: 'create_status', status: { kind: 'watching' } });
    expect(isCreateStatusActivity(status) && status.status?.kind).toBe('watching');

    const multiple = activitySchema.parse({
      id: 3,
      action: 'create_multiple_records',
      multiple_record: [{ record: { id: 1 }, episode: { id: 2 } }],
    });
    expect(multiple.action).toBe('create_multiple_records');

    const review = activitySchema.parse({
      id: 4,
      action: 'create_review',
      work: { id: 2 },
      review: { id: 9 },
    });
    expect(review.action).toBe('create_review');
    expect(review.review).toEqual({ id: 9 });
    expect(isCreateRecordActivity(review)).toBe(false);
  });

  it('reject a known action with a broken shape instead of filing it as unknown', () => {
    expect(activitySchema.safeParse({ id: 1, action: 'create_record', record: 'oops' }).success).toBe(false);
  });

  it('turn the list wrapper into a Page', () => {
    const schema = pageSchema('works', workSchema);
    expect(schema.parse({ works: [{ id: 1 }], total_count: 30, next_page: 2, prev_page: null })).toEqual({
      items: [{ id: 1 }],
      totalCount: 30,
      nextPage: 2,
      prevPage: null,
    });
    // next_page/prev_page "may be absent" (spec section 1)
    expect(schema.parse({ works: [], total_count: 0 })).toEqual({
      items: [],
      totalCount: 0,
      nextPage: null,
      prevPage: null,
    });
    // One malformed item is left out and described (path and code, no values); the rest is kept.
    expect(schema.parse({ works: [{ id: 'x' }, { id: 2 }], total_count: 2 })).toEqual({
      items: [{ id: 2 }],
      totalCount: 2,
      nextPage: null,
      prevPage: null,
      skipped: [{ index: 0, path: 'id', code: 'invalid_type' }],
    });
    expect(schema.safeParse({ total_count: 1 }).success).toBe(false);
    expect(schema.safeParse({ works: 'x', total_count: 1 }).success).toBe(false);
  });

  it('normalise token info scopes and read the token response', () => {
    expect(tokenInfoSchema.parse({ resource_owner_id: 1, scope: ['read', 'write'] }).scope).toEqual([
      'read',
      'write',
    ]);
    expect(tokenInfoSchema.parse({ resource_owner_id: 1, scope: 'read write' }).scope).toEqual([
      'read',
      'write',
    ]);
    expect(
      oauthTokenSchema.parse({ access_token: 't', token_type: 'Bearer', scope: 'read', created_at: 1 }).scope,
    ).toBe('read');
  });
});
