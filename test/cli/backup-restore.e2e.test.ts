/**
 * A backup taken while the bot posts, restored into a fresh data directory on another "machine":
 * the bot started from it has every link, subscription and feed cursor, and the feed goes on with
 * nothing lost and nothing posted twice (what was posted after the backup is found again by the
 * outbox's Discord nonces).
 */
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { type Kiroku, startKiroku } from '#src/app.js';
import { keyFileBeside, takeBackup } from '#src/cli/backup.js';
import { describeRestore, restoreBackup } from '#src/cli/restore.js';
import { parseConfig } from '#src/config.js';
import { FEED_CURSOR_COLLECTION } from '#src/jobs/feed/cursors.js';
import { openStore, rawRecords } from '#src/store/index.js';
import { Quarantine } from '#src/store/quarantine.js';
import { KeyRing, TokenVault } from '#src/vault/index.js';
import { activityPosts, countDeliveries, expectEachPostOnce } from '../support/faults/deliveries.js';
import { setUpFeeds } from '../support/faults/feed-fixture.js';
import { captureLogger } from '../support/log-capture.js';
import { RELAXED_INTERACTION_LIMITS } from '../support/relaxed-limits.js';
import { type Stack, startStack, USERS } from '../support/stack.js';

const ACTIVITIES = 40;

function configFor(stack: Stack, dataDir: string) {
  return parseConfig({
    DISCORD_TOKEN: stack.discord.botToken,
    DISCORD_REST_URL: stack.discord.restUrl,
    SERVICE_URL: stack.emulator.url,
    DATA_DIR: dataDir,
  });
}

async function cursorsIn(dataDir: string): Promise<Map<string, number>> {
  const store = await openStore(`sqlite://${path.join(dataDir, 'kiroku.sqlite')}`);
  try {
    const cursors = new Map<string, number>();
    for await (const record of rawRecords(store, FEED_CURSOR_COLLECTION).scan())
      cursors.set(record.key, (record.value as { lastId: number }).lastId);
    return cursors;
  } finally {
    await store.close();
  }
}

