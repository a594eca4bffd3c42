/**
 * `npx tsx --conditions=source bench/backup-figures.ts [links] [subscriptions]`: the time and size
 * of `npm run backup` for a store of 10,000 linked users and 1,000 subscriptions (with their feed
 * cursors), next to a plain file copy of the same database as the same-run baseline. Three rounds each; medians printed.
 * Also what the start-up upgrade check (every record parsed, every token envelope opened) costs there.
 */
import { copyFile, mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { storedRecordKinds } from '#src/app/stored-records.js';
import { takeBackup } from '#src/cli/backup.js';
import { parseConfig } from '#src/config.js';
import { FeedCursors } from '#src/jobs/feed/cursors.js';
import { createLogger } from '#src/logger.js';
import { openStore } from '#src/store/index.js';
import { upgradeStore } from '#src/store/upgrade.js';
import { Subscriptions } from '#src/subscriptions/model.js';
import { loadKeyRing, TokenVault } from '#src/vault/index.js';

const LINKS = Number(process.argv[2] ?? 10_000);
const SUBSCRIPTIONS = Number(process.argv[3] ?? 1_000);
const ROUNDS = 3;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

async function fill(dataDir: string): Promise<string> {
  const config = parseConfig({ DATA_DIR: dataDir });
  const store = await openStore(config.databaseUrl);
  const vault = new TokenVault(store, await loadKeyRing(config, createLogger('silent')));
  const subscriptions = new Subscriptions(store);
  const cursors = new FeedCursors(store);
  const now = new Date();
  for (let i = 0; i < LINKS; i++) {
    const user = String(600000000000000000n + BigInt(i));
    await vault.put(user, {
      token: `token-${i}-${'x'.repeat(40)}`,
      scopes: ['read', 'write'],
      serviceUserId: i,
      serviceUsername: `user${i}`,
      method: 'oauth',
      linkedAt: now.toISOString(),
    });
  }
  for (let i = 0; i < SUBSCRIPTIONS; i++) {
    const owner = String(600000000000000000n + BigInt(i));
    await subscriptions.create(
      {
        kind: 'feed',
        guildId: String(700000000000000000n + BigInt(i % 100)),
        channelId: String(800000000000000000n + BigInt(i)),
        ownerId: owner,
        feed: { actions: [] },
      },
      now,
    );
    await cursors.set(owner, i, 1_000_000 + i, now);
  }
  await store.close();
  return config.databaseUrl.replace('sqlite://', '');
}

const root = await mkdtemp(path.join(tmpdir(), 'kiroku-backup-bench-'));
try {
  const dataDir = path.join(root, 'data');
  const database = await fill(dataDir);
  const config = parseConfig({ DATA_DIR: dataDir });
  const backups: Array<{ ms: number; bytes: number }> = [];
  const copies: Array<{ ms: number; bytes: number }> = [];
  for (let round = 0; round < ROUNDS; round++) {
    const copyTarget = path.join(root, `copy-${round}.sqlite`);
    const started = performance.now();
    await copyFile(database, copyTarget);
    copies.push({ ms: performance.now() - started, bytes: (await stat(copyTarget)).size });
    const result = await takeBackup(config, path.join(root, `backup-${round}.sqlite`), { copyKey: true });
    backups.push({ ms: result.ms, bytes: result.bytes });
  }
  const upgrades: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    const store = await openStore(config.databaseUrl);
    const kinds = storedRecordKinds(await loadKeyRing(config, createLogger('silent')));
    const started = performance.now();
    await upgradeStore(store, kinds, {
      version: 'bench',
      logger: createLogger('silent'),
      now: () => new Date(),
    });
    upgrades.push(performance.now() - started);
    await store.close();
  }
  console.log(`store: ${LINKS} links, ${SUBSCRIPTIONS} subscriptions (+ cursors); node ${process.version}`);
  console.log(
    `npm run backup (VACUUM INTO + integrity check): median ${median(backups.map((b) => b.ms)).toFixed(1)} ms, ${backups[0]?.bytes} bytes`,
  );
  console.log(`start-up upgrade check of the same store: median ${median(upgrades).toFixed(1)} ms`);
  console.log(
    `baseline plain file copy of the same database:  median ${median(copies.map((c) => c.ms)).toFixed(1)} ms, ${copies[0]?.bytes} bytes`,
  );
} finally {
  await rm(root, { recursive: true, force: true });
}
