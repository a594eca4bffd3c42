/**
 * Contract: all 16 operations of the spec, every parameter at least once, against the emulator's
 * data over loopback HTTP. Expected values are computed from `emulator.data` at the time of each
 * call. The last test checks, from the requests the client actually sent, that every parameter
 * of the spec reached the wire for every operation.
 */
import { describe, expect, it } from 'vitest';
import { catalogueOperations } from './operations-catalogue.js';
import { myOperations } from './operations-mine.js';
import { rig, useContractRig } from './operations-setup.js';
import { socialOperations } from './operations-social.js';
import { writeOperations } from './operations-writes.js';

/**
 * The spec's parameters per operation (section 4), under the names they have on the wire
 * (SERVICE.md: share_microblog/share_network are share_twitter/share_facebook; `id` of
 * edit_record/delete_record travels in the path, written here as `:id`).
 */
const LIST = ['fields', 'page', 'per_page', 'sort_id'];
const SPEC_PARAMS: Record<string, string[]> = {
  works: [...LIST, 'filter_ids', 'filter_season', 'filter_title', 'sort_season', 'sort_watchers_count'],
  episodes: [...LIST, 'filter_ids', 'filter_work_id', 'sort_sort_number'],
  people: [...LIST, 'filter_ids', 'filter_name'],
  records: [...LIST, 'filter_ids', 'filter_episode_id', 'filter_has_record_comment', 'sort_likes_count'],
  search_users: [...LIST, 'filter_ids', 'filter_usernames'],
  activities: [...LIST, 'filter_user_id', 'filter_username'],
  followers: [...LIST, 'filter_user_id', 'filter_username'],
  following: [...LIST, 'filter_user_id', 'filter_username'],
  me: ['fields'],
  following_activities: [...LIST, 'filter_actions', 'filter_muted'],
  my_works: [
    ...LIST,
    'filter_ids',
    'filter_season',
    'filter_title',
    'filter_status',
    'sort_season',
    'sort_watchers_count',
  ],
  my_programs: [
    ...LIST,
    'filter_ids',
    'filter_channel_ids',
    'filter_work_ids',
    'filter_started_at_gt',
    'filter_started_at_lt',
    'filter_unwatched',
    'filter_rebroadcast',
    'sort_started_at',
  ],
  // rating_state: the public service's four-level rating, beside the spec's float rating.
  create_record: ['episode_id', 'comment', 'rating', 'rating_state', 'share_twitter', 'share_facebook'],
  edit_record: [':id', 'comment', 'rating', 'rating_state', 'share_twitter', 'share_facebook'],
  delete_record: [':id'],
  set_status: ['work_id', 'kind'],
};

/** Boolean parameters: both values must have been sent. */
const BOOLEAN_PARAMS: Record<string, string[]> = {
  records: ['filter_has_record_comment'],
  following_activities: ['filter_muted'],
  my_programs: ['filter_unwatched', 'filter_rebroadcast'],
  create_record: ['share_twitter', 'share_facebook'],
  edit_record: ['share_twitter', 'share_facebook'],
};

useContractRig();
catalogueOperations();
socialOperations();
myOperations();
writeOperations();

describe('coverage', () => {
  it('every operation and every spec parameter reached the wire (booleans both ways)', () => {
    const seen = new Map<string, Set<string>>();
    const boolValues = new Map<string, Set<string>>();
    for (const request of rig.transport.sent) {
      let names = seen.get(request.operation);
      if (!names) {
        names = new Set();
        seen.set(request.operation, names);
      }
      for (const [name, value] of request.params) {
        names.add(name);
        const key = `${request.operation}.${name}`;
        const values = boolValues.get(key) ?? new Set<string>();
        values.add(value);
        boolValues.set(key, values);
      }
      if (/\/me\/records\/\d+$/.test(request.path)) names.add(':id');
    }
    const missing: string[] = [];
    for (const [operation, params] of Object.entries(SPEC_PARAMS)) {
      const names = seen.get(operation);
      if (!names) {
        missing.push(`${operation} (never called)`);
        continue;
      }
      for (const name of params) if (!names.has(name)) missing.push(`${operation}.${name}`);
    }
    for (const [operation, params] of Object.entries(BOOLEAN_PARAMS)) {
      for (const name of params) {
        const values = boolValues.get(`${operation}.${name}`) ?? new Set();
        if (!values.has('true') || !values.has('false')) missing.push(`${operation}.${name}=true/false`);
      }
    }
    expect(missing).toEqual([]);
    expect([...seen.keys()].sort()).toEqual(Object.keys(SPEC_PARAMS).sort());
    // No request carried a parameter outside the spec (unknown parameters are not sent).
    for (const request of rig.transport.sent) {
      const allowed = SPEC_PARAMS[request.operation] ?? [];
      for (const name of request.params.keys())
        expect(allowed, `${request.operation}.${name}`).toContain(name);
    }
  });
});
