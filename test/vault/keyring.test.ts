import { randomBytes } from 'node:crypto';
import { chmod, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { inspect } from 'node:util';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ConfigError, parseConfig } from '#src/config.js';
import { deriveKeyId, loadKeyRing, open, seal } from '#src/vault/index.js';
import { captureLogger } from '../support/log-capture.js';

const key = () => randomBytes(32).toString('base64');
const posix = process.platform !== 'win32';

let dataDir: string;
beforeEach(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'kiroku-keyring-'));
});
afterEach(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

async function configError(run: () => Promise<unknown>): Promise<ConfigError> {
  const error = await run().then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(ConfigError);
  return error as ConfigError;
}

describe('loadKeyRing', () => {
  it('uses VAULT_KEY with an id derived from the key, different for different keys', async () => {
    const log = captureLogger();
    const a = key();
    const b = key();
    const ringA = await loadKeyRing({ vaultKey: a, vaultKeys: undefined, dataDir }, log.logger);
    const ringA2 = await loadKeyRing({ vaultKey: a, vaultKeys: undefined, dataDir }, log.logger);
    const ringB = await loadKeyRing({ vaultKey: b, vaultKeys: undefined, dataDir }, log.logger);
    expect(ringA.active.kid).toMatch(/^h[0-9a-f]{12}$/);
    expect(ringA.active.kid).toBe(ringA2.active.kid);
    expect(ringA.active.kid).not.toBe(ringB.active.kid);
    expect(ringA.active.kid).toBe(deriveKeyId(Buffer.from(a, 'base64')));
    expect(await readdir(dataDir)).toEqual([]);
  });

  it('uses VAULT_KEYS: the first key seals, every key opens', async () => {
    const log = captureLogger();
    const oldRing = await loadKeyRing(
      { vaultKey: undefined, vaultKeys: `old:${key()}`, dataDir },
      log.logger,
    );
    const oldKey = oldRing.active.key.export().toString('base64');
    const ring = await loadKeyRing(
      { vaultKey: undefined, vaultKeys: ` new:${key()} , old:${oldKey} `, dataDir },
      log.logger,
    );
    expect(ring.kids).toEqual(['new', 'old']);
    expect(ring.active.kid).toBe('new');
    const envelope = seal('s', oldRing.active, '1');
    expect(open(envelope, ring, '1')).toBe('s');
  });

  it('still opens envelopes sealed under VAULT_KEY after that key moves into VAULT_KEYS under a name', async () => {
    const log = captureLogger();
    const a = key();
    const before = await loadKeyRing({ vaultKey: a, vaultKeys: undefined, dataDir }, log.logger);
    const envelope = seal('token', before.active, '42');
    const after = await loadKeyRing(
      { vaultKey: undefined, vaultKeys: `b:${key()},a:${a}`, dataDir },
      log.logger,
    );
    expect(open(envelope, after, '42')).toBe('token');
  });

  it('accepts base64url keys and surrounding whitespace', async () => {
    const raw = randomBytes(32);
    const ring = await loadKeyRing(
      { vaultKey: `  ${raw.toString('base64url')}\n`, vaultKeys: undefined, dataDir },
      captureLogger().logger,
    );
    expect(ring.active.kid).toBe(deriveKeyId(raw));
  });

  it('rejects keys that are not 32 bytes of base64, naming the variable and never echoing the value', async () => {
    const logger = captureLogger().logger;
    const short = randomBytes(16).toString('base64');
    for (const bad of [short, 'not base64 at all!!', `${key()}AAAA`, 'x'.repeat(44)]) {
      const error = await configError(() =>
        loadKeyRing({ vaultKey: bad, vaultKeys: undefined, dataDir }, logger),
      );
      expect(error.message).toMatch(/^VAULT_KEY:/);
      expect(error.message).not.toContain(bad.trim());
    }
    const listError = await configError(() =>
      loadKeyRing({ vaultKey: undefined, vaultKeys: `good:${key()},bad:${short}`, dataDir }, logger),
    );
    expect(listError.message).toMatch(/^VAULT_KEYS/);
    expect(listError.message).toContain('"bad"');
    expect(listError.message).not.toContain(short);
    for (const list of [`${key()}`, `:${key()}`, `bad id:${key()}`, `a:${key()},a:${key()}`, ',']) {
      const error = await configError(() =>
        loadKeyRing({ vaultKey: undefined, vaultKeys: list, dataDir }, logger),
      );
      expect(error.message).toMatch(/^VAULT_KEYS/);
    }
    const both = await configError(() =>
      loadKeyRing({ vaultKey: key(), vaultKeys: `a:${key()}`, dataDir }, logger),
    );
    expect(both.message).toMatch(/VAULT_KEY or VAULT_KEYS/);
  });

  it('generates $DATA_DIR/vault.key (mode 0600) once, logs its path but not the key, and reuses it', async () => {
    const nested = path.join(dataDir, 'fresh', 'data');
    const log = captureLogger();
    const first = await loadKeyRing(
      { vaultKey: undefined, vaultKeys: undefined, dataDir: nested },
      log.logger,
    );
    const file = path.join(nested, 'vault.key');
    const content = await readFile(file, 'utf8');
    expect(Buffer.from(content.trim(), 'base64')).toHaveLength(32);
    if (posix) expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect(await readdir(nested)).toEqual(['vault.key']);

    const lines = log.records();
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ level: 40, path: file });
    expect(log.text()).not.toContain(content.trim());

    const second = await loadKeyRing(
      { vaultKey: undefined, vaultKeys: undefined, dataDir: nested },
      log.logger,
    );
    expect(second.active.kid).toBe(first.active.kid);
    expect(log.records()).toHaveLength(1);
    expect(await readFile(file, 'utf8')).toBe(content);
    expect(open(seal('x', first.active, '1'), second, '1')).toBe('x');
  });

  it('creates one key when several starts race for the file', async () => {
    const logger = captureLogger().logger;
    const rings = await Promise.all(
      Array.from({ length: 8 }, () =>
        loadKeyRing({ vaultKey: undefined, vaultKeys: undefined, dataDir }, logger),
      ),
    );
    expect(new Set(rings.map((ring) => ring.active.kid)).size).toBe(1);
    expect(await readdir(dataDir)).toEqual(['vault.key']);
  });

  it.runIf(posix)('warns when the key file is readable by group or others', async () => {
    const log = captureLogger();
    await loadKeyRing({ vaultKey: undefined, vaultKeys: undefined, dataDir }, log.logger);
    await chmod(path.join(dataDir, 'vault.key'), 0o644);
    const reread = captureLogger();
    await loadKeyRing({ vaultKey: undefined, vaultKeys: undefined, dataDir }, reread.logger);
    expect(reread.records()).toEqual([
      expect.objectContaining({ level: 40, mode: '644', msg: expect.stringContaining('chmod 600') }),
    ]);
  });

  it('refuses a corrupt key file instead of replacing it', async () => {
    const file = path.join(dataDir, 'vault.key');
    await writeFile(file, 'garbage\n', { mode: 0o600 });
    const error = await configError(() =>
      loadKeyRing({ vaultKey: undefined, vaultKeys: undefined, dataDir }, captureLogger().logger),
    );
    expect(error.message).toContain(file);
    expect(error.message).toContain('VAULT_KEY');
    expect(await readFile(file, 'utf8')).toBe('garbage\n');
  });

  it('keeps a generated key file as an open-only key after VAULT_KEY is set', async () => {
    const generated = await loadKeyRing(
      { vaultKey: undefined, vaultKeys: undefined, dataDir },
      captureLogger().logger,
    );
    const envelope = seal('old token', generated.active, '7');
    const log = captureLogger();
    const ring = await loadKeyRing({ vaultKey: key(), vaultKeys: undefined, dataDir }, log.logger);
    expect(ring.active.kid).not.toBe(generated.active.kid);
    expect(open(envelope, ring, '7')).toBe('old token');
    expect(log.text()).toContain('vault:rotate');
  });

  it('accepts the parsed Config and never prints key material', async () => {
    const a = key();
    const config = parseConfig({ DATA_DIR: dataDir, VAULT_KEYS: `main:${a}` });
    const ring = await loadKeyRing(config, captureLogger().logger);
    expect(ring.active.kid).toBe('main');
    const printed = `${inspect(ring)} ${JSON.stringify(ring)} ${inspect(ring.active)}`;
    expect(printed).not.toContain(a);
    expect(printed).not.toContain(Buffer.from(a, 'base64').toString('hex'));
  });
});
