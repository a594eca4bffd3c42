/**
 * Why the vault refused: the envelope text is not an envelope (`malformed`), it names a key the ring
 * does not hold (`unknown-key`), authentication failed (`auth-failed`: tampered, wrong key, or sealed for
 * another user), the decrypted content is not a token record (`invalid-content`), or the stored record
 * is unreadable before decryption (`unreadable-record`).
 */
export type VaultErrorReason =
  | 'malformed'
  | 'unknown-key'
  | 'auth-failed'
  | 'invalid-content'
  | 'unreadable-record';

/** Any failure to seal or open a secret. Messages never contain the secret or the envelope. */
export class VaultError extends Error {
  override name = 'VaultError';

  constructor(
    readonly reason: VaultErrorReason,
    message: string,
  ) {
    super(message);
  }
}
