/**
 * Scenario 6: cold start, from spawn() to the ready line on stdout ('kiroku is ready' from
 * src/main.ts; 'bare client is ready' from the baseline), with a fresh DATA_DIR each run (the vault
 * key is generated, the SQLite file created). Both as `npm start` runs it (the tsx CLI) and as the
 * Docker image does (plain node on the tsc output).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startFakeDiscord } from '../../test/fakes/discord/fake-discord.js';
import { DEMO_TOKENS } from '../../test/fakes/emulator/seed.js';
import { startEmulator } from '../../test/fakes/emulator/server.js';
import { compiledPath, ensureBuild } from '../build.js';
import { spawnScript } from '../spawn.js';
import { median, round } from '../stats.js';
import { row, type Scenario } from '../types.js';

const NAME = 'cold-start';
const GUILDS = 100;

type Runner = 'tsx' | 'compiled';
type Who = 'kiroku' | 'bare';

const SCRIPTS: Record<Who, string> = { kiroku: 'src/main.ts', bare: 'bench/children/bare.ts' };
const READY: Record<Who, RegExp> = { kiroku: /kiroku is ready/, bare: /bare client is ready/ };

export const coldStart: Scenario = {
  name: NAME,
  title: 'Cold start: spawn to ready',
  async run(options) {
    const runs = options.quick ? 1 : 3;
    await ensureBuild();
    const emulator = await startEmulator({ seed: 'demo' });
    const discord = await startFakeDiscord({ guilds: GUILDS });
    const times: Record<string, number[]> = {};
    try {
      for (let r = 0; r < runs; r++) {
        for (const runner of ['tsx', 'compiled'] as const satisfies readonly Runner[]) {
          for (const who of ['kiroku', 'bare'] as const satisfies readonly Who[]) {
            const dataDir = await mkdtemp(path.join(tmpdir(), 'kiroku-bench-cold-'));
            const child = spawnScript({
              runner,
              script: runner === 'tsx' ? SCRIPTS[who] : compiledPath(SCRIPTS[who]),
              env: {
                DISCORD_TOKEN: discord.botToken,
                DISCORD_REST_URL: discord.restUrl,
                SERVICE_URL: emulator.url,
                SERVICE_TOKEN: DEMO_TOKENS.carol,
                DATA_DIR: dataDir,
                LOG_LEVEL: 'info',
              },
            });
            try {
              const { at } = await child.waitForLine(READY[who], 60_000);
              const ms = at - child.spawnedAt;
              const key = `${who} ${runner}`;
              times[key] = [...(times[key] ?? []), ms];
              options.log(`  ${key} run ${r + 1}: ${ms.toFixed(0)} ms`);
            } finally {
              await child.stop();
              await rm(dataDir, { recursive: true, force: true });
            }
          }
        }
      }
    } finally {
      await discord.close();
      await emulator.close();
    }
    const med = (key: string) => round(median(times[key] ?? []), 0);
    const rows = (['tsx', 'compiled'] as const).map((runner) =>
      row(
        NAME,
        `spawn → ready, ${runner === 'tsx' ? 'npm start (tsx src/main.ts)' : 'node dist/src/main.js (Docker)'}`,
        {
          value: med(`kiroku ${runner}`),
          unit: 'ms',
          baseline: med(`bare ${runner}`),
          baselineLabel: 'bare client',
          note: `median of ${runs}; ${GUILDS} guilds; runs ${JSON.stringify((times[`kiroku ${runner}`] ?? []).map((t) => Math.round(t)))} vs ${JSON.stringify((times[`bare ${runner}`] ?? []).map((t) => Math.round(t)))}`,
        },
      ),
    );
    return { rows, details: { runs, guilds: GUILDS, timesMs: times } };
  },
};