describe('backup while posting, restore elsewhere', () => {
  let stack: Stack | undefined;
  let restored: Kiroku | undefined;
  const directories: string[] = [];

  /** alice linked, and a backup of the stack's store (with its key beside it or not). */
  async function backupOfAlice(running: Stack, options: { copyKey: boolean }): Promise<string> {
    await running.link(USERS.alice.id, 'alice');
    const backupDir = await mkdtemp(path.join(tmpdir(), 'kiroku-backup-'));
    directories.push(backupDir);
    const file = path.join(backupDir, 'b.sqlite');
    await takeBackup(configFor(running, running.dataDir), file, options);
    return file;
  }
  afterEach(async () => {
    await restored?.stop();
    await stack?.close();
    for (const dir of directories.splice(0)) await rm(dir, { recursive: true, force: true });
  });

  it('brings back every link, subscription and cursor; nothing lost, nothing posted twice', {
    timeout: 120_000,
  }, async () => {
    stack = await startStack();
    const feeds = await setUpFeeds(stack);
    const subscriptionsBefore = await stack.kiroku.deps.subscriptions.all();
    const ids = feeds.createActivities(ACTIVITIES);
    const expected = activityPosts(feeds.channels.all, ids, stack.emulator.data);
    const posts = () =>
      feeds.channels.all.reduce((n, c) => n + (stack?.discord.channelMessages(c).length ?? 0), 0);

    // Slow posts, then the backup in the middle of the cycle.
    stack.discord.faults.latencyMs = 15;
    const cursorsAtStart = await cursorsIn(stack.dataDir);
    const cycle = stack.kiroku.jobs.feed.runCycle();
    for (let i = 0; i < 400 && posts() < 10; i++) await new Promise((r) => setTimeout(r, 25));
    const backupDir = await mkdtemp(path.join(tmpdir(), 'kiroku-backup-'));
    directories.push(backupDir);
    const file = path.join(backupDir, 'kiroku.backup.sqlite');
    const backup = await takeBackup(configFor(stack, stack.dataDir), file, { copyKey: true });
    const postsAtBackup = posts();
    await cycle;
    stack.discord.faults.latencyMs = 0;
    expect(postsAtBackup).toBeGreaterThan(0);
    expect(postsAtBackup).toBeLessThan(expected.length);
    expect(backup.key.copiedTo).toBe(keyFileBeside(file));
    expect((await stat(keyFileBeside(file))).mode & 0o777).toBe(0o600);
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    await stack.kiroku.stop();

    // Another machine: an empty data directory, the backup and its key.
    const freshDir = await mkdtemp(path.join(tmpdir(), 'kiroku-restored-'));
    directories.push(freshDir);
    const config = configFor(stack, freshDir);
    const result = await restoreBackup(config, file, { withoutKey: false });
    expect(result.tokens).toEqual({ total: 2, open: 2, setAside: 0 });
    expect(existsSync(path.join(freshDir, 'vault.key'))).toBe(true);
    const cursorsRestored = await cursorsIn(freshDir);
    for (const [owner, lastId] of cursorsAtStart)
      expect(cursorsRestored.get(owner)).toBeGreaterThanOrEqual(lastId);
    expect([...cursorsRestored.keys()].sort()).toEqual([...cursorsAtStart.keys()].sort());

    restored = await startKiroku({
      config,
      logger: captureLogger('warn').logger,
      startJobs: false,
      interactionLimits: RELAXED_INTERACTION_LIMITS,
    });
    expect(
      (await restored.deps.subscriptions.all()).map((s) => [s.id, s.channelId, s.ownerId, s.state]),
    ).toEqual(subscriptionsBefore.map((s) => [s.id, s.channelId, s.ownerId, s.state]));
    expect((await restored.deps.vault.get(USERS.alice.id))?.serviceUsername).toBe('alice');
    expect((await restored.deps.vault.get(USERS.bob.id))?.serviceUsername).toBe('bob');
    for (let i = 0; i < 8; i++) {
      const report = await restored.jobs.feed.runCycle();
      if (report.posted === 0 && report.retryLater === 0 && posts() >= expected.length) break;
    }
    const count = countDeliveries(stack.discord, expected);
    expectEachPostOnce(count);
  });

  it('refuses to restore over a store a bot holds, and a backup nobody can open unless told: then the tokens are set aside and the bot starts', async () => {
    stack = await startStack();
    const file = await backupOfAlice(stack, { copyKey: false });
    // The running stack's own data directory: its bot holds the store.
    await expect(restoreBackup(configFor(stack, stack.dataDir), file, { withoutKey: false })).rejects.toThrow(
      /a bot may be running on it/,
    );
    // No key beside it and none configured: the tokens would be lost, so it refuses, leaving nothing.
    const freshDir = await mkdtemp(path.join(tmpdir(), 'kiroku-restored-'));
    directories.push(freshDir);
    await expect(restoreBackup(configFor(stack, freshDir), file, { withoutKey: false })).rejects.toThrow(
      /no configured key opens the 1 tokens/,
    );
    expect(existsSync(path.join(freshDir, 'kiroku.sqlite'))).toBe(false);
    const forced = await restoreBackup(configFor(stack, freshDir), file, { withoutKey: true });
    expect(forced.tokens).toEqual({ total: 1, open: 0, setAside: 1 });
    const summary = describeRestore(forced).join('\n');
    expect(summary).toContain('1 that no key opens were set aside');
    expect(summary).toContain('asked to link again');

    // The bot starts on it (before, it refused: "sealed with key id …"), and asks alice to link again.
    await stack.kiroku.stop();
    restored = await startKiroku({
      config: configFor(stack, freshDir),
      logger: captureLogger('warn').logger,
      startJobs: false,
      interactionLimits: RELAXED_INTERACTION_LIMITS,
    });
    expect(await restored.deps.vault.get(USERS.alice.id)).toBeUndefined();
    expect(await new Quarantine(restored.store).all()).toMatchObject([
      { collection: 'vault', key: USERS.alice.id, ownerId: USERS.alice.id },
    ]);
    const me = await (await stack.discord.slash({ name: 'me', user: USERS.alice })).reply(15_000);
    expect(me.content).toContain('/account link');
  });

  it('restores with a key that opens some tokens: the others are set aside and the bot starts', async () => {
    stack = await startStack();
    const file = await backupOfAlice(stack, { copyKey: true });
    // Bob's token sealed with a key the restoring machine will not have.
    const other = await openStore(`sqlite://${file}`);
    const foreign = new TokenVault(other, KeyRing.fromKeys([{ key: randomBytes(32) }]));
    await foreign.put(USERS.bob.id, {
      token: 'bob-token',
      scopes: ['read'],
      serviceUserId: 2,
      serviceUsername: 'bob',
      method: 'token',
      linkedAt: new Date().toISOString(),
    });
    await other.close();
    await stack.kiroku.stop();

    const freshDir = await mkdtemp(path.join(tmpdir(), 'kiroku-restored-'));
    directories.push(freshDir);
    const result = await restoreBackup(configFor(stack, freshDir), file, { withoutKey: false });
    expect(result.tokens).toEqual({ total: 2, open: 1, setAside: 1 });
    restored = await startKiroku({
      config: configFor(stack, freshDir),
      logger: captureLogger('warn').logger,
      startJobs: false,
      interactionLimits: RELAXED_INTERACTION_LIMITS,
    });
    expect((await restored.deps.vault.get(USERS.alice.id))?.serviceUsername).toBe('alice');
    expect(await restored.deps.vault.get(USERS.bob.id)).toBeUndefined();
  });
});
