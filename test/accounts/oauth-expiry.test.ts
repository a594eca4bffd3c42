/** An OAuth link nobody confirms has its token revoked once the form expires. */
import { randomBytes } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  CONFIRMATION_TTL_MS,
  OAuthConfirmations,
  pendingLinkSchema,
} from '#src/accounts/oauth-confirmations.js';
import { openStore, type Store } from '#src/store/index.js';
import { KeyRing, TokenVault } from '#src/vault/index.js';

describe('unconfirmed OAuth links', () => {
  let store: Store;
  let clock: Date;
  let revoked: string[];
  let confirmations: OAuthConfirmations;

  beforeEach(async () => {
    store = await openStore('sqlite://:memory:');
    const vault = new TokenVault(store, KeyRing.fromKeys([{ key: randomBytes(32) }]));
    clock = new Date('2026-11-25T10:00:00Z');
    revoked = [];
    confirmations = new OAuthConfirmations(
      store.collection('oauth-confirmation', pendingLinkSchema),
      vault,
      async (token) => {
        revoked.push(token);
      },
      () => clock,
    );
  });
  afterEach(async () => {
    await store.close();
  });

  const pending = (accessToken: string) =>
    confirmations.create({ discordUserId: '42', serviceUserId: 7, serviceUsername: 'seven', accessToken });

  it('revokes the token of a link whose form expired, once, and leaves live ones alone', async () => {
    await pending('token-expired');
    clock = new Date(clock.getTime() + CONFIRMATION_TTL_MS + 1_000);
    await pending('token-live');
    expect(await confirmations.revokeExpired()).toBe(1);
    expect(revoked).toEqual(['token-expired']);
    // A second sweep (another process, the next minute) finds nothing more to revoke.
    expect(await confirmations.revokeExpired()).toBe(0);
    expect(revoked).toEqual(['token-expired']);
  });

  it('an expired form confirms nothing and its token is revoked', async () => {
    const formToken = await pending('token-late');
    clock = new Date(clock.getTime() + CONFIRMATION_TTL_MS + 1);
    expect(await confirmations.take(formToken)).toBeUndefined();
    expect(revoked).toEqual(['token-late']);
  });

  it('a form confirmed in time hands over its token without revoking it', async () => {
    const formToken = await pending('token-kept');
    clock = new Date(clock.getTime() + CONFIRMATION_TTL_MS - 1_000);
    expect((await confirmations.take(formToken))?.accessToken).toBe('token-kept');
    expect(await confirmations.revokeExpired()).toBe(0);
    expect(revoked).toEqual([]);
  });
});
