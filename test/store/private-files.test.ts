/**
 * Private files whatever the umask. Under umask 000 (every bit allowed) the data
 * directory is created 0700, the SQLite store and its -wal and -shm files 0600, an older store's
 * 0644 files are made private, a backup is 0600 from its first byte (before SQLite writes into it),
 * and an existing data directory others can read gets a warning.
 */
import { chmod, mkdir, mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { parseConfig } from '#src/config.js';
import { openStore } from '#src/store/index.js';
import { captureLogger } from '../support/log-capture.js';

/** The mode each backup file had right after SQLite wrote the snapshot into it, before anything else. */
const modesAfterSnapshot: number[] = [];
vi.mock('#src/store/sqlite-copy.js', async (importOriginal) => {
  const original = await importOriginal<typeof import('#src/store/sqlite-copy.js')>();
  return {
    ...original,
    async snapshotInto(source: string, target: string) {
      await original.snapshotInto(source, target);
      modesAfterSnapshot.push((await stat(target)).mode & 0o777);
    },
  };
});

const modeOf = async (file: string) => (await stat(file)).mode & 0o777;

/**
 * Test files share their worker (vitest's `isolate: false`): an earlier file in the same worker may
 * have loaded the backup module with the real sqlite-copy, and a cached module would not see the
 * mock above. It is loaded afresh here, after the module registry is reset.
 */
let takeBackup: typeof import('#src/cli/backup.js').takeBackup;
beforeAll(async () => {
  vi.resetModules();
  ({ takeBackup } = await import('#src/cli/backup.js'));
});

describe.skipIf(process.platform === 'win32')('private files whatever the umask', () => {
  let root: string;
  let umask: number;
  beforeAll(() => {
    umask = process.umask(0o000);
  });
  afterAll(() => {
    process.umask(umask);
  });
  beforeEach(async () => {
    root = await mkdtemp(path.join(tmpdir(), 'kiroku-private-'));
  });
  afterEach(async () => {
    await rm(root, { recursive: true, force: true });
  });

  it('creates the data directory 0700 and the store with its WAL and SHM 0600', async () => {
    const dataDir = path.join(root, 'data');
    const file = path.join(dataDir, 'kiroku.sqlite');
    const store = await openStore(`sqlite://${file}`, { logger: captureLogger().logger });
    await store.collection('anything', z.string()).set('key', 'value');
    expect(await modeOf(dataDir)).toBe(0o700);
    for (const name of [file, `${file}-wal`, `${file}-shm`]) expect(await modeOf(name), name).toBe(0o600);
    await store.close();
  });

  it('makes an older store’s files private, and warns about a data directory others can read', async () => {
    const dataDir = path.join(root, 'shared');
    await mkdir(dataDir, { mode: 0o755 });
    const file = path.join(dataDir, 'kiroku.sqlite');
    const first = await openStore(`sqlite://${file}`, { logger: captureLogger().logger });
    await first.collection('anything', z.string()).set('key', 'value');
    await first.close();
    await chmod(file, 0o644);
    const log = captureLogger();
    const store = await openStore(`sqlite://${file}`, { logger: log.logger });
    expect(await modeOf(file)).toBe(0o600);
    expect(await modeOf(dataDir)).toBe(0o755);
    expect(log.text()).toContain(`run chmod 700 ${dataDir}`);
    await store.close();
  });

  it('writes a backup that is private before its first byte', async () => {
    const dataDir = path.join(root, 'data');
    const config = parseConfig({ DATA_DIR: dataDir });
    const store = await openStore(config.databaseUrl, { logger: captureLogger().logger });
    await store.collection('anything', z.string()).set('key', 'value');
    await store.close();
    await writeFile(path.join(dataDir, 'vault.key'), 'x', { mode: 0o600 });
    const backup = path.join(root, 'backup.sqlite');
    modesAfterSnapshot.length = 0;
    await takeBackup(config, backup, { copyKey: true });
    expect(modesAfterSnapshot).toEqual([0o600]);
    expect(await modeOf(backup)).toBe(0o600);
    expect(await modeOf(`${backup}.vault.key`)).toBe(0o600);
  });
});
