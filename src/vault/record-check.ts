/**
 * Which stored token envelopes are merely corrupt (to be quarantined) rather than sealed with a key
 * this process lacks (a configuration matter: those stay where they are).
 */
import type { RecordInspection } from '../store/record-kinds.js';
import { open } from './envelope.js';
import { VaultError } from './errors.js';
import { deriveKeyId, type KeyRing } from './keyring.js';
import { storedTokenSchema } from './token-vault.js';

export function inspectEnvelope(keyring: KeyRing): RecordInspection {
  return (discordUserId, value) => {
    if (typeof value !== 'string') return 'the token envelope is not text';
    let plaintext: string;
    try {
      plaintext = open(value, keyring, discordUserId);
    } catch (error) {
      if (!(error instanceof VaultError)) throw error;
      if (error.reason === 'malformed') return 'the token envelope is malformed';
      if (error.reason !== 'auth-failed') return undefined;
      // A key id derived from the key itself names exactly that key: a failed check is damage, not a
      // wrong key. A named id (VAULT_KEYS) may be bound to the wrong key, which is the operator's to fix.
      const kid = value.split('.')[1] ?? '';
      const key = keyring.get(kid);
      return key && deriveKeyId(key.key) === kid
        ? 'the token envelope does not authenticate (damaged)'
        : undefined;
    }
    try {
      return storedTokenSchema.safeParse(JSON.parse(plaintext)).success
        ? undefined
        : 'the sealed token record does not match its schema';
    } catch {
      return 'the sealed token record is not JSON';
    }
  };
}
