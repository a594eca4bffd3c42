/** Contract, writes: records created, edited and deleted, and statuses set. Registered by operations.test.ts. */
import { describe, expect, it } from 'vitest';
import { isCreateRecordActivity, type WatchStatusFilter } from '#src/service/index.js';
import { ids } from './helpers.js';
import { alice, bobCall, data, episodeIdOf, rig, U, W } from './operations-setup.js';

export function writeOperations(): void {
  describe('writes', () => {
    it('create_record with comment, rating and both share flags', async () => {
      const episodeId = episodeIdOf(W.tsukikage, 1);
      const before = data().records.size;
      const record = await rig.client.createRecord(
        {
          episode_id: episodeId,
          comment: '  初見です  ',
          rating: 4.5,
          share_microblog: true,
          share_network: false,
        },
        alice,
      );
      expect(record).toMatchObject({
        comment: '初見です',
        rating: 4.5,
        is_modified: false,
        episode: { id: episodeId },
        work: { id: W.tsukikage },
        user: { id: U.alice.id },
      });
      expect(data().records.size).toBe(before + 1);
      expect(data().records.get(record.id)).toMatchObject({
        userId: U.alice.id,
        episodeId,
        comment: '初見です',
        rating: 4.5,
      });
      const sent = rig.transport.last('create_record');
      expect(sent.method).toBe('POST');
      expect(Object.fromEntries(sent.params)).toEqual({
        episode_id: String(episodeId),
        comment: '  初見です  ',
        rating: '4.5',
        share_twitter: 'true',
        share_facebook: 'false',
      });
      // A create_record activity appears in the caller's feed.
      const feed = await rig.client.followingActivities(
        { filter_actions: 'create_record', sort_id: 'desc', per_page: 1 },
        alice,
      );
      const top = feed.items[0];
      expect(top && isCreateRecordActivity(top) ? top.record?.id : undefined).toBe(record.id);
    });

    it('create_record with only episode_id; a whole rating comes back as a float', async () => {
      const episodeId = episodeIdOf(W.tsukikage, 2);
      const bare = await rig.client.createRecord({ episode_id: episodeId }, bobCall);
      expect(bare).toMatchObject({ comment: '', rating: null, user: { id: U.bob.id } });
      expect(Object.fromEntries(rig.transport.last('create_record').params)).toEqual({
        episode_id: String(episodeId),
      });
      const whole = await rig.client.createRecord(
        { episode_id: episodeId, rating: 4, share_microblog: false, share_network: true },
        bobCall,
      );
      expect(whole.rating).toBe(4);
      expect(rig.transport.last('create_record').params.get('share_facebook')).toBe('true');
    });

    it('a comment with reserved and non-ASCII characters survives the round trip', async () => {
      const comment = 'a&b=c+d%20e,f;g?h#i/j 空 😀\n2行目';
      const record = await rig.client.createRecord(
        { episode_id: episodeIdOf(W.tsukikage, 6), comment },
        alice,
      );
      expect(record.comment).toBe(comment);
      expect(data().records.get(record.id)?.comment).toBe(comment);
      const edited = await rig.client.editRecord({ id: record.id, comment: `${comment}!` }, alice);
      expect(edited.comment).toBe(`${comment}!`);
      const found = await rig.client.works({ filter_title: 'カフェ・ルミナ' }, alice);
      expect(ids(found.items)).toEqual([W.cafeLumina]);
    });

    it('edit_record replaces comment and rating; leaving the comment out clears it', async () => {
      const created = await rig.client.createRecord(
        { episode_id: episodeIdOf(W.tsukikage, 3), comment: 'first' },
        alice,
      );
      const edited = await rig.client.editRecord(
        { id: created.id, comment: 'edited', rating: 3, share_microblog: false, share_network: true },
        alice,
      );
      expect(edited).toMatchObject({ id: created.id, comment: 'edited', rating: 3, is_modified: true });
      expect(data().records.get(created.id)).toMatchObject({
        comment: 'edited',
        rating: 3,
        isModified: true,
      });
      const sent = rig.transport.last('edit_record');
      expect(sent.method).toBe('PATCH');
      expect(sent.path).toBe(`/v1/me/records/${created.id}`);
      expect(Object.fromEntries(sent.params)).toEqual({
        comment: 'edited',
        rating: '3',
        share_twitter: 'false',
        share_facebook: 'true',
      });

      const cleared = await rig.client.editRecord({ id: created.id, rating: 2 }, alice);
      expect(cleared).toMatchObject({ comment: '', rating: 2 });
      expect(data().records.get(created.id)?.comment).toBe('');
    });

    it('rating_state on create and edit; the service replaces it, so leaving it out clears it', async () => {
      const created = await rig.client.createRecord(
        { episode_id: episodeIdOf(W.tsukikage, 2), rating_state: 'good' },
        alice,
      );
      expect(created).toMatchObject({ rating_state: 'good', rating: null });
      expect(rig.transport.last('create_record').params.get('rating_state')).toBe('good');
      const edited = await rig.client.editRecord(
        { id: created.id, comment: 'x', rating_state: 'bad' },
        alice,
      );
      expect(edited).toMatchObject({ rating_state: 'bad', comment: 'x' });
      expect(rig.transport.last('edit_record').params.get('rating_state')).toBe('bad');
      const cleared = await rig.client.editRecord({ id: created.id, comment: 'x' }, alice);
      expect(cleared).toMatchObject({ rating_state: null, comment: 'x' });
    });

    it('scoped: client.episode(id).createRecord and client.record(id).edit', async () => {
      const episodeId = episodeIdOf(W.isekaiBakery, 1);
      const created = await rig.client
        .episode(episodeId)
        .createRecord(
          { comment: 'パンがおいしそう', rating: 5, share_microblog: true, share_network: true },
          alice,
        );
      expect(created).toMatchObject({ comment: 'パンがおいしそう', rating: 5, episode: { id: episodeId } });
      expect(rig.transport.last('create_record').params.get('episode_id')).toBe(String(episodeId));
      expect(data().records.get(created.id)?.episodeId).toBe(episodeId);

      const edited = await rig.client
        .record(created.id)
        .edit({ comment: 'やっぱり最高', rating: 4.5, share_microblog: true, share_network: false }, alice);
      expect(edited).toMatchObject({
        id: created.id,
        comment: 'やっぱり最高',
        rating: 4.5,
        is_modified: true,
      });
      expect(rig.transport.last('edit_record').path).toBe(`/v1/me/records/${created.id}`);
      expect(data().records.get(created.id)?.comment).toBe('やっぱり最高');
    });

    it('delete_record -> true and the record is gone (also through client.record(id).delete)', async () => {
      const a = await rig.client.createRecord({ episode_id: episodeIdOf(W.tsukikage, 4) }, alice);
      const b = await rig.client.createRecord({ episode_id: episodeIdOf(W.tsukikage, 5) }, alice);
      await expect(rig.client.deleteRecord({ id: a.id }, alice)).resolves.toBe(true);
      const sent = rig.transport.last('delete_record');
      expect([sent.method, sent.path]).toEqual(['DELETE', `/v1/me/records/${a.id}`]);
      expect(data().records.has(a.id)).toBe(false);
      const left = await rig.client.records({ filter_ids: [a.id, b.id] }, alice);
      expect(ids(left.items)).toEqual([b.id]);

      await expect(rig.client.record(b.id).delete(alice)).resolves.toBe(true);
      expect(data().records.has(b.id)).toBe(false);
    });

    it('set_status -> true for all six kinds; no_select clears it', async () => {
      const workId = W.koshoten;
      expect(data().statusOf(U.alice.id, workId)).toBeUndefined();
      const kinds: WatchStatusFilter[] = ['wanna_watch', 'watching', 'watched', 'on_hold', 'stop_watching'];
      for (const kind of kinds) {
        await expect(rig.client.setStatus({ work_id: workId, kind }, alice)).resolves.toBe(true);
        expect(data().statusOf(U.alice.id, workId)).toBe(kind);
        const mine = await rig.client.myWorks({ filter_ids: [workId], filter_status: kind }, alice);
        expect(mine.items.map((w) => [w.id, w.status?.kind])).toEqual([[workId, kind]]);
      }
      expect(Object.fromEntries(rig.transport.last('set_status').params)).toEqual({
        work_id: String(workId),
        kind: 'stop_watching',
      });
      await expect(rig.client.setStatus({ work_id: workId, kind: 'no_select' }, alice)).resolves.toBe(true);
      expect(data().statusOf(U.alice.id, workId)).toBeUndefined();
      const gone = await rig.client.myWorks({ filter_ids: [workId] }, alice);
      expect(gone.items).toEqual([]);
    });
  });
}
