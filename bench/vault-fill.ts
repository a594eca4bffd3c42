/** A data directory whose vault holds many linked users, as a bot with a following leaves it. */
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { createLogger } from '#src/logger.js';
import { openStore } from '#src/store/index.js';
import { KeyRing, TokenVault } from '#src/vault/index.js';
import { inBatches, ownerDiscordId } from './population.js';

/** Writes `count` linked users into the SQLite store of `dataDir`, sealed with `vaultKey` (base64). */
export async function fillVault(dataDir: string, vaultKey: string, count: number): Promise<void> {
  const store = await openStore(`sqlite://${path.join(dataDir, 'kiroku.sqlite')}`, {
    logger: createLogger('silent'),
  });
  const vault = new TokenVault(store, KeyRing.fromKeys([{ key: Buffer.from(vaultKey, 'base64') }]));
  const ids = Array.from({ length: count }, (_, i) => i);
  await inBatches(ids, 200, (i) =>
    vault.put(ownerDiscordId(i), {
      token: randomBytes(32).toString('base64url'),
      scopes: ['read', 'write'],
      serviceUserId: 100_000 + i,
      serviceUsername: `linked${i}`,
      method: 'token',
      linkedAt: new Date().toISOString(),
    }),
  );
  await store.close();
}
