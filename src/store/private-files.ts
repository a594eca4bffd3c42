/**
 * The store's files are nobody else's to read: the SQLite store maps Discord users to service
 * accounts and holds OAuth states and reminders, and a backup holds sealed tokens. Modes are set
 * explicitly, so a permissive umask (002, 000) changes nothing; an existing directory others can read
 * is the operator's choice, and only gets a warning.
 */
import { constants } from 'node:fs';
import { chmod, mkdir, open, stat } from 'node:fs/promises';
import type { Logger } from '../logger.js';

export const PRIVATE_FILE_MODE = 0o600;
export const PRIVATE_DIRECTORY_MODE = 0o700;
/** Group and other permission bits. */
const SHARED_BITS = 0o077;
/** Modes mean little on Windows (ACLs decide there): nothing is changed or warned about. */
const MODES_APPLY = process.platform !== 'win32';

const errorCode = (error: unknown) =>
  typeof error === 'object' && error !== null && 'code' in error ? String(error.code) : undefined;

/** Creates `file` empty and private (0600 from its first byte); fails when it exists. */
export async function createPrivateFile(file: string): Promise<void> {
  const handle = await open(
    file,
    constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL,
    PRIVATE_FILE_MODE,
  );
  try {
    // The umask may have taken bits away, never added them; chmod makes the mode exact either way.
    if (MODES_APPLY) await handle.chmod(PRIVATE_FILE_MODE);
  } finally {
    await handle.close();
  }
}

/** Makes an existing file private when others could read it (older releases wrote 0644); true when it changed. */
export async function makePrivate(file: string): Promise<boolean> {
  if (!MODES_APPLY) return false;
  try {
    const { mode } = await stat(file);
    if ((mode & SHARED_BITS) === 0) return false;
    await chmod(file, PRIVATE_FILE_MODE);
    return true;
  } catch (error) {
    if (errorCode(error) === 'ENOENT') return false;
    throw error;
  }
}

/**
 * The directory private files go into: created 0700 when it is missing; an existing one that others
 * can read or enter gets a warning naming the fix (it may be shared on purpose, so it is left as it is).
 */
export async function preparePrivateDirectory(directory: string, logger: Logger): Promise<void> {
  const created = await mkdir(directory, { recursive: true, mode: PRIVATE_DIRECTORY_MODE });
  if (!MODES_APPLY) return;
  if (created !== undefined) {
    await chmod(directory, PRIVATE_DIRECTORY_MODE);
    return;
  }
  const { mode } = await stat(directory);
  if ((mode & SHARED_BITS) !== 0) {
    logger.warn(
      { path: directory, mode: (mode & 0o777).toString(8) },
      `store: the data directory can be read by other users; run chmod 700 ${directory}`,
    );
  }
}

/**
 * Before SQLite opens `file`: its directory prepared, the file created private when new (SQLite gives
 * its -wal and -shm files the database file's mode), and an older store's files made private.
 */
export async function prepareSqliteFiles(file: string, directory: string, logger: Logger): Promise<void> {
  await preparePrivateDirectory(directory, logger);
  try {
    await createPrivateFile(file);
  } catch (error) {
    if (errorCode(error) !== 'EEXIST') throw error;
  }
  const tightened: string[] = [];
  for (const suffix of ['', '-wal', '-shm', '-journal'])
    if (await makePrivate(file + suffix)) tightened.push(file + suffix);
  if (tightened.length > 0)
    logger.info({ files: tightened }, 'store: made the store files private (mode 0600)');
}
