/**
 * Scenario 5: RSS after READY, in a fresh child process per case (plain node on the bundle, as the
 * Docker image runs kiroku, the bare client bundled beside it; --expose-gc and two forced
 * collections), for the real bot and the bare discord.js client with default caches, at 1,000 and
 * 10,000 guilds from the fake gateway; and the bot with 10,000 linked users in its vault.
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startFakeDiscord } from '../../test/fakes/discord/fake-discord.js';
import { startEmulator } from '../../test/fakes/emulator/server.js';
import { bundledPath, ensureBuild } from '../build.js';
import { MEMORY_PREFIX, type MemoryReport } from '../children/memory-report.js';
import { spawnScript } from '../spawn.js';
import { round } from '../stats.js';
import { row, type Scenario } from '../types.js';
import { fillVault } from '../vault-fill.js';

const NAME = 'memory';
const MB = 1024 * 1024;
const TARGET_MB = 200;

interface Case {
  label: string;
  client: 'kiroku' | 'bare';
  guilds: number;
  linkedUsers: number;
}

async function measure(c: Case, serviceUrl: string, log: (line: string) => void): Promise<MemoryReport> {
  const discord = await startFakeDiscord({ guilds: c.guilds });
  const dataDir = await mkdtemp(path.join(tmpdir(), 'kiroku-bench-mem-'));
  const vaultKey = randomBytes(32).toString('base64');
  try {
    if (c.linkedUsers > 0) {
      const began = performance.now();
      await fillVault(dataDir, vaultKey, c.linkedUsers);
      log(
        `    ${c.linkedUsers} vault entries written in ${((performance.now() - began) / 1000).toFixed(1)} s`,
      );
    }
    const child = spawnScript({
      runner: 'compiled',
      nodeFlags: ['--expose-gc'],
      script: bundledPath(
        c.client === 'kiroku' ? 'bench/children/kiroku-memory.ts' : 'bench/children/bare.ts',
      ),
      env: {
        DISCORD_TOKEN: discord.botToken,
        DISCORD_REST_URL: discord.restUrl,
        SERVICE_URL: serviceUrl,
        DATA_DIR: dataDir,
        VAULT_KEY: vaultKey,
        LOG_LEVEL: 'warn',
        BENCH_MEMORY: '1',
      },
    });
    try {
      const { line } = await child.waitForLine(new RegExp(`^${MEMORY_PREFIX}`), 180_000);
      const report = JSON.parse(line.slice(MEMORY_PREFIX.length)) as MemoryReport;
      log(
        `    ${c.label}: RSS ${(report.rssBytes / MB).toFixed(1)} MB, heap ${(report.heapUsedBytes / MB).toFixed(1)} MB, ${report.guilds} guilds, ready after ${(report.readyMs / 1000).toFixed(1)} s`,
      );
      if (report.guilds !== c.guilds)
        throw new Error(`${c.label}: ${report.guilds} guilds cached, expected ${c.guilds}`);
      return report;
    } finally {
      await child.stop();
    }
  } finally {
    await discord.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}

const SMALL = 1000;
const LARGE = 10_000;

export const memory: Scenario = {
  name: NAME,
  quickDiffers: 'no case with 10,000 linked users',
  title: 'Memory after READY (fresh process per size)',
  async run(options) {
    const users = options.quick ? 0 : 10_000;
    const reports = await measureAll(memoryCases(users), options.log);
    return {
      rows: memoryRows(reports, users),
      details: { reports: Object.fromEntries(reports), targetMb: TARGET_MB },
    };
  },
};

/** Both clients at both sizes; with users > 0 also kiroku at the large size with that many linked users. */
function memoryCases(users: number): Case[] {
  return [
    { label: `kiroku ${SMALL} guilds`, client: 'kiroku', guilds: SMALL, linkedUsers: 0 },
    { label: `bare ${SMALL} guilds`, client: 'bare', guilds: SMALL, linkedUsers: 0 },
    { label: `kiroku ${LARGE} guilds`, client: 'kiroku', guilds: LARGE, linkedUsers: 0 },
    { label: `bare ${LARGE} guilds`, client: 'bare', guilds: LARGE, linkedUsers: 0 },
    ...(users > 0
      ? [
          {
            label: `kiroku ${LARGE} guilds + ${users} linked users`,
            client: 'kiroku' as const,
            guilds: LARGE,
            linkedUsers: users,
          },
        ]
      : []),
  ];
}

