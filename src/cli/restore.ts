/**
 * `npm run restore -- <file> [--without-key]` (image: `node dist/src/cli/restore.js <file>`): puts a
 * backup and its key into an empty data directory. It refuses while a store is there (a running
 * bot holds it; an old store is moved aside by hand first), when the backup is damaged or from a
 * newer kiroku, and when no key opens its tokens (unless `--without-key`: everyone links again).
 * Tokens no key opens are set aside into the quarantine, so the bot starts: their people link again.
 */
import { constants, existsSync } from 'node:fs';
import { chmod, copyFile, link, mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { PLAIN_RECORD_KINDS } from '../app/stored-records.js';
import type { Config } from '../config.js';
import { isEntryPoint } from '../lib/entry-point.js';
import { createLogger } from '../logger.js';
import { openStore, rawRecords, type Store } from '../store/index.js';
import { PRIVATE_DIRECTORY_MODE, PRIVATE_FILE_MODE } from '../store/private-files.js';
import { Quarantine } from '../store/quarantine.js';
import { readSchemaVersions, refuseNewerStore } from '../store/schema-versions.js';
import { inspectStoreFile } from '../store/sqlite-copy.js';
import { envelopeKeyId, loadKeyRing, TokenVault, VAULT_COLLECTION, VaultError } from '../vault/index.js';
import { KEY_FILE_NAME } from '../vault/keyring.js';
import { KIROKU_VERSION } from '../version.js';
import { keyFileBeside } from './backup.js';
import {
  type CliContext,
  CliRefusal,
  HELP,
  runCli,
  sqliteStoreFile,
  strictArgs,
  UsageError,
} from './cli-common.js';

const RESTORE_HELP = `Usage: npm run restore -- <file> [--without-key]
       node dist/src/cli/restore.js <file> [--without-key]

Restores a backup made by npm run backup into the configured, empty data directory (DATA_DIR), with
its key <file>.vault.key when it is there (else VAULT_KEY / VAULT_KEYS must hold the key). Stop the
bot and move any old store aside first. Tokens no key opens are set aside (quarantine): those people
link again. The bot starts on what was restored.
  --without-key   restore even though no key opens any token (every linked user must link again)
  -h, --help      this text`;

interface RestoreResult {
  file: string;
  records: number;
  /** Stored tokens, those the configured key opens, and those set aside because none does. */
  tokens: { total: number; open: number; setAside: number };
  keyPlaced?: string;
}

function refuseOccupied(storeFile: string, keyFile: string, keyBeside: boolean): void {
  for (const suffix of ['', '-wal', '-shm']) {
    if (existsSync(storeFile + suffix)) {
      throw new CliRefusal(
        `${storeFile}${suffix} exists: a bot may be running on it. Stop it and move the old store aside; restore only into an empty data directory`,
      );
    }
  }
  if (keyBeside && existsSync(keyFile))
    throw new CliRefusal(`${keyFile} exists already; move it aside (the backup brings its own key)`);
}

/** Why the vault cannot open a stored token, or undefined when it opens. */
async function unopenable(vault: TokenVault | undefined, key: string): Promise<string | undefined> {
  if (!vault) return 'no vault key was configured or placed beside the backup';
  try {
    await vault.get(key);
    return undefined;
  } catch (error) {
    if (error instanceof VaultError) return `no configured key opens it (${error.reason})`;
    throw error;
  }
}

/**
 * Opens the staged copy: refuses a newer kiroku's store, counts the tokens the keys open (as the bot
 * will load them), and, when some open or `setAside` says so, moves the others into the quarantine,
 * where the bot leaves them (their people are asked to link again) instead of refusing to start.
 */
async function checkStaged(
  staged: string,
  config: Config,
  setAsideAll: boolean,
): Promise<RestoreResult['tokens']> {
  const store = await openStore(`sqlite://${staged}`);
  try {
    refuseNewerStore(await readSchemaVersions(store), PLAIN_RECORD_KINDS, KIROKU_VERSION);
    const ring = await loadKeyRing(config, createLogger('silent'), { createKeyFile: false }).catch(
      () => undefined,
    );
    const vault = ring ? new TokenVault(store, ring) : undefined;
    const closed: ClosedToken[] = [];
    let total = 0;
    for await (const record of rawRecords(store, VAULT_COLLECTION).scan()) {
      total += 1;
      const why = await unopenable(vault, record.key);
      const kid = typeof record.value === 'string' ? envelopeKeyId(record.value) : undefined;
      if (why)
        closed.push({
          key: record.key,
          text: record.text,
          reason: `${why}${kid ? `; sealed with key id ${kid}` : ''}`,
        });
    }
    const open = total - closed.length;
    if (open > 0 || setAsideAll) await setAside(store, closed);
    return { total, open, setAside: open > 0 || setAsideAll ? closed.length : 0 };
  } finally {
    await store.close();
  }
}

/** A stored token no configured key opens: its key, its stored text and why. */
interface ClosedToken {
  key: string;
  text: string;
  reason: string;
}

/** Moves tokens that do not open into the quarantine (the sealed text kept as it was). */
async function setAside(store: Store, closed: readonly ClosedToken[]): Promise<void> {
  const quarantine = new Quarantine(store);
  const raw = rawRecords(store, VAULT_COLLECTION);
  for (const { key, text, reason } of closed) {
    await quarantine.put({
      collection: VAULT_COLLECTION,
      key,
      reason: `set aside at restore: ${reason}`,
      text,
      quarantinedAt: new Date().toISOString(),
      by: KIROKU_VERSION,
      ownerId: key,
    });
    const record = await raw.get(key);
    if (record) await raw.remove(record);
  }
}

/** Restores `backup` into the configured data directory; see the module comment. */
export async function restoreBackup(
  config: Config,
  backup: string,
  options: { withoutKey: boolean },
): Promise<RestoreResult> {
  const file = path.resolve(backup);
  if (!existsSync(file)) throw new CliRefusal(`there is no backup at ${file}`);
  const storeFile = sqliteStoreFile(config, 'restore');
  const keyFile = path.join(config.dataDir, KEY_FILE_NAME);
  const beside = keyFileBeside(file);
  const keyBeside = existsSync(beside);
  refuseOccupied(storeFile, keyFile, keyBeside);
  const { records } = await inspectStoreFile(file);
  await mkdir(path.dirname(storeFile), { recursive: true, mode: PRIVATE_DIRECTORY_MODE });
  const staged = `${storeFile}.restoring-${process.pid}`;
  let keyPlaced: string | undefined;
  let restored = false;
  try {
    if (keyBeside) {
      // Never replaces a key: a bot that started meanwhile and generated one makes this fail.
      await copyFile(beside, keyFile, constants.COPYFILE_EXCL);
      await chmod(keyFile, PRIVATE_FILE_MODE);
      keyPlaced = keyFile;
    }
    await copyFile(file, staged, constants.COPYFILE_EXCL);
    await chmod(staged, PRIVATE_FILE_MODE);
    const tokens = await checkStaged(staged, config, options.withoutKey);
    if (tokens.total > 0 && tokens.open === 0 && !options.withoutKey) {
      throw new CliRefusal(
        `no configured key opens the ${tokens.total} tokens in the backup: put ${beside} beside it or set VAULT_KEY / VAULT_KEYS (or pass --without-key: everyone links again)`,
      );
    }
    await link(staged, storeFile);
    restored = true;
    return { file: storeFile, records, tokens, ...(keyPlaced ? { keyPlaced } : {}) };
  } finally {
    await rm(staged, { force: true });
    for (const suffix of ['-wal', '-shm']) await rm(staged + suffix, { force: true });
    if (!restored && keyPlaced) await rm(keyPlaced, { force: true });
  }
}

/** `<file> [--without-key]`, strictly. */
function parseRestore(argv: string[]): { backup: string; withoutKey: boolean } | typeof HELP {
  const { values, positionals } = strictArgs(argv, {
    allowPositionals: true,
    options: { 'without-key': { type: 'boolean', default: false }, help: { type: 'boolean', short: 'h' } },
  });
  if (values.help) return HELP;
  const [backup, ...extra] = positionals;
  if (!backup || extra.length > 0) throw new UsageError('one backup file name is needed');
  return { backup, withoutKey: values['without-key'] };
}

async function run(
  { config, out }: CliContext,
  args: { backup: string; withoutKey: boolean },
): Promise<void> {
  const result = await restoreBackup(config, args.backup, { withoutKey: args.withoutKey });
  out(`restored ${result.records} records into ${result.file}`);
  for (const line of describeRestore(result)) out(line);
}

/** The summary after the first line: the tokens, the key, and what to do next. */
export function describeRestore(result: RestoreResult): string[] {
  const { total, open, setAside } = result.tokens;
  const lines = [`  tokens: ${open} of ${total} open with the configured key`];
  if (setAside > 0) {
    lines.push(
      `  ${setAside} that no key opens were set aside (quarantine; admin status counts them): those people are asked to link again when they next use kiroku, and their subscriptions pause until they do`,
      '  if you have the key they were sealed with: stop, move the restored store aside, and restore again with it (<file>.vault.key beside the backup, or VAULT_KEY / VAULT_KEYS)',
    );
  }
  if (result.keyPlaced) lines.push(`  vault key placed at ${result.keyPlaced} (mode 0600)`);
  lines.push('  start the bot now: it checks and upgrades the store as it starts');
  return lines;
}

if (isEntryPoint(import.meta.url)) await runCli('restore', { usage: RESTORE_HELP, parse: parseRestore, run });
