import { type Config, loadConfig } from '../config.js';
import { isEntryPoint } from '../entry-point.js';
import { createLogger, type Logger } from '../logger.js';
import { openStore } from '../store/index.js';
import { loadKeyRing } from '../vault/keyring.js';
import { type RotationResult, TokenVault } from '../vault/token-vault.js';

/**
 * `npm run vault:rotate`: re-seals every stored token with the active key (the first of VAULT_KEYS).
 * Run it after putting a new key first in VAULT_KEYS; once it reports no failures the old keys can go.
 */
export async function rotateVault(config: Config, logger: Logger): Promise<RotationResult> {
  // Never generate a key here: a fresh key would open nothing.
  const keyring = await loadKeyRing(config, logger, { createKeyFile: false });
  const store = await openStore(config.databaseUrl, { logger });
  try {
    return await new TokenVault(store, keyring, { logger }).rotate();
  } finally {
    await store.close();
  }
}

async function main(): Promise<void> {
  let logger: Logger = createLogger('info', process.stderr);
  try {
    const config = loadConfig();
    logger = createLogger(config.logLevel, process.stderr);
    const { rotated, unchanged, failed } = await rotateVault(config, logger);
    process.stdout.write(
      `vault rotation: ${rotated} re-sealed, ${unchanged} already current, ${failed} failed\n`,
    );
    if (failed > 0) {
      process.stdout.write(
        'Some tokens could not be opened with the configured keys; they were left untouched.\n',
      );
      process.exitCode = 1;
    }
  } catch (error) {
    process.stderr.write(
      `vault rotation failed: ${error instanceof Error ? error.message : String(error)}\n`,
    );
    process.exitCode = 2;
  }
}

if (isEntryPoint(import.meta.url)) await main();