/** Compiles once, then measures each case in turn against one emulator; reports by label. */
async function measureAll(cases: Case[], log: (line: string) => void): Promise<Map<string, MemoryReport>> {
  const began = performance.now();
  await ensureBuild();
  log(
    `  bundled the bot and the bench children for plain node in ${((performance.now() - began) / 1000).toFixed(1)} s`,
  );
  const emulator = await startEmulator({ seed: 'demo' });
  const reports = new Map<string, MemoryReport>();
  try {
    for (const c of cases) reports.set(c.label, await measure(c, emulator.url, log));
  } finally {
    await emulator.close();
  }
  return reports;
}

/** RSS in MB, one decimal; null when the case did not run. */
function mb(report: MemoryReport | undefined): number | null {
  return report ? round(report.rssBytes / MB, 1) : null;
}

function memoryRows(reports: Map<string, MemoryReport>, users: number) {
  const get = (label: string) => reports.get(label);
  const slopeKb = (a: MemoryReport | undefined, b: MemoryReport | undefined) =>
    a && b ? round((b.rssBytes - a.rssBytes) / (b.guilds - a.guilds) / 1024, 2) : null;
  const k1 = get(`kiroku ${SMALL} guilds`);
  const k10 = get(`kiroku ${LARGE} guilds`);
  const b1 = get(`bare ${SMALL} guilds`);
  const b10 = get(`bare ${LARGE} guilds`);
  const ku = get(`kiroku ${LARGE} guilds + ${users} linked users`);
  return [
    row(NAME, `RSS after READY, ${SMALL} guilds`, {
      value: mb(k1),
      unit: 'MB',
      baseline: mb(b1),
      baselineLabel: 'bare client',
      note:
        k1 && b1 ? `heap ${round(k1.heapUsedBytes / MB, 1)} MB vs ${round(b1.heapUsedBytes / MB, 1)} MB` : '',
    }),
    row(NAME, `RSS after READY, ${LARGE} guilds`, {
      value: mb(k10),
      unit: 'MB',
      baseline: mb(b10),
      baselineLabel: 'bare client',
      // No more than the bare client (and, from before, 200 MB at most).
      target: `≤ 1.00× and ≤ ${TARGET_MB} MB`,
      met: k10 && b10 ? k10.rssBytes <= b10.rssBytes && k10.rssBytes / MB <= TARGET_MB : null,
      note:
        k10 && b10
          ? `heap ${round(k10.heapUsedBytes / MB, 1)} MB vs ${round(b10.heapUsedBytes / MB, 1)} MB; fake guilds have ${b10.channels / b10.guilds} text channels (the bare client caches them, kiroku caches no channels), 1 role, the bot as only member`
          : '',
    }),
    row(NAME, 'RSS per guild (slope 1k→10k)', {
      value: slopeKb(k1, k10),
      unit: 'KB',
      baseline: slopeKb(b1, b10),
      baselineLabel: 'bare client',
    }),
    ...(ku ? [linkedUsersRow(ku, k10, users)] : []),
  ];
}

function linkedUsersRow(ku: MemoryReport, k10: MemoryReport | undefined, users: number) {
  return row(NAME, `RSS after READY, ${LARGE} guilds + ${users} linked users`, {
    value: mb(ku),
    unit: 'MB',
    baseline: mb(k10),
    baselineLabel: 'no linked users',
    target: `≤ ${TARGET_MB} MB`,
    met: ku.rssBytes / MB <= TARGET_MB,
    note: `heap ${round(ku.heapUsedBytes / MB, 1)} MB`,
  });
}
