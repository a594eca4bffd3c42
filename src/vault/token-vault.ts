import type { LRUCache } from 'lru-cache';
import { z } from 'zod';
import { growingLru } from '../lib/growing-lru.js';
import { createLogger, type Logger } from '../logger.js';
import type { Collection, Store } from '../store/index.js';
import { envelopeKeyId, open, seal } from './envelope.js';
import { VaultError } from './errors.js';
import type { KeyRing } from './keyring.js';

/** What is stored per linked Discord user; all of it lives inside the envelope. */
export const storedTokenSchema = z.object({
  token: z.string().min(1),
  scopes: z.array(z.string()),
  serviceUserId: z.number().int(),
  serviceUsername: z.string(),
  method: z.enum(['token', 'oauth']),
  linkedAt: z.string(),
});
export type StoredToken = z.infer<typeof storedTokenSchema>;

export const VAULT_COLLECTION = 'vault';

/** What a swap or take found in the user's place: nothing, a token, or a record that does not open. */
export type PreviousToken =
  | { kind: 'none' }
  | { kind: 'token'; stored: StoredToken }
  | { kind: 'unreadable' };

/** The stored record is the envelope text. */
export const envelopeSchema = z.string().min(1);

export interface RotationResult {
  /** Envelopes re-sealed with the active key. */
  rotated: number;
  /** Envelopes already sealed with the active key (they open; nothing written). */
  unchanged: number;
  /** Records that could not be opened; left untouched. */
  failed: number;
}

export interface TokenVaultOptions {
  logger?: Logger;
  /** Collection name; tests may isolate vaults in one store. */
  collection?: string;
  /**
   * This process alone writes the store (SQLite outside sharding). The vault then keeps the set of
   * linked users and up to `cacheEntries` envelopes (sealed, never the plaintext) in memory, so a
   * command seldom waits for a store read. Another writer's changes would go unseen. Default: off.
   */
  exclusive?: { cacheEntries: number };
}

/**
 * Encrypted per-Discord-user tokens. A present record that cannot be opened is an error, never
 * "not linked": treating it as absent would invite the caller to overwrite it.
 */
export class TokenVault {
  readonly #envelopes: Collection<string>;
  readonly #keyring: KeyRing;
  readonly #logger: Logger;
  /** Per-user chains so put/delete/rotation of one user never interleave within this process. */
  readonly #locks = new Map<string, Promise<unknown>>();
  /** Exclusive mode (set only then): envelopes read or written lately. */
  readonly #cache: LRUCache<string, string> | undefined;
  /** Exclusive mode: every user with a stored record, loaded once and kept up to date by our writes. */
  #linked: Promise<Set<string>> | undefined;
  /** Bumped by every write, so a read that raced a write never caches what it read. */
  #writes = 0;

  constructor(store: Store, keyring: KeyRing, options: TokenVaultOptions = {}) {
    this.#envelopes = store.collection(options.collection ?? VAULT_COLLECTION, envelopeSchema);
    this.#keyring = keyring;
    this.#logger = options.logger ?? createLogger('silent');
    const exclusive = options.exclusive;
    this.#cache = exclusive ? growingLru(Math.max(1, exclusive.cacheEntries)) : undefined;
  }

  /** Exclusive mode: the linked users, scanned from the store on first use. */
  #linkedUsers(): Promise<Set<string>> | undefined {
    if (!this.#cache) return undefined;
    if (!this.#linked) {
      const scan = (async () => {
        const ids = new Set<string>();
        for await (const userId of this.#envelopes.keys()) ids.add(userId);
        return ids;
      })();
      // A failed scan is retried by the next caller rather than remembered.
      scan.catch(() => {
        if (this.#linked === scan) this.#linked = undefined;
      });
      this.#linked = scan;
    }
    return this.#linked;
  }

  /** Loads what exclusive mode keeps in memory now rather than on the first command. */
  async warm(): Promise<void> {
    await this.#linkedUsers();
  }

  /**
   * Runs a store write, then brings exclusive mode's memory in line: `after` is the envelope a put
   * stores, undefined for a delete. A read that overlapped the write sees the counter move and does
   * not cache what it read.
   */
  async #write<T>(discordUserId: string, write: () => Promise<T>, after: string | undefined): Promise<T> {
    // The set is loaded before the write, so a scan in progress cannot miss or resurrect this user.
    const linked = await this.#linkedUsers();
    this.#writes += 1;
    let written = false;
    try {
      const result = await write();
      written = true;
      return result;
    } finally {
      this.#writes += 1;
      if (written && after !== undefined) {
        this.#cache?.set(discordUserId, after);
        linked?.add(discordUserId);
      } else if (written) {
        this.#cache?.delete(discordUserId);
        linked?.delete(discordUserId);
      } else {
        // After a failed write the store may hold either version: the next read asks it.
        this.#cache?.delete(discordUserId);
        linked?.add(discordUserId);
      }
    }
  }

  async #exclusive<T>(discordUserId: string, task: () => Promise<T>): Promise<T> {
    const previous = this.#locks.get(discordUserId) ?? Promise.resolve();
    const run = previous.then(task, task);
    const settled = run.catch(() => undefined);
    this.#locks.set(discordUserId, settled);
    try {
      return await run;
    } finally {
      if (this.#locks.get(discordUserId) === settled) this.#locks.delete(discordUserId);
    }
  }

  /** Seals and stores the token record for a user, replacing any previous one. */
  async put(discordUserId: string, stored: StoredToken): Promise<void> {
    const envelope = this.#sealed(discordUserId, stored);
    await this.#exclusive(discordUserId, () =>
      this.#write(discordUserId, () => this.#envelopes.set(discordUserId, envelope), envelope),
    );
  }

