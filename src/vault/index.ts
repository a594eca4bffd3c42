export { envelopeKeyId, type KeyLookup, open, type SealingKey, seal } from './envelope.js';
export { VaultError, type VaultErrorReason } from './errors.js';
export {
  deriveKeyId,
  KeyRing,
  type KeyRingSource,
  type LoadKeyRingOptions,
  loadKeyRing,
  parseKey,
  parseKeyList,
} from './keyring.js';
export {
  type PreviousToken,
  type RotationResult,
  type StoredToken,
  storedTokenSchema,
  TokenVault,
  type TokenVaultOptions,
  VAULT_COLLECTION,
} from './token-vault.js';
