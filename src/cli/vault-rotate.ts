/**
 * `npm run vault:rotate [-- --yes]`: re-seals every stored token with the active key (the first of
 * VAULT_KEYS). Without `--yes` it only shows what it would do; run it with `--yes` after putting a new
 * key first in VAULT_KEYS, and once it reports no failures the old keys can go.
 */
import type { Config } from '../config.js';
import { isEntryPoint } from '../lib/entry-point.js';
import type { Logger } from '../logger.js';
import { openStore } from '../store/index.js';
import { envelopeKeyId, open } from '../vault/envelope.js';
import { type KeyRing, loadKeyRing } from '../vault/keyring.js';
import { envelopeSchema, type RotationResult, TokenVault, VAULT_COLLECTION } from '../vault/token-vault.js';
import { type CliContext, CliRefusal, HELP, runCli, strictArgs } from './cli-common.js';

const ROTATE_HELP = `Usage: npm run vault:rotate [-- --yes]
       node dist/src/cli/vault-rotate.js [--yes]

Re-seals every stored token with the active key: the first of VAULT_KEYS (put the new key first,
restart the bot, then run this). Without --yes it shows what it would do and changes nothing.
  --yes        re-seal them
  -h, --help   this text (reads no configuration)`;

/** What a rotation would do: tokens to re-seal (by the key sealing them now), current ones, and ones no key opens. */
interface RotationPlan {
  activeKey: string;
  toReseal: Map<string, number>;
  current: number;
  unopenable: number;
}

async function withVault<T>(
  config: Config,
  logger: Logger,
  work: (ring: KeyRing, vault: TokenVault, store: Awaited<ReturnType<typeof openStore>>) => Promise<T>,
): Promise<T> {
  // Never generate a key here: a fresh key would open nothing.
  const keyring = await loadKeyRing(config, logger, { createKeyFile: false });
  const store = await openStore(config.databaseUrl, { logger });
  try {
    return await work(keyring, new TokenVault(store, keyring, { logger }), store);
  } finally {
    await store.close();
  }
}

/** Reads every envelope and says what `rotateVault` would do with it; writes nothing. */
function planRotation(config: Config, logger: Logger): Promise<RotationPlan> {
  return withVault(config, logger, async (keyring, _vault, store) => {
    const plan: RotationPlan = {
      activeKey: keyring.active.kid,
      toReseal: new Map(),
      current: 0,
      unopenable: 0,
    };
    for await (const [userId, envelope] of store.collection(VAULT_COLLECTION, envelopeSchema).entries()) {
      const kid = envelopeKeyId(envelope) ?? '(none)';
      try {
        open(envelope, keyring, userId);
      } catch {
        plan.unopenable += 1;
        continue;
      }
      if (kid === keyring.active.kid) plan.current += 1;
      else plan.toReseal.set(kid, (plan.toReseal.get(kid) ?? 0) + 1);
    }
    return plan;
  });
}

/** Re-seals every stored token with the active key. */
export function rotateVault(config: Config, logger: Logger): Promise<RotationResult> {
  return withVault(config, logger, (_keyring, vault) => vault.rotate());
}

function describePlan(plan: RotationPlan): string[] {
  const resealed = [...plan.toReseal.values()].reduce((a, b) => a + b, 0);
  const byKey = [...plan.toReseal].map(([kid, n]) => `${n} sealed with key ${kid}`).join(', ');
  const lines = [
    `vault rotation plan (nothing changed yet); active key: ${plan.activeKey}`,
    `  to re-seal with it: ${resealed}${resealed ? ` (${byKey})` : ''}`,
    `  already sealed with it: ${plan.current}`,
  ];
  if (plan.unopenable > 0) lines.push(`  that no configured key opens, left as they are: ${plan.unopenable}`);
  lines.push(resealed > 0 ? 'Run again with --yes to re-seal them.' : 'Nothing to re-seal.');
  return lines;
}

async function run({ config, logger, out }: CliContext, { yes }: { yes: boolean }): Promise<void> {
  if (!yes) {
    const plan = await planRotation(config, logger);
    for (const line of describePlan(plan)) out(line);
    // Asked to rotate, it did not: a script that forgot --yes must not read this as done.
    if (plan.toReseal.size > 0) throw new CliRefusal('not confirmed: nothing was re-sealed (add --yes)');
    return;
  }
  const { rotated, unchanged, failed } = await rotateVault(config, logger);
  out(`vault rotation: ${rotated} re-sealed, ${unchanged} already current, ${failed} failed`);
  if (failed > 0)
    throw new CliRefusal(
      'some tokens could not be opened with the configured keys; they were left untouched',
    );
}

function parseRotate(argv: string[]): { yes: boolean } | typeof HELP {
  const { values } = strictArgs(argv, {
    options: { yes: { type: 'boolean', default: false }, help: { type: 'boolean', short: 'h' } },
  });
  return values.help ? HELP : { yes: values.yes };
}

if (isEntryPoint(import.meta.url))
  await runCli('vault:rotate', { usage: ROTATE_HELP, parse: parseRotate, run });
