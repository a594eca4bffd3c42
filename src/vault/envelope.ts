import { createCipheriv, createDecipheriv, type KeyObject, randomBytes } from 'node:crypto';
import { VaultError } from './errors.js';

/**
 * Envelope text: `v1.<kid>.<iv>.<tag>.<ciphertext>`, binary parts in unpadded base64url.
 * AES-256-GCM with a random 12-byte IV; the associated data binds the format version, the key id and
 * the Discord user id, so an envelope copied to another user, relabelled with another key id, or
 * re-versioned fails to open.
 */
const VERSION = 'v1';
const IV_BYTES = 12;
const TAG_BYTES = 16;
const ALGORITHM = 'aes-256-gcm';

/** Key ids are short and safe to print and to embed in the envelope text. */
export const KEY_ID_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;

/** A key able to seal: its id and the 32-byte AES key. */
export interface SealingKey {
  readonly kid: string;
  readonly key: KeyObject;
}

/** Where `open` finds the key named by an envelope (a KeyRing). */
export interface KeyLookup {
  get(kid: string): SealingKey | undefined;
}

function associatedData(kid: string, discordUserId: string): Buffer {
  // JSON array: unambiguous whatever characters the parts hold.
  return Buffer.from(JSON.stringify(['kiroku/vault', VERSION, kid, discordUserId]), 'utf8');
}

function assertUserId(discordUserId: string): void {
  if (typeof discordUserId !== 'string' || discordUserId.length === 0) {
    throw new VaultError('malformed', 'vault: a Discord user id is required');
  }
}

/** Strict base64url: only canonical encodings, so a changed character cannot decode to the same bytes. */
function decodePart(part: string): Buffer | undefined {
  if (!/^[A-Za-z0-9_-]*$/.test(part)) return undefined;
  const bytes = Buffer.from(part, 'base64url');
  return bytes.toString('base64url') === part ? bytes : undefined;
}

interface ParsedEnvelope {
  kid: string;
  iv: Buffer;
  tag: Buffer;
  ciphertext: Buffer;
}

function parse(envelope: string): ParsedEnvelope {
  const malformed = () => new VaultError('malformed', 'vault: not a valid envelope');
  if (typeof envelope !== 'string') throw malformed();
  const parts = envelope.split('.');
  if (parts.length !== 5) throw malformed();
  const [version, kid, ivText, tagText, ciphertextText] = parts as [string, string, string, string, string];
  if (version !== VERSION) {
    throw new VaultError(
      'malformed',
      `vault: unsupported envelope version ${JSON.stringify(version.slice(0, 8))}`,
    );
  }
  if (!KEY_ID_PATTERN.test(kid)) throw malformed();
  const iv = decodePart(ivText);
  const tag = decodePart(tagText);
  const ciphertext = decodePart(ciphertextText);
  if (iv?.length !== IV_BYTES || tag?.length !== TAG_BYTES || !ciphertext) throw malformed();
  return { kid, iv, tag, ciphertext };
}

/** The key id an envelope names, without opening it; undefined when the text is not an envelope. */
export function envelopeKeyId(envelope: string): string | undefined {
  try {
    return parse(envelope).kid;
  } catch {
    return undefined;
  }
}

/** Encrypts `plaintext` for one Discord user with the given key. */
export function seal(plaintext: string, key: SealingKey, discordUserId: string): string {
  assertUserId(discordUserId);
  if (!KEY_ID_PATTERN.test(key.kid)) throw new VaultError('malformed', 'vault: invalid key id');
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv(ALGORITHM, key.key, iv, { authTagLength: TAG_BYTES });
  cipher.setAAD(associatedData(key.kid, discordUserId));
  const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  const tag = cipher.getAuthTag();
  return [
    VERSION,
    key.kid,
    iv.toString('base64url'),
    tag.toString('base64url'),
    ciphertext.toString('base64url'),
  ].join('.');
}

/** Decrypts an envelope sealed for `discordUserId`; throws VaultError on any mismatch (fails closed). */
export function open(envelope: string, keyring: KeyLookup, discordUserId: string): string {
  assertUserId(discordUserId);
  const { kid, iv, tag, ciphertext } = parse(envelope);
  const key = keyring.get(kid);
  if (!key) {
    throw new VaultError(
      'unknown-key',
      `vault: the envelope was sealed with key "${kid}", which is not configured (add it to VAULT_KEYS)`,
    );
  }
  try {
    const decipher = createDecipheriv(ALGORITHM, key.key, iv, { authTagLength: TAG_BYTES });
    decipher.setAAD(associatedData(kid, discordUserId));
    decipher.setAuthTag(tag);
    return Buffer.concat([decipher.update(ciphertext), decipher.final()]).toString('utf8');
  } catch {
    throw new VaultError(
      'auth-failed',
      `vault: the envelope does not authenticate with key "${kid}" for this user (tampered, wrong key, or another user's)`,
    );
  }
}
