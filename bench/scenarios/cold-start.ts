/**
 * Scenario 6: cold start, from spawn() to the ready line on stdout ('kiroku is ready' from
 * src/main.ts; 'bare client is ready' from the baseline), with a fresh DATA_DIR each run (the vault
 * key is generated, the SQLite file created). Both as `npm run dev` runs it (the tsx CLI) and as
 * `npm start` and the Docker image do (plain node on the bundle, tools/bundle.mjs).
 *
 * kiroku keeps Node's compile cache between starts (src/main.ts); here in a fresh folder of its own, so
 * that its first run is a first start after an install and the later ones restarts. The bare client
 * runs as written (plain node, no compile cache): the baseline of the target, as in earlier rounds.
 * It runs a second time with a compile cache of its own too, for the like-for-like ratio. kiroku's ready
 * line carries how long each step of its start took (startMs), reported per step; after it, kiroku
 * says when its command modules are loaded. Then restarts with 10,000 linked users in the store
 * against restarts on an empty one (cold-start-store.ts).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startFakeDiscord } from '../../test/fakes/discord/fake-discord.js';
import { DEMO_TOKENS } from '../../test/fakes/emulator/seed.js';
import { startEmulator } from '../../test/fakes/emulator/server.js';
import { bundledPath, ensureBuild } from '../build.js';
import { spawnScript } from '../spawn.js';
import { median, round } from '../stats.js';
import { type Row, row, type Scenario } from '../types.js';
import { storeRestartRows } from './cold-start-store.js';

const NAME = 'cold-start';
const GUILDS = 100;
const TARGET_RATIO = 1.3;

type Runner = 'tsx' | 'compiled';
/**
 * `bare+cache`: the bare client with a compile cache of its own; `libraries`: the bare client plus the
 * libraries kiroku cannot start without (zod, pino, SQLite through keyv), with a compile cache.
 */
type Who = 'kiroku' | 'bare' | 'bare+cache' | 'libraries';

const SCRIPTS: Record<Who, string> = {
  kiroku: 'src/main.ts',
  bare: 'bench/children/bare.ts',
  'bare+cache': 'bench/children/bare.ts',
  libraries: 'bench/children/bare-libraries.ts',
};
const READY: Record<Who, RegExp> = {
  kiroku: /kiroku is ready/,
  bare: /bare client is ready/,
  'bare+cache': /bare client is ready/,
  libraries: /bare client is ready/,
};
const RUNNER_LABEL: Record<Runner, string> = {
  tsx: 'npm run dev (tsx src/main.ts)',
  compiled: 'node dist/bundle/src/main.js (npm start, Docker)',
};

/** One start: ms to the ready line; kiroku's also its steps and when its commands were loaded. */
interface Start {
  readyMs: number;
  steps?: Record<string, number>;
  commandsLoadedMs?: number;
}

interface Fakes {
  discordToken: string;
  discordRestUrl: string;
  serviceUrl: string;
  /** NODE_COMPILE_CACHE, or undefined to run without one. */
  compileCache: string | undefined;
}

