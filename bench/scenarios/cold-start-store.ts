/**
 * Part of the cold-start scenario: a restart of a bot with a following (10,000 linked users in its
 * vault) against a restart of the same build on an empty store, alternating, plain node on the bundle.
 * What the store's size adds to a restart: its `store` step (opening SQLite, the vault key, the
 * upgrade check) and its `vault` step (the linked users read into memory).
 */
import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startFakeDiscord } from '../../test/fakes/discord/fake-discord.js';
import { DEMO_TOKENS } from '../../test/fakes/emulator/seed.js';
import { startEmulator } from '../../test/fakes/emulator/server.js';
import { bundledPath } from '../build.js';
import { spawnScript } from '../spawn.js';
import { median, round } from '../stats.js';
import { type Row, row } from '../types.js';
import { fillVault } from '../vault-fill.js';

const NAME = 'cold-start';
const GUILDS = 100;

interface Restart {
  readyMs: number;
  steps: Record<string, number>;
}

interface Place {
  dataDir: string;
  vaultKey: string;
  compileCache: string;
}

async function restartOnce(place: Place, fakes: Record<string, string>): Promise<Restart> {
  const child = spawnScript({
    runner: 'compiled',
    script: bundledPath('src/main.ts'),
    env: {
      ...fakes,
      DATA_DIR: place.dataDir,
      VAULT_KEY: place.vaultKey,
      LOG_LEVEL: 'info',
      NODE_COMPILE_CACHE: place.compileCache,
    },
  });
  try {
    const ready = await child.waitForLine(/kiroku is ready/, 60_000);
    const steps = (JSON.parse(ready.line) as { startMs?: Record<string, number> }).startMs ?? {};
    return { readyMs: ready.at - child.spawnedAt, steps };
  } finally {
    await child.stop();
  }
}

async function placeFor(root: string, name: string, linkedUsers: number): Promise<Place> {
  const dataDir = path.join(root, name);
  const vaultKey = randomBytes(32).toString('base64');
  await mkdir(dataDir, { recursive: true });
  if (linkedUsers > 0) await fillVault(dataDir, vaultKey, linkedUsers);
  return { dataDir, vaultKey, compileCache: path.join(root, `cache-${name}`) };
}

/** Alternating restarts of a filled and an empty store; the first of each (a first start) is left out. */
export async function storeRestartRows(
  options: { linkedUsers: number; restarts: number },
  log: (line: string) => void,
): Promise<Row[]> {
  const root = await mkdtemp(path.join(tmpdir(), 'kiroku-bench-cold-store-'));
  const emulator = await startEmulator({ seed: 'demo' });
  const discord = await startFakeDiscord({ guilds: GUILDS });
  const fakes = {
    DISCORD_TOKEN: discord.botToken,
    DISCORD_REST_URL: discord.restUrl,
    SERVICE_URL: emulator.url,
    SERVICE_TOKEN: DEMO_TOKENS.carol,
  };
  try {
    const filled = await placeFor(root, 'filled', options.linkedUsers);
    const empty = await placeFor(root, 'empty', 0);
    const runs: Record<'filled' | 'empty', Restart[]> = { filled: [], empty: [] };
    for (let r = 0; r <= options.restarts; r++) {
      for (const [name, place] of [
        ['filled', filled],
        ['empty', empty],
      ] as const) {
        const restart = await restartOnce(place, fakes);
        if (r > 0) runs[name].push(restart);
        log(
          `  ${name} store run ${r + 1}: ${restart.readyMs.toFixed(0)} ms ${JSON.stringify(restart.steps)}`,
        );
      }
    }
    return rowsOf(runs, options.linkedUsers);
  } finally {
    await discord.close();
    await emulator.close();
    await rm(root, { recursive: true, force: true });
  }
}

function rowsOf(runs: Record<'filled' | 'empty', Restart[]>, linkedUsers: number): Row[] {
  const med = (list: Restart[], pick: (r: Restart) => number | undefined) =>
    round(median(list.map(pick).filter((ms): ms is number => ms !== undefined)), 0);
  const what = `restart with ${linkedUsers.toLocaleString('en-US')} linked users in the store, node dist/bundle/src/main.js`;
  const note = `median of ${runs.filled.length} restarts each, alternating with the same build on an empty store; ${GUILDS} guilds`;
  return [
    row(NAME, `${what}: spawn → ready`, {
      value: med(runs.filled, (r) => r.readyMs),
      unit: 'ms',
      baseline: med(runs.empty, (r) => r.readyMs),
      baselineLabel: 'same build, empty store',
      note,
    }),
    ...(['store', 'vault'] as const).map((step) =>
      row(NAME, `${what}: start step ${step}`, {
        value: med(runs.filled, (r) => r.steps[step]),
        unit: 'ms',
        baseline: med(runs.empty, (r) => r.steps[step]),
        baselineLabel: 'same build, empty store',
        note,
      }),
    ),
  ];
}
