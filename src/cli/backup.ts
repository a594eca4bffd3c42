/**
 * `npm run backup -- <file> [--no-key]` (in the image: `node dist/src/cli/backup.js <file>`): a
 * consistent copy of the SQLite store while the bot runs, checked after writing. Tokens in it open
 * only with the vault key: the program says where the key is, and copies the generated
 * `$DATA_DIR/vault.key` beside the backup as `<file>.vault.key` (mode 0600) unless `--no-key`.
 */
import { constants, existsSync } from 'node:fs';
import { chmod, copyFile, link, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '../config.js';
import { isEntryPoint } from '../lib/entry-point.js';
import { createPrivateFile, PRIVATE_FILE_MODE } from '../store/private-files.js';
import { inspectStoreFile, type StoreFileSummary, snapshotInto } from '../store/sqlite-copy.js';
import { KEY_FILE_NAME } from '../vault/keyring.js';
import {
  type CliContext,
  CliRefusal,
  HELP,
  runCli,
  sqliteStoreFile,
  strictArgs,
  UsageError,
} from './cli-common.js';

const BACKUP_HELP = `Usage: npm run backup -- <file> [--no-key]
       node dist/src/cli/backup.js <file> [--no-key]

Writes a consistent copy of the SQLite store to <file> while the bot runs (SQLite's VACUUM INTO).
When the vault key is the generated $DATA_DIR/vault.key, it is copied to <file>.vault.key (mode 0600):
keep both together, and apart from anyone who must not read the tokens.
  --no-key     do not copy the key file (keep the key some other way)
  -h, --help   this text (reads no configuration)
Redis and PostgreSQL stores are backed up with their own tools: see docs/operations.md.`;

interface BackupResult {
  file: string;
  bytes: number;
  ms: number;
  summary: StoreFileSummary;
  /** Where the key that opens the tokens is; the copy beside the backup when one was written. */
  key: { source: string; copiedTo?: string };
}

export const keyFileBeside = (backupFile: string) => `${backupFile}.vault.key`;

/** Takes the backup; the target must not exist (a backup is never overwritten). */
export async function takeBackup(
  config: Config,
  target: string,
  options: { copyKey: boolean },
): Promise<BackupResult> {
  const source = sqliteStoreFile(config, 'backup');
  if (!existsSync(source))
    throw new CliRefusal(`there is no store at ${source} (check DATA_DIR / DATABASE_URL)`);
  const file = path.resolve(target);
  if (existsSync(file)) throw new CliRefusal(`${file} exists already; choose a new file name`);
  const started = performance.now();
  // Written under a temporary name and linked into place: a failed run never leaves a half backup.
  // The file is created private before SQLite writes a byte into it (VACUUM INTO fills an empty file).
  const partial = `${file}.partial-${process.pid}`;
  try {
    await createPrivateFile(partial);
    await snapshotInto(source, partial);
    const summary = await inspectStoreFile(partial);
    await link(partial, file);
    const ms = performance.now() - started;
    const { size } = await stat(file);
    return { file, bytes: size, ms, summary, key: await handleKey(config, file, options.copyKey) };
  } finally {
    await rm(partial, { force: true });
  }
}

async function handleKey(config: Config, file: string, copyKey: boolean): Promise<BackupResult['key']> {
  const keyFile = path.join(config.dataDir, KEY_FILE_NAME);
  const configured = config.vault.keys ? 'VAULT_KEYS' : config.vault.key ? 'VAULT_KEY' : undefined;
  if (!existsSync(keyFile)) return { source: `${configured ?? 'VAULT_KEY'} (keep it with the backup)` };
  const source = configured ? `${configured} and the older key file ${keyFile}` : keyFile;
  if (!copyKey) return { source };
  const beside = keyFileBeside(file);
  await copyFile(keyFile, beside, constants.COPYFILE_EXCL);
  await chmod(beside, PRIVATE_FILE_MODE);
  return { source, copiedTo: beside };
}

function describeBackup(result: BackupResult): string[] {
  const count = (name: string) => result.summary.byCollection.get(name) ?? 0;
  return [
    `backup written: ${result.file}`,
    `  ${result.summary.records} records (${count('subscriptions')} subscriptions, ${count('vault')} linked users), ${result.bytes} bytes, ${Math.round(result.ms)} ms`,
    `  tokens open only with the vault key: ${result.key.source}`,
    result.key.copiedTo
      ? `  key copied to ${result.key.copiedTo} (mode 0600): keep it with the backup, and private`
      : '  no key file was copied: make sure the key is kept with the backup',
  ];
}

/** `<file> [--no-key]`, strictly. */
function parseBackup(argv: string[]): { target: string; copyKey: boolean } | typeof HELP {
  const { values, positionals } = strictArgs(argv, {
    allowPositionals: true,
    options: { 'no-key': { type: 'boolean', default: false }, help: { type: 'boolean', short: 'h' } },
  });
  if (values.help) return HELP;
  const [target, ...extra] = positionals;
  if (!target || extra.length > 0) throw new UsageError('one backup file name is needed');
  return { target, copyKey: !values['no-key'] };
}

async function run({ config, out }: CliContext, args: { target: string; copyKey: boolean }): Promise<void> {
  for (const line of describeBackup(await takeBackup(config, args.target, { copyKey: args.copyKey })))
    out(line);
}

if (isEntryPoint(import.meta.url)) await runCli('backup', { usage: BACKUP_HELP, parse: parseBackup, run });