async function startOnce(fakes: Fakes, runner: Runner, who: Who): Promise<Start> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'kiroku-bench-cold-'));
  const child = spawnScript({
    runner,
    // Compiled: the bundle `npm start` and the image run; the bare client is bundled beside it.
    script: runner === 'tsx' ? SCRIPTS[who] : bundledPath(SCRIPTS[who]),
    env: {
      DISCORD_TOKEN: fakes.discordToken,
      DISCORD_REST_URL: fakes.discordRestUrl,
      SERVICE_URL: fakes.serviceUrl,
      SERVICE_TOKEN: DEMO_TOKENS.carol,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'info',
      ...(fakes.compileCache ? { NODE_COMPILE_CACHE: fakes.compileCache } : {}),
    },
  });
  try {
    const ready = await child.waitForLine(READY[who], 60_000);
    const start: Start = { readyMs: ready.at - child.spawnedAt };
    if (who === 'kiroku') {
      start.steps = (JSON.parse(ready.line) as { startMs?: Record<string, number> }).startMs ?? {};
      const loaded = await child.waitForLine(/commands loaded/, 60_000);
      start.commandsLoadedMs = loaded.at - child.spawnedAt;
    }
    return start;
  } finally {
    await child.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

type Starts = Record<`${Who} ${Runner}`, Start[]>;

async function measureStarts(runs: number, log: (line: string) => void): Promise<Starts> {
  const emulator = await startEmulator({ seed: 'demo' });
  const discord = await startFakeDiscord({ guilds: GUILDS });
  const compileCaches = await mkdtemp(path.join(tmpdir(), 'kiroku-bench-compile-cache-'));
  const starts: Starts = {
    'kiroku tsx': [],
    'bare tsx': [],
    'bare+cache tsx': [],
    'kiroku compiled': [],
    'bare compiled': [],
    'bare+cache compiled': [],
    'libraries tsx': [],
    'libraries compiled': [],
  };
  try {
    for (let r = 0; r < runs; r++) {
      for (const runner of ['tsx', 'compiled'] as const) {
        for (const who of ['kiroku', 'bare', 'bare+cache', 'libraries'] as const) {
          const fakes = {
            discordToken: discord.botToken,
            discordRestUrl: discord.restUrl,
            serviceUrl: emulator.url,
            // Each program and runner its own cache, so that every first run is a first start.
            compileCache: who === 'bare' ? undefined : path.join(compileCaches, `${who}-${runner}`),
          };
          const start = await startOnce(fakes, runner, who);
          starts[`${who} ${runner}`].push(start);
          log(
            `  ${who} ${runner} run ${r + 1}: ${start.readyMs.toFixed(0)} ms${start.commandsLoadedMs ? ` (commands loaded at ${start.commandsLoadedMs.toFixed(0)} ms)` : ''}${start.steps ? ` ${JSON.stringify(start.steps)}` : ''}`,
          );
        }
      }
    }
  } finally {
    await discord.close();
    await emulator.close();
    await rm(compileCaches, { recursive: true, force: true });
  }
  return starts;
}

/** Restarts: every run after the first (the first starts with an empty compile cache). */
const restarts = (starts: Start[]) => starts.slice(1);
const medianOf = (values: number[]) => round(median(values), 0);
/** The median time to ready of the restarts. */
const readyOf = (list: Start[]) => medianOf(restarts(list).map((s) => s.readyMs));

function runnerRows(starts: Starts, runner: Runner): Row[] {
  const kiroku = starts[`kiroku ${runner}`];
  const bare = starts[`bare ${runner}`];
  const cached = starts[`bare+cache ${runner}`];
  const ready = readyOf(kiroku);
  const runs = (list: Start[]) => JSON.stringify(list.map((s) => Math.round(s.readyMs)));
  const main = row(NAME, `spawn → ready, ${RUNNER_LABEL[runner]}`, {
    value: ready,
    unit: 'ms',
    baseline: readyOf(bare),
    baselineLabel: 'bare client',
    target: `≤ ${TARGET_RATIO}×`,
    note: `median of the ${restarts(kiroku).length} restarts (kiroku's compile cache filled by its first run); ${GUILDS} guilds; runs ${runs(kiroku)} vs ${runs(bare)}`,
  });
  main.met = main.ratio === null ? null : main.ratio <= TARGET_RATIO;
  return [
    main,
    row(NAME, `spawn → ready, like for like (both with a compile cache), ${RUNNER_LABEL[runner]}`, {
      value: ready,
      unit: 'ms',
      baseline: readyOf(cached),
      baselineLabel: 'bare client with a compile cache',
      note: `bare client runs ${runs(cached)}`,
    }),
    ...libraryRows(starts, runner),
    row(NAME, `first start (empty compile cache), ${RUNNER_LABEL[runner]}`, {
      value: round(kiroku[0]?.readyMs ?? null, 0),
      unit: 'ms',
      baseline: round(bare[0]?.readyMs ?? null, 0),
      baselineLabel: 'bare client, first run',
    }),
    row(NAME, `spawn → commands loaded (after ready), ${RUNNER_LABEL[runner]}`, {
      value: medianOf(restarts(kiroku).flatMap((s) => (s.commandsLoadedMs ? [s.commandsLoadedMs] : []))),
      unit: 'ms',
      baseline: readyOf(bare),
      baselineLabel: 'bare client ready',
      note: 'the command modules load while and after the gateway gets ready; an interaction before then waits for them',
    }),
  ];
}

/**
 * The libraries' floor: the bare client with zod, pino and SQLite loaded and opened (its compile cache
 * filled, as kiroku's is). What kiroku's own modules and steps add is kiroku against it; how far the
 * floor itself is from the bare client says how much of the target is left for them.
 */
function libraryRows(starts: Starts, runner: Runner): Row[] {
  const floor = readyOf(starts[`libraries ${runner}`]);
  const runs = JSON.stringify(starts[`libraries ${runner}`].map((s) => Math.round(s.readyMs)));
  return [
    row(
      NAME,
      `spawn → ready, the libraries kiroku needs and no more (zod, pino, SQLite), ${RUNNER_LABEL[runner]}`,
      {
        value: floor,
        unit: 'ms',
        baseline: readyOf(starts[`bare ${runner}`]),
        baselineLabel: 'bare client',
        note: `bench/children/bare-libraries.ts with a compile cache; runs ${runs}; the target's ratio left for kiroku's own code is ${TARGET_RATIO}× minus this one`,
      },
    ),
    row(NAME, `spawn → ready against that floor, ${RUNNER_LABEL[runner]}`, {
      value: readyOf(starts[`kiroku ${runner}`]),
      unit: 'ms',
      baseline: floor,
      baselineLabel: 'bare client with zod, pino and SQLite',
      note: "what kiroku's own modules and start-up steps add over the libraries it cannot start without",
    }),
  ];
}

/** kiroku's start, step by step (compiled, the restarts' medians), each against the bare client's whole start. */
function stepRows(starts: Starts): Row[] {
  const kiroku = restarts(starts['kiroku compiled']);
  const bareReady = medianOf(restarts(starts['bare compiled']).map((s) => s.readyMs));
  const names = [...new Set(kiroku.flatMap((s) => Object.keys(s.steps ?? {})))];
  return names.map((name) =>
    row(NAME, `start step (npm start): ${name}`, {
      value: medianOf(kiroku.flatMap((s) => (s.steps?.[name] === undefined ? [] : [s.steps[name]]))),
      unit: 'ms',
      baseline: bareReady,
      baselineLabel: 'bare client, whole start',
      note: STEP_NOTES[name] ?? '',
    }),
  );
}

const STEP_NOTES: Record<string, string> = {
  beforeStart:
    'process start → startKiroku: Node, the entry modules (discord.js, zod, the configuration, pino) and reading the configuration',
  modules: 'importing the infrastructure, the handlers and the gateway wiring (the login runs meanwhile)',
  store: 'opening SQLite, the vault key and the store upgrade check',
  vault: 'the vault: unknown key ids, the linked users into memory',
  limitsAndBudget: 'interaction limits and the request budget',
  metricsAndClients: 'metrics and the service clients',
  handlers: "the handlers' dependencies (the commands keep loading in the background)",
  jobsAndRouting: 'the jobs, the store sweep, HTTP (if configured) and the routing of gateway events',
  waitingForDiscord: 'what was left of Discord’s handshake once all that was done',
  sinceProcessStart: 'the whole start, process start → ready',
};

export const coldStart: Scenario = {
  name: NAME,
  title: 'Cold start: spawn to ready',
  quickDiffers:
    'one restart of each (not three) after the first start, and the filled store holds 1,000 linked users (not 10,000): the ratios move with a single start',
  async run(options) {
    // The first run of each is a first start (empty compile cache), the others restarts.
    const runs = options.quick ? 2 : 4;
    await ensureBuild();
    const starts = await measureStarts(runs, options.log);
    const storeRows = await storeRestartRows(
      { linkedUsers: options.quick ? 1_000 : 10_000, restarts: runs - 1 },
      options.log,
    );
    const rows = [
      ...runnerRows(starts, 'compiled'),
      ...runnerRows(starts, 'tsx'),
      ...stepRows(starts),
      ...storeRows,
    ];
    return { rows, details: { runs, guilds: GUILDS, starts } };
  },
};
