/** Contract, who follows whom and what they did: activities, followers, following, me. Registered by operations.test.ts. */
import { describe, expect, it } from 'vitest';
import {
  isCreateMultipleRecordsActivity,
  isCreateRecordActivity,
  isCreateStatusActivity,
} from '#src/service/index.js';
import { ids, sortedIds } from './helpers.js';
import { alice, bobCall, data, rig, U } from './operations-setup.js';

export function socialOperations(): void {
  describe('activities, followers, following', () => {
    const activityIdsOf = (userId: number) =>
      [...data().activities.values()]
        .filter((a) => a.userId === userId)
        .map((a) => a.id)
        .sort((a, b) => a - b);
    const followersOf = (userId: number) =>
      [...data().followings.entries()]
        .filter(([, set]) => set.has(userId))
        .map(([id]) => id)
        .sort((a, b) => a - b);
    const followingOf = (userId: number) => [...(data().followings.get(userId) ?? [])].sort((a, b) => a - b);

    it('activities: filter_user_id and filter_username (an unknown action does not break parsing)', async () => {
      const carol = await rig.client.activities({ filter_user_id: U.carol.id, per_page: 50 }, alice);
      expect(ids(carol.items)).toEqual(activityIdsOf(U.carol.id));
      for (const activity of carol.items) expect(activity.user?.id).toBe(U.carol.id);
      // carol wrote a review: the fourth action the spec does not list.
      expect(carol.items.map((a) => a.action)).toContain('create_review');

      const bob = await rig.client.activities({ filter_username: 'bob', per_page: 50 }, alice);
      expect(ids(bob.items)).toEqual(activityIdsOf(U.bob.id));
      const multiple = bob.items.find(isCreateMultipleRecordsActivity);
      expect(multiple?.multiple_record?.length).toBe(3);

      const narrowed = await rig.client.activities(
        { filter_user_id: U.alice.id, fields: ['created_at'], sort_id: 'desc', per_page: 2, page: 2 },
        alice,
      );
      const aliceIds = activityIdsOf(U.alice.id).reverse();
      expect(ids(narrowed.items)).toEqual(aliceIds.slice(2, 4));
      // The client adds id and action (its schema needs them) to a narrowing `fields`.
      expect(rig.transport.last('activities').params.get('fields')).toBe('created_at,id,action');
      for (const activity of narrowed.items) expect(activity.created_at).toMatch(/Z$/);
    });

    it('followers: filter_user_id = users who follow X; filter_username', async () => {
      const ofAlice = await rig.client.followers({ filter_user_id: U.alice.id }, alice);
      expect(sortedIds(ofAlice.items)).toEqual(followersOf(U.alice.id));
      expect(sortedIds(ofAlice.items)).toEqual([U.bob.id, U.carol.id, U.dave.id, U.erin.id, U.mallory.id]);
      const ofCarol = await rig.client.followers(
        { filter_username: 'carol', sort_id: 'desc', per_page: 2, page: 1, fields: ['username'] },
        alice,
      );
      expect(ids(ofCarol.items)).toEqual(followersOf(U.carol.id).reverse().slice(0, 2));
      expect(ofCarol.items[0]).toEqual({ id: U.erin.id, username: 'erin' });
    });

    it('following: filter_user_id = users X follows; filter_username', async () => {
      const ofAlice = await rig.client.following({ filter_user_id: U.alice.id }, alice);
      expect(sortedIds(ofAlice.items)).toEqual(followingOf(U.alice.id));
      const ofErin = await rig.client.following(
        { filter_username: 'erin', sort_id: 'asc', per_page: 1, page: 2, fields: ['name'] },
        alice,
      );
      expect(ofErin.items).toEqual([{ id: U.carol.id, name: data().requireUser(U.carol.id).name }]);
      expect(ofErin.totalCount).toBe(followingOf(U.erin.id).length);
    });

    it('scoped: client.user(id).followers / .following', async () => {
      const followers = await rig.client.user(U.alice.id).followers({ per_page: 50 }, alice);
      expect(sortedIds(followers.items)).toEqual(followersOf(U.alice.id));
      expect(rig.transport.last('followers').params.get('filter_user_id')).toBe(String(U.alice.id));
      const following = await rig.client
        .user(U.alice.id)
        .following({ sort_id: 'desc', per_page: 2, page: 1, fields: ['username'] }, alice);
      expect(following.items).toEqual(
        followingOf(U.alice.id)
          .reverse()
          .slice(0, 2)
          .map((id) => ({ id, username: data().requireUser(id).username })),
      );
      expect(rig.transport.last('following').params.get('filter_user_id')).toBe(String(U.alice.id));
    });
  });

  describe('me and following_activities', () => {
    it('me: the caller, all fields or narrowed', async () => {
      const me = await rig.client.me({}, alice);
      expect(me).toMatchObject({
        id: U.alice.id,
        username: 'alice',
        email: 'alice@example.com',
        notifications_count: 2,
      });
      expect(me.records_count).toBe(data().userCounts(U.alice.id).records);
      const narrowed = await rig.client.me({ fields: ['username', 'email'] }, alice);
      expect(narrowed).toEqual({ id: U.alice.id, username: 'alice', email: 'alice@example.com' });
      const bob = await rig.client.me({ fields: ['name'] }, bobCall);
      expect(bob).toEqual({ id: U.bob.id, name: data().requireUser(U.bob.id).name });
    });

    /** The feed the emulator's data implies for alice. */
    function aliceFeed(opts: { includeMuted: boolean; action?: string }): number[] {
      const followed = data().followings.get(U.alice.id) ?? new Set<number>();
      const muted = data().mutes.get(U.alice.id) ?? new Set<number>();
      return [...data().activities.values()]
        .filter((a) => a.userId === U.alice.id || followed.has(a.userId))
        .filter((a) => opts.includeMuted || !muted.has(a.userId))
        .filter((a) => opts.action === undefined || a.action === opts.action)
        .map((a) => a.id)
        .sort((a, b) => a - b);
    }

    it('filter_muted: default and true exclude muted users, false includes them', async () => {
      const byDefault = await rig.client.followingActivities({ per_page: 50 }, alice);
      expect(ids(byDefault.items)).toEqual(aliceFeed({ includeMuted: false }));
      expect(byDefault.items.some((a) => a.user?.id === U.mallory.id)).toBe(false);
      // Own activities are part of the feed.
      expect(byDefault.items.some((a) => a.user?.id === U.alice.id)).toBe(true);

      const muted = await rig.client.followingActivities({ filter_muted: true, per_page: 50 }, alice);
      expect(ids(muted.items)).toEqual(ids(byDefault.items));
      expect(rig.transport.last('following_activities').params.get('filter_muted')).toBe('true');

      const unmuted = await rig.client.followingActivities({ filter_muted: false, per_page: 50 }, alice);
      expect(ids(unmuted.items)).toEqual(aliceFeed({ includeMuted: true }));
      expect(unmuted.items.filter((a) => a.user?.id === U.mallory.id).length).toBeGreaterThan(0);
      expect(rig.transport.last('following_activities').params.get('filter_muted')).toBe('false');
    });

    it('filter_actions keeps one action; sort_id, page, fields', async () => {
      for (const action of [
        'create_record',
        'create_review',
        'create_status',
        'create_multiple_records',
      ] as const) {
        const page = await rig.client.followingActivities({ filter_actions: action, per_page: 50 }, alice);
        expect(ids(page.items)).toEqual(aliceFeed({ includeMuted: false, action }));
        expect(page.items.length).toBeGreaterThan(0);
        for (const activity of page.items) expect(activity.action).toBe(action);
      }
      const statuses = await rig.client.followingActivities(
        { filter_actions: 'create_status', per_page: 50 },
        alice,
      );
      expect(
        statuses.items.every((a) => isCreateStatusActivity(a) && typeof a.status?.kind === 'string'),
      ).toBe(true);
      const records = await rig.client.followingActivities(
        { filter_actions: 'create_record', per_page: 50 },
        alice,
      );
      expect(records.items.every((a) => isCreateRecordActivity(a) && typeof a.record?.id === 'number')).toBe(
        true,
      );

      const expected = aliceFeed({ includeMuted: false }).reverse();
      const page2 = await rig.client.followingActivities(
        { sort_id: 'desc', per_page: 4, page: 2, fields: ['user.username'] },
        alice,
      );
      expect(ids(page2.items)).toEqual(expected.slice(4, 8));
      expect(page2.prevPage).toBe(1);
      for (const activity of page2.items) {
        expect(Object.keys(activity.user ?? {})).toEqual(['username']);
        expect(activity.created_at).toBeUndefined();
      }
    });
  });
}
