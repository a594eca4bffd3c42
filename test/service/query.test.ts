import { describe, expect, it } from 'vitest';
import { OPERATIONS, WIRE_NAMES, withRequiredFields } from '#src/service/api/operations.js';
import { encodeParams, serializeParams, serializeValue, toQueryString } from '#src/service/api/query.js';

describe('query serialization', () => {
  it('joins lists with commas, writes booleans as true/false and dates as ISO UTC', () => {
    expect(serializeValue([1, 2, 3])).toBe('1,2,3');
    expect(serializeValue(['alice', 'bob'])).toBe('alice,bob');
    expect(serializeValue(true)).toBe('true');
    expect(serializeValue(false)).toBe('false');
    expect(serializeValue(4.5)).toBe('4.5');
    expect(serializeValue(new Date(Date.UTC(2024, 0, 2, 3, 4, 5)))).toBe('2024-01-02T03:04:05.000Z');
  });

  it('sends only allowed, defined parameters in allow-list order', () => {
    const params = {
      filter_title: '銀河',
      page: 2,
      filter_ids: [1, 2],
      sort_id: undefined,
      bogus: 'x',
      filter_season: null,
      fields: [],
    };
    const search = serializeParams(params, OPERATIONS.works.params);
    expect([...search.keys()]).toEqual(['page', 'filter_ids', 'filter_title']);
    expect(toQueryString(search)).toBe(`?page=2&filter_ids=1,2&filter_title=${encodeURIComponent('銀河')}`);
  });

  it('keeps false booleans and renames the share flags to their wire names', () => {
    const search = serializeParams(
      { episode_id: 5, share_microblog: false, share_network: true, comment: 'a b&c' },
      OPERATIONS.create_record.params,
      WIRE_NAMES,
    );
    expect(encodeParams(search)).toBe('episode_id=5&comment=a+b%26c&share_twitter=false&share_facebook=true');
  });

  it('gives an empty query string when nothing is sent', () => {
    expect(toQueryString(serializeParams({}, OPERATIONS.me.params))).toBe('');
  });

  it('adds the fields a schema needs to a narrowing fields list only', () => {
    expect(withRequiredFields(undefined, ['id'])).toBeUndefined();
    expect(withRequiredFields(['title'], ['id'])).toEqual(['title', 'id']);
    expect(withRequiredFields(['id', 'user.name'], ['id', 'action'])).toEqual(['id', 'user.name', 'action']);
  });

  it('lists every operation of the spec, then the public service’s reviews and credits, with their parameters', () => {
    expect(Object.keys(OPERATIONS).sort()).toEqual(
      [
        'works',
        'episodes',
        'people',
        'records',
        'search_users',
        'activities',
        'followers',
        'following',
        'me',
        'following_activities',
        'my_works',
        'my_programs',
        'create_record',
        'edit_record',
        'delete_record',
        'set_status',
        'reviews',
        'create_review',
        'edit_review',
        'delete_review',
        'casts',
        'staffs',
      ].sort(),
    );
    expect(OPERATIONS.edit_review.params).not.toContain('id');
    expect(OPERATIONS.create_review.params.slice(0, 3)).toEqual(['work_id', 'body', 'rating_overall_state']);
    expect(OPERATIONS.activities.params).toContain('filter_actions');
    expect(OPERATIONS.me.params).toEqual(['fields']);
    expect(OPERATIONS.my_programs.params).toContain('filter_started_at_gt');
    expect(OPERATIONS.edit_record.params).not.toContain('id');
    expect(OPERATIONS.following_activities.params).toEqual([
      'fields',
      'page',
      'per_page',
      'sort_id',
      'filter_actions',
      'filter_muted',
    ]);
  });
});
