import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { envelopeKeyId, KeyRing, open, seal, VaultError } from '#src/vault/index.js';

const alice = '111111111111111111';
const bob = '222222222222222222';
const secret = 'personal-token-ABCDEF0123456789';

function ring(kid = 'k1'): KeyRing {
  return KeyRing.fromKeys([{ kid, key: randomBytes(32) }]);
}

/** Flips one bit of one decoded binary part (1 = iv, 2 = tag, 3 = ciphertext) and re-encodes it canonically. */
function flipByte(envelope: string, partIndex: 2 | 3 | 4, byteIndex = 0): string {
  const parts = envelope.split('.');
  const bytes = Buffer.from(parts[partIndex] ?? '', 'base64url');
  bytes[byteIndex] = (bytes[byteIndex] ?? 0) ^ 0x01;
  parts[partIndex] = bytes.toString('base64url');
  return parts.join('.');
}

function failure(run: () => unknown): VaultError {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(VaultError);
    return error as VaultError;
  }
  throw new Error('expected a VaultError');
}

describe('envelope', () => {
  it('round-trips, with a fresh IV each time and no plaintext in the envelope', () => {
    const keys = ring();
    const first = seal(secret, keys.active, alice);
    const second = seal(secret, keys.active, alice);
    expect(first).not.toBe(second);
    expect(first.startsWith('v1.k1.')).toBe(true);
    expect(first).not.toContain(secret);
    expect(open(first, keys, alice)).toBe(secret);
    expect(open(seal('', keys.active, alice), keys, alice)).toBe('');
    expect(open(seal('日本語のトークン', keys.active, alice), keys, alice)).toBe('日本語のトークン');
    expect(envelopeKeyId(first)).toBe('k1');
  });

  it.each([
    ['iv', 2],
    ['tag', 3],
    ['ciphertext', 4],
  ] as const)('fails closed when one byte of the %s is flipped', (_name, part) => {
    const keys = ring();
    const envelope = seal(secret, keys.active, alice);
    for (const byteIndex of [0, 5, 11]) {
      const error = failure(() => open(flipByte(envelope, part, byteIndex), keys, alice));
      expect(error.reason).toBe('auth-failed');
      expect(error.message).not.toContain(secret);
    }
  });

  it('fails when the envelope is moved to another user', () => {
    const keys = ring();
    const error = failure(() => open(seal(secret, keys.active, alice), keys, bob));
    expect(error.reason).toBe('auth-failed');
    expect(error.message).toContain('another user');
  });

  it('fails with a clear error under the wrong key, whether or not the key id matches', () => {
    const envelope = seal(secret, ring('k1').active, alice);
    const sameIdOtherKey = failure(() => open(envelope, ring('k1'), alice));
    expect(sameIdOtherKey.reason).toBe('auth-failed');
    expect(sameIdOtherKey.message).toMatch(/key "k1"/);
    const unknownId = failure(() => open(envelope, ring('k2'), alice));
    expect(unknownId.reason).toBe('unknown-key');
    expect(unknownId.message).toMatch(/VAULT_KEYS/);
    expect(unknownId.message).not.toContain(secret);
  });

  it('binds the key id and version: relabelling an envelope fails', () => {
    const key = randomBytes(32);
    const keys = KeyRing.fromKeys([
      { kid: 'k1', key },
      { kid: 'k2', key },
    ]);
    const envelope = seal(secret, keys.active, alice);
    expect(failure(() => open(envelope.replace(/^v1\.k1\./, 'v1.k2.'), keys, alice)).reason).toBe(
      'auth-failed',
    );
    expect(failure(() => open(envelope.replace(/^v1\./, 'v2.'), keys, alice)).reason).toBe('malformed');
  });

  it('rejects malformed envelopes, including non-canonical base64', () => {
    const keys = ring();
    const envelope = seal(secret, keys.active, alice);
    const parts = envelope.split('.');
    const truncatedIv = [...parts];
    truncatedIv[2] = (parts[2] ?? '').slice(0, -2);
    const cases = [
      '',
      'v1',
      'not an envelope',
      `${envelope}.extra`,
      truncatedIv.join('.'),
      envelope.replace(/\.[^.]*$/, '.***'),
    ];
    for (const text of cases) {
      const error = failure(() => open(text, keys, alice));
      expect(['malformed', 'auth-failed']).toContain(error.reason);
    }
    // The secret is 31 bytes, so the ciphertext's last base64url character carries 4 unused bits: bumping
    // it by one decodes to the same bytes. Only the canonical-encoding check refuses it.
    const ct = parts[4] ?? '';
    expect(ct.length % 4).toBe(2);
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
    const bumped = alphabet[alphabet.indexOf(ct.at(-1) ?? 'A') + 1] ?? 'A';
    const sameBytes = [...parts.slice(0, 4), ct.slice(0, -1) + bumped].join('.');
    expect(Buffer.from(ct.slice(0, -1) + bumped, 'base64url')).toEqual(Buffer.from(ct, 'base64url'));
    expect(failure(() => open(sameBytes, keys, alice)).reason).toBe('malformed');
    expect(failure(() => open(envelope, keys, '')).reason).toBe('malformed');
  });
});
