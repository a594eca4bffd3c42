import { createHash, createSecretKey, type KeyObject, randomBytes } from 'node:crypto';
import { constants as fsConstants } from 'node:fs';
import { link, mkdir, open as openFile, readFile, stat, unlink } from 'node:fs/promises';
import path from 'node:path';
import { inspect } from 'node:util';
import { type Config, ConfigError } from '../config.js';
import type { Logger } from '../logger.js';
import { KEY_ID_PATTERN, type KeyLookup, type SealingKey } from './envelope.js';

const KEY_BYTES = 32;
export const KEY_FILE_NAME = 'vault.key';

/**
 * The keys the vault knows. The first is active (seals new envelopes); all of them open envelopes.
 * Besides its own id, every key also answers to its derived id (`deriveKeyId`), so envelopes sealed
 * under VAULT_KEY or the generated key file still open after the key moves into VAULT_KEYS under a name.
 * Printing or serialising a KeyRing shows key ids only.
 */
export class KeyRing implements KeyLookup {
  readonly #byId = new Map<string, SealingKey>();
  readonly #byDerivedId = new Map<string, SealingKey>();
  readonly active: SealingKey;

  constructor(keys: readonly SealingKey[]) {
    const [first] = keys;
    if (!first) throw new ConfigError('VAULT_KEYS: at least one key is required');
    this.active = first;
    for (const entry of keys) {
      if (!KEY_ID_PATTERN.test(entry.kid)) throw new ConfigError(`VAULT_KEYS: invalid key id "${entry.kid}"`);
      if (this.#byId.has(entry.kid)) throw new ConfigError(`VAULT_KEYS: key id "${entry.kid}" is used twice`);
      if (entry.key.symmetricKeySize !== KEY_BYTES) {
        throw new ConfigError(`VAULT_KEYS: key "${entry.kid}" must be ${KEY_BYTES} bytes`);
      }
      this.#byId.set(entry.kid, entry);
      const derived = deriveKeyId(entry.key);
      if (!this.#byDerivedId.has(derived)) this.#byDerivedId.set(derived, entry);
    }
  }

  /** Builds a ring from raw keys; a key without an id gets its derived id. */
  static fromKeys(keys: ReadonlyArray<{ kid?: string; key: Uint8Array | KeyObject }>): KeyRing {
    return new KeyRing(
      keys.map((entry) => {
        const key = isKeyObject(entry.key) ? entry.key : createSecretKey(Buffer.from(entry.key));
        return { kid: entry.kid ?? deriveKeyId(key), key };
      }),
    );
  }

  get(kid: string): SealingKey | undefined {
    return this.#byId.get(kid) ?? this.#byDerivedId.get(kid);
  }

  /** Ids of the configured keys, the active one first. */
  get kids(): string[] {
    return [...this.#byId.keys()];
  }

  /** True when `key` holds the same bytes as a key already in the ring. */
  hasKey(key: KeyObject): boolean {
    return this.#byDerivedId.has(deriveKeyId(key));
  }

  toJSON(): { active: string; kids: string[] } {
    return { active: this.active.kid, kids: this.kids };
  }

  [inspect.custom](): string {
    return `KeyRing { active: ${this.active.kid}, kids: [${this.kids.join(', ')}] }`;
  }
}

function isKeyObject(value: Uint8Array | KeyObject): value is KeyObject {
  return typeof (value as KeyObject).export === 'function' && typeof (value as KeyObject).type === 'string';
}

/**
 * The id of a key given without one (VAULT_KEY, the key file): `h` + 12 hex digits of a domain-separated
 * SHA-256 of the key, so different keys get different ids and the same key always the same id.
 */
export function deriveKeyId(key: KeyObject | Uint8Array): string {
  const bytes = isKeyObject(key) ? key.export() : Buffer.from(key);
  return `h${createHash('sha256').update('kiroku vault key id\0').update(bytes).digest('hex').slice(0, 12)}`;
}

/** Decodes a base64 (or base64url) 32-byte key; the error names `source` and never echoes the value. */
export function parseKey(text: string, source: string): KeyObject {
  const trimmed = text.trim();
  // Node's base64 decoder reads both alphabets; the pattern keeps it from skipping stray characters.
  const bytes = /^[A-Za-z0-9+/_-]+={0,2}$/.test(trimmed) ? Buffer.from(trimmed, 'base64') : undefined;
  if (bytes?.length !== KEY_BYTES) {
    throw new ConfigError(
      `${source}: must be ${KEY_BYTES} random bytes in base64 (for example the output of \`openssl rand -base64 32\`)`,
    );
  }
  return createSecretKey(bytes);
}

/** `id:base64key,id2:base64key`; the first entry is the active key. */
export function parseKeyList(text: string): SealingKey[] {
  const entries = text
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');
  if (entries.length === 0) throw new ConfigError('VAULT_KEYS: must list at least one id:base64key');
  return entries.map((entry, index) => {
    const colon = entry.indexOf(':');
    const kid = colon > 0 ? entry.slice(0, colon).trim() : '';
    if (!KEY_ID_PATTERN.test(kid)) {
      throw new ConfigError(
        `VAULT_KEYS: entry ${index + 1} must look like id:base64key (id: 1-64 letters, digits, '_' or '-')`,
      );
    }
    return { kid, key: parseKey(entry.slice(colon + 1), `VAULT_KEYS (key "${kid}")`) };
  });
}

export interface KeyRingSource {
  vaultKey: string | undefined;
  vaultKeys: string | undefined;
  dataDir: string;
  /** The store the sealed tokens live in: a shared one (Redis, PostgreSQL) needs a configured key. */
  databaseUrl?: string;
}

function sourceOf(input: KeyRingSource | Config): KeyRingSource {
  if ('vault' in input) {
    return {
      vaultKey: input.vault.key,
      vaultKeys: input.vault.keys,
      dataDir: input.dataDir,
      databaseUrl: input.databaseUrl,
    };
  }
  return input;
}

/** Redis and PostgreSQL are reached over the network, so several processes or hosts may share them. */
function isSharedStore(databaseUrl: string | undefined): boolean {
  return databaseUrl !== undefined && !databaseUrl.startsWith('sqlite:');
}

function errorCode(error: unknown): string | undefined {
  return typeof error === 'object' && error !== null && 'code' in error ? String(error.code) : undefined;
}

async function readKeyFile(file: string, logger: Logger): Promise<KeyObject | undefined> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    if (errorCode(error) === 'ENOENT') return undefined;
    throw new ConfigError(`VAULT_KEY: cannot read the key file ${file}: ${errorCode(error) ?? 'error'}`);
  }
  if (process.platform !== 'win32') {
    const { mode } = await stat(file);
    if ((mode & 0o077) !== 0) {
      logger.warn(
        { path: file, mode: (mode & 0o777).toString(8) },
        'vault: the key file is readable by other users; run chmod 600 on it',
      );
    }
  }
  return parseKey(text, `VAULT_KEY: the key file ${file}`);
}

/** Writes a new random key to `file` (mode 0600) without ever exposing a partial or replaced file. */
async function createKeyFile(file: string): Promise<KeyObject | undefined> {
  await mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
  const bytes = randomBytes(KEY_BYTES);
  const temporary = path.join(
    path.dirname(file),
    `.${KEY_FILE_NAME}.${process.pid}.${randomBytes(6).toString('hex')}`,
  );
  const handle = await openFile(
    temporary,
    fsConstants.O_WRONLY | fsConstants.O_CREAT | fsConstants.O_EXCL,
    0o600,
  );
  try {
    await handle.writeFile(`${bytes.toString('base64')}\n`, 'utf8');
    await handle.sync();
  } finally {
    await handle.close();
  }
  try {
    // link() never replaces: if another process created the file first, keep theirs.
    await link(temporary, file);
  } catch (error) {
    if (errorCode(error) === 'EEXIST') return undefined;
    throw error;
  } finally {
    await unlink(temporary).catch(() => undefined);
  }
  return createSecretKey(bytes);
}

/**
 * The vault keys from VAULT_KEYS (`id:key,...`, first active), else VAULT_KEY (id derived from the key),
 * else `$DATA_DIR/vault.key`, generated on first start. When VAULT_KEY(S) is set and the generated key file
 * also exists, its key is kept as an extra, open-only key so tokens sealed before the switch stay readable.
 */
export interface LoadKeyRingOptions {
  /** Generate `$DATA_DIR/vault.key` when no key is configured (default true; tools that only read pass false). */
  createKeyFile?: boolean;
}

export async function loadKeyRing(
  input: KeyRingSource | Config,
  logger: Logger,
  options: LoadKeyRingOptions = {},
): Promise<KeyRing> {
  const source = sourceOf(input);
  const file = path.join(path.resolve(source.dataDir), KEY_FILE_NAME);
  if (source.vaultKey && source.vaultKeys) {
    throw new ConfigError(
      'VAULT_KEYS: set either VAULT_KEY or VAULT_KEYS, not both (move the key into VAULT_KEYS)',
    );
  }

  if (source.vaultKey || source.vaultKeys) {
    let keys: SealingKey[];
    if (source.vaultKeys) {
      keys = parseKeyList(source.vaultKeys);
    } else {
      const key = parseKey(source.vaultKey ?? '', 'VAULT_KEY');
      keys = [{ kid: deriveKeyId(key), key }];
    }
    let ring = new KeyRing(keys);
    const fileKey = await readKeyFile(file, logger);
    if (fileKey && !ring.hasKey(fileKey)) {
      ring = new KeyRing([...keys, { kid: deriveKeyId(fileKey), key: fileKey }]);
      logger.warn(
        { path: file },
        'vault: also using the generated key file to open older tokens; run npm run vault:rotate, then remove the file',
      );
    }
    return ring;
  }

  if (isSharedStore(source.databaseUrl)) {
    // A key generated into one host's DATA_DIR would seal tokens no other process can open.
    throw new ConfigError(
      'VAULT_KEY: required when DATABASE_URL is a shared Redis or PostgreSQL store (every process needs the same key); create one with `openssl rand -base64 32`',
    );
  }
  const existing = await readKeyFile(file, logger);
  if (existing) return KeyRing.fromKeys([{ key: existing }]);
  if (options.createKeyFile === false) {
    throw new ConfigError(`VAULT_KEY: not set, and there is no key file at ${file} (check DATA_DIR)`);
  }
  const created = await createKeyFile(file);
  if (!created) {
    // Lost a creation race with another process: use the key it wrote.
    const raced = await readKeyFile(file, logger);
    if (!raced) throw new ConfigError(`VAULT_KEY: could not create the key file ${file}`);
    return KeyRing.fromKeys([{ key: raced }]);
  }
  logger.warn(
    { path: file },
    'vault: generated a new encryption key for stored tokens; back up this file (losing it makes linked accounts unreadable) or set VAULT_KEY',
  );
  return KeyRing.fromKeys([{ key: created }]);
}
