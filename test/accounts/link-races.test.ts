/**
 * A person's link changes are serialised; every replaced OAuth token is revoked
 * exactly once; an unlink racing a link never leaves a token stored that nobody reported; a relink to
 * another service account ends the old account's subscriptions, the same account resumes only token pauses.
 */
import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Accounts } from '#src/accounts/accounts.js';
import { PersonLock } from '#src/accounts/person-lock.js';
import { createLogger } from '#src/logger.js';
import { openStore, type Store } from '#src/store/index.js';
import { Subscriptions } from '#src/subscriptions/model.js';
import { KeyRing, type StoredToken, TokenVault } from '#src/vault/index.js';

const PERSON = '100000000000000001';

function oauthToken(token: string, serviceUserId = 7): StoredToken {
  return {
    token,
    scopes: ['read', 'write'],
    serviceUserId,
    serviceUsername: `user${serviceUserId}`,
    method: 'oauth',
    linkedAt: '2026-11-25T00:00:00.000Z',
  };
}

describe('link changes of one person', () => {
  let store: Store;
  let vault: TokenVault;
  let subscriptions: Subscriptions;
  let revoked: string[];
  const accountsOver = (processStore: Store) =>
    new Accounts({
      // Each "process" has its own vault and lock over the one store, as separate hosts would.
      vault: new TokenVault(processStore, keyring),
      oauth: {
        revoke: async (token) => {
          // A slow service widens every race window.
          await sleep(5 + Math.random() * 10);
          revoked.push(token);
        },
      },
      logger: createLogger('silent'),
      lock: new PersonLock(processStore),
      subscriptions: new Subscriptions(processStore),
    });
  const keyring = KeyRing.fromKeys([{ key: randomBytes(32) }]);

  beforeEach(async () => {
    store = await openStore('sqlite://:memory:');
    vault = new TokenVault(store, keyring);
    subscriptions = new Subscriptions(store);
    revoked = [];
  });
  afterEach(async () => {
    await store.close();
  });

  const feed = () =>
    subscriptions.create(
      { kind: 'feed', guildId: 'g', channelId: 'c', ownerId: PERSON, feed: { actions: [] } },
      new Date(),
    );

  it('three concurrent links keep one token and revoke each replaced token exactly once', async () => {
    await vault.put(PERSON, oauthToken('token-a'));
    await Promise.all(
      ['token-b', 'token-c', 'token-d'].map((token) => accountsOver(store).link(PERSON, oauthToken(token))),
    );
    const kept = (await vault.get(PERSON))?.token ?? '';
    expect(['token-b', 'token-c', 'token-d']).toContain(kept);
    // Everything that is not kept was revoked once: none twice, none left valid and unknown.
    expect([...revoked].sort()).toEqual(
      ['token-a', 'token-b', 'token-c', 'token-d'].filter((t) => t !== kept),
    );
  });

  it('an unlink racing a link ends with a state both reports agree on', async () => {
    for (let round = 0; round < 5; round++) {
      revoked = [];
      await vault.put(PERSON, oauthToken('token-old'));
      const [, { token: outcome }] = await Promise.all([
        accountsOver(store).link(PERSON, oauthToken('token-new')),
        accountsOver(store).unlink(PERSON),
      ]);
      const stored = await vault.get(PERSON);
      expect(outcome).toBe('revoked');
      if (stored) {
        // The link came second: it holds the new token, which stays valid; only the old one is revoked.
        expect(stored.token).toBe('token-new');
        expect(revoked).toEqual(['token-old']);
      } else {
        // The unlink came second: it revoked the token it removed, the new one; the link revoked the old.
        expect([...revoked].sort()).toEqual(['token-new', 'token-old']);
      }
      await vault.delete(PERSON);
    }
  });

  it('relinking another service account ends the old subscriptions; the same account resumes token pauses only', async () => {
    const accounts = accountsOver(store);
    await accounts.link(PERSON, oauthToken('token-1', 7));
    const byToken = await feed();
    const byOperator = await feed();
    await subscriptions.update(byToken.id, { state: 'paused', stateReason: 'token-refused' });
    await subscriptions.update(byOperator.id, { state: 'paused', stateReason: 'operator' });
    expect(await accounts.link(PERSON, oauthToken('token-2', 7))).toEqual({ resumed: 1, ended: 0 });
    expect((await subscriptions.get(byToken.id))?.state).toBe('active');
    expect((await subscriptions.get(byOperator.id))?.state).toBe('paused');

    expect(await accounts.link(PERSON, oauthToken('token-3', 8))).toEqual({ resumed: 0, ended: 2 });
    expect(await subscriptions.all((s) => s.ownerId === PERSON)).toEqual([]);
    expect(revoked.sort()).toEqual(['token-1', 'token-2']);
  });

  it('runs the link hooks after the link, and a failing hook leaves the link standing', async () => {
    const accounts = accountsOver(store);
    const seen: string[] = [];
    accounts.onLink(async (id) => {
      seen.push(`${id} linked: ${(await vault.get(id))?.token}`);
    });
    accounts.onLink(async () => {
      throw new Error('boom');
    });
    await accounts.link(PERSON, oauthToken('first'));
    expect(seen).toEqual([`${PERSON} linked: first`]);
    expect((await vault.get(PERSON))?.token).toBe('first');
  });
});