  /**
   * Stores the user's token and returns exactly the record it replaced, in one compare-and-set in the
   * store: of two processes linking one person at once, each learns what it replaced, so every
   * replaced token can be revoked once and none twice.
   */
  async swap(discordUserId: string, stored: StoredToken): Promise<PreviousToken> {
    const envelope = this.#sealed(discordUserId, stored);
    let replaced: string | undefined;
    const replace = async () => {
      const written = await this.#envelopes.update(discordUserId, (current) => {
        replaced = current;
        return envelope;
      });
      if (written === envelope) return;
      // update leaves a record the store cannot read alone: write over it, nothing in it opens.
      replaced = '';
      await this.#envelopes.set(discordUserId, envelope);
    };
    await this.#exclusive(discordUserId, () => this.#write(discordUserId, replace, envelope));
    return this.#previous(discordUserId, replaced);
  }

  /** Deletes the user's record and returns what it held; of two callers only one gets the token. */
  async take(discordUserId: string): Promise<PreviousToken> {
    const taken = await this.#exclusive(discordUserId, () =>
      this.#write(discordUserId, () => this.#envelopes.take(discordUserId), undefined),
    );
    return this.#previous(discordUserId, taken);
  }

  /** '' stands for a record that was there but unreadable. */
  #previous(discordUserId: string, envelope: string | undefined): PreviousToken {
    if (envelope === undefined) return { kind: 'none' };
    try {
      return { kind: 'token', stored: this.#decode(open(envelope, this.#keyring, discordUserId)) };
    } catch (error) {
      if (error instanceof VaultError) return { kind: 'unreadable' };
      throw error;
    }
  }

  #sealed(discordUserId: string, stored: StoredToken): string {
    const parsed = storedTokenSchema.safeParse(stored);
    if (!parsed.success) {
      const fields = parsed.error.issues.map((issue) => issue.path.join('.') || '(root)').join(', ');
      throw new VaultError(
        'invalid-content',
        `vault: refusing to store an invalid token record (fields: ${fields})`,
      );
    }
    return seal(JSON.stringify(parsed.data), this.#keyring.active, discordUserId);
  }

  /** The user's token record; undefined when none is stored; VaultError when one is stored but cannot be opened. */
  async get(discordUserId: string): Promise<StoredToken | undefined> {
    const linked = await this.#linkedUsers();
    if (linked && !linked.has(discordUserId)) return undefined;
    const cached = this.#cache?.get(discordUserId);
    if (cached !== undefined) return this.#decode(open(cached, this.#keyring, discordUserId));
    const writesBefore = this.#writes;
    const record = await this.#envelopes.read(discordUserId);
    if (record.status === 'absent') return undefined;
    if (record.status === 'invalid') {
      throw new VaultError(
        'unreadable-record',
        `vault: the stored token record is unreadable (${record.reason})`,
      );
    }
    const stored = this.#decode(open(record.value, this.#keyring, discordUserId));
    // Only a record that opened is remembered, and only when no write overlapped the read: one
    // that does not open must keep failing loudly until it is replaced.
    if (this.#writes === writesBefore) this.#cache?.set(discordUserId, record.value);
    return stored;
  }

  #decode(plaintext: string): StoredToken {
    let value: unknown;
    try {
      value = JSON.parse(plaintext);
    } catch {
      // JSON.parse messages quote the input: never pass them on.
      throw new VaultError('invalid-content', 'vault: the decrypted token record is not JSON');
    }
    const parsed = storedTokenSchema.safeParse(value);
    if (!parsed.success) {
      throw new VaultError(
        'invalid-content',
        'vault: the decrypted token record does not match the expected shape',
      );
    }
    return parsed.data;
  }

  /**
   * Seals short-lived secret text (a token waiting for its owner's confirmation) with the active key,
   * bound to one user and one purpose: it opens for neither another user nor as a vault record.
   */
  sealTransient(purpose: string, discordUserId: string, plaintext: string): string {
    return seal(plaintext, this.#keyring.active, `${purpose}\u0000${discordUserId}`);
  }

  /** Opens what sealTransient sealed for the same purpose and user; VaultError otherwise. */
  openTransient(purpose: string, discordUserId: string, envelope: string): string {
    return open(envelope, this.#keyring, `${purpose}\u0000${discordUserId}`);
  }

  /** True when a record is stored for the user (whether or not it can be opened). */
  async has(discordUserId: string): Promise<boolean> {
    return (await this.#envelopes.read(discordUserId)).status !== 'absent';
  }

  /** Removes the user's record; true when one existed. */
  async delete(discordUserId: string): Promise<boolean> {
    return this.#exclusive(discordUserId, () =>
      this.#write(discordUserId, () => this.#envelopes.delete(discordUserId), undefined),
    );
  }

  /**
   * Key ids that stored envelopes name and no configured key has (each once). An envelope too
   * damaged to name a key is not counted here: it is one unreadable record, not a missing key.
   */
  async unknownKeyIds(): Promise<string[]> {
    const unknown = new Set<string>();
    for await (const [, envelope] of this.#envelopes.entries()) {
      const kid = envelopeKeyId(envelope);
      if (kid !== undefined && this.#keyring.get(kid) === undefined) unknown.add(kid);
    }
    return [...unknown].sort();
  }

  /** Every Discord user id with a stored record. */
  async *userIds(): AsyncGenerator<string> {
    yield* this.#envelopes.keys();
  }

  /**
   * Re-seals every envelope with the active key. An envelope that cannot be opened is left as it is and
   * counted in `failed`. A record that changes while it is being re-sealed keeps the newer write.
   */
  async rotate(): Promise<RotationResult> {
    const result: RotationResult = { rotated: 0, unchanged: 0, failed: 0 };
    // Collect first: the walk then never sees its own writes.
    const userIds: string[] = [];
    for await (const userId of this.#envelopes.keys()) userIds.push(userId);
    const active = this.#keyring.active;
    for (const userId of userIds) {
      const outcome = await this.#exclusive(userId, () => this.#rotateOne(userId));
      if (outcome !== 'gone') result[outcome] += 1;
    }
    this.#logger.info({ ...result, activeKey: active.kid }, 'vault: rotation finished');
    return result;
  }

  /** Re-seals one user's envelope with the active key; 'gone' when it vanished or changed meanwhile. */
  async #rotateOne(userId: string): Promise<keyof RotationResult | 'gone'> {
    const active = this.#keyring.active;
    const record = await this.#envelopes.read(userId);
    if (record.status === 'absent') return 'gone';
    if (record.status === 'invalid') {
      this.#logger.warn({ user: userId, reason: record.reason }, 'vault: cannot rotate an unreadable record');
      return 'failed';
    }
    let plaintext: string;
    try {
      plaintext = open(record.value, this.#keyring, userId);
    } catch (error) {
      const reason = error instanceof VaultError ? error.reason : 'error';
      this.#logger.warn(
        { user: userId, reason, kid: envelopeKeyId(record.value) },
        'vault: cannot rotate an envelope that does not open',
      );
      return 'failed';
    }
    if (envelopeKeyId(record.value) === active.kid) return 'unchanged';
    const resealed = seal(plaintext, active, userId);
    // Another process (the running bot) may link or unlink meanwhile: compare-and-set in the store
    // writes only over the very envelope that was read, so its write wins.
    let replaced = false;
    await this.#write(
      userId,
      async () => {
        const stored = await this.#envelopes.update(userId, (current) =>
          current === record.value ? resealed : undefined,
        );
        replaced = stored === resealed;
      },
      resealed,
    );
    if (replaced) return 'rotated';
    this.#cache?.delete(userId);
    return 'gone';
  }
}
