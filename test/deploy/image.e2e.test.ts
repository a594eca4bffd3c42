/**
 * The Docker image's start, without Docker (no engine here): its exact CMD and HEALTHCHECK commands,
 * with its ENV (DATA_DIR pointed at a temporary directory, HTTP_PORT at a free port), in a directory
 * laid out like its /app (the compiled dist, node_modules, package.json; no .env), against the fake
 * Discord. Then the operator scripts as the image runs them: `node dist/...`.
 */
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { cp, mkdir, mkdtemp, rm, symlink } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseEnv, promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { freePort } from '../support/free-port.js';
import { type BotProcess, REPO_ROOT, spawnBot } from '../support/spawn-bot.js';
import { useFakes } from '../support/use-fakes.js';

const run = promisify(execFile);
const METRICS_TOKEN = 'image-test-metrics-token-0123456789';

/** The final stage of the Dockerfile: continuation lines joined, comments dropped. */
function finalStage(): string[] {
  const text = readFileSync(path.join(REPO_ROOT, 'Dockerfile'), 'utf8').replace(/\\\n\s*/g, ' ');
  const lines = text.split('\n').filter((line) => line.trim() && !line.trim().startsWith('#'));
  const lastFrom = lines.findLastIndex((line) => line.startsWith('FROM '));
  return lines.slice(lastFrom);
}

function instruction(name: string): string {
  const line = finalStage().find((l) => l.startsWith(`${name} `));
  if (!line) throw new Error(`the image has no ${name}`);
  return line.slice(name.length + 1).trim();
}

/** `ENV A=1 B=2`, `CMD ["node", ...]`, `HEALTHCHECK --opts CMD ["node", ...]`. */
const IMAGE = {
  env: Object.fromEntries([...instruction('ENV').matchAll(/([A-Z_]+)=(\S+)/g)].map((m) => [m[1], m[2]])),
  cmd: JSON.parse(instruction('CMD')) as string[],
  healthcheck: JSON.parse(instruction('HEALTHCHECK').replace(/^.*?\bCMD\s+/, '')) as string[],
};

/** A command of the image: `node` is this node; the rest verbatim. */
function asHere(command: string[]): { file: string; args: string[] } {
  expect(command[0]).toBe('node');
  return { file: process.execPath, args: command.slice(1) };
}

describe('the Docker image, run as its CMD and HEALTHCHECK', () => {
  const { discord, emulator } = useFakes({ discord: { guilds: 1 } });
  let root: string;
  let app: string;
  let env: NodeJS.ProcessEnv;
  let bot: BotProcess;
  /** /metrics as the first scrape after the start sees it, before anything has happened. */
  let firstScrape = '';

  beforeAll(async () => {
    // The image's `npm run build`: tsc (incremental: a no-op when dist is current), then the bundle.
    const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
    await run(process.execPath, [tsc, '-b', 'tsconfig.build.json'], { cwd: REPO_ROOT });
    await run(process.execPath, ['tools/bundle.mjs'], { cwd: REPO_ROOT });
    root = await mkdtemp(path.join(tmpdir(), 'kiroku-image-'));
    app = path.join(root, 'app');
    await mkdir(app);
    // dist is copied (node runs a symlinked script from its real path); the rest can be linked.
    await cp(path.join(REPO_ROOT, 'dist'), path.join(app, 'dist'), { recursive: true });
    for (const entry of ['node_modules', 'package.json'])
      await symlink(path.join(REPO_ROOT, entry), path.join(app, entry));
    env = {
      PATH: process.env.PATH,
      ...IMAGE.env,
      DATA_DIR: path.join(root, 'data'),
      HTTP_PORT: String(await freePort()),
      // What `--env-file .env` adds: the token (and here the fakes standing in for Discord and the service).
      DISCORD_TOKEN: discord.botToken,
      DISCORD_REST_URL: discord.restUrl,
      SERVICE_URL: emulator.url,
      // The image listens beyond loopback: /metrics needs a token there.
      METRICS_TOKEN: METRICS_TOKEN,
    };
    const cmd = asHere(IMAGE.cmd);
    bot = spawnBot(cmd.args, { cwd: app, env });
    await bot.waitFor('kiroku is ready');
    const scrape = await fetch(`http://127.0.0.1:${env.HTTP_PORT}/metrics`, {
      headers: { authorization: `Bearer ${METRICS_TOKEN}` },
    });
    firstScrape = await scrape.text();
  }, 180_000);

  afterAll(async () => {
    bot?.kill();
    await bot?.exited;
    if (root) await rm(root, { recursive: true, force: true });
  });

  it('has, at its first scrape, every series the dashboard and the alert rules read', () => {
    const used = new Set(
      ['grafana/kiroku.json', 'prometheus/alerts.yml'].flatMap((file) =>
        [
          ...readFileSync(path.join(REPO_ROOT, 'deploy', file), 'utf8').matchAll(/\bkiroku_[a-zA-Z0-9_]+/g),
        ].map((m) => m[0]),
      ),
    );
    const sampled = new Set(
      firstScrape
        .split('\n')
        .filter((line) => line && !line.startsWith('#'))
        .map((line) => line.split(/[{ ]/)[0]),
    );
    expect([...used].filter((name) => !sampled.has(name))).toEqual([]);
    // The five the issue found missing, each at zero for its known labels.
    expect(firstScrape).toMatch(/^kiroku_interactions_limited_total\{kind="autocomplete"\} 0$/m);
    expect(firstScrape).toMatch(/^kiroku_service_skipped_items_total\{operation="works"\} 0$/m);
    expect(firstScrape).toMatch(/^kiroku_channel_posts_total\{outcome="forbidden"\} 0$/m);
    expect(firstScrape).toMatch(
      /^kiroku_channel_post_duration_seconds_bucket\{le="\+Inf",outcome="posted"\} 0$/m,
    );
    expect(firstScrape).toMatch(/^kiroku_subscriptions_disabled_total\{reason="bot-removed"\} 0$/m);
  });

  it('sets NODE_ENV, DATA_DIR and HTTP_PORT, none of which .env.example sets', () => {
    expect(IMAGE.env).toMatchObject({ NODE_ENV: 'production', DATA_DIR: '/data', HTTP_PORT: '8080' });
    const example = parseEnv(readFileSync(path.join(REPO_ROOT, '.env.example'), 'utf8'));
    for (const variable of Object.keys(IMAGE.env)) expect(Object.keys(example)).not.toContain(variable);
  });

  it('starts the compiled bot with plain node, which answers /readyz, /healthz and its health check', async () => {
    for (const endpoint of ['/readyz', '/healthz', '/livez']) {
      const response = await fetch(`http://127.0.0.1:${env.HTTP_PORT}${endpoint}`);
      expect(response.status).toBe(200);
    }
    const health = asHere(IMAGE.healthcheck);
    await expect(run(health.file, health.args, { cwd: app, env })).resolves.toBeDefined();
    expect(bot.output()).not.toContain('UnsupportedCacheOverwriteWarning');
    // The start-up log names the version (from package.json, which the image copies) and the runtime.
    const ready =
      bot
        .output()
        .split('\n')
        .find((line) => line.includes('kiroku is ready')) ?? '{}';
    expect(JSON.parse(ready)).toMatchObject({
      version: expect.stringMatching(/^\d+\.\d+\.\d+/),
      node: process.version,
    });
    const reply = await (await discord.slash({ name: 'help' })).reply(10_000);
    expect(reply.embeds[0]?.title).toBeTruthy();
  });

  it('checks liveness, not readiness, in the image and in the compose file', () => {
    // Docker may restart an unhealthy container: reconnecting to Discord must not make it one.
    expect(IMAGE.healthcheck.join(' ')).toContain('/livez');
    const compose = parse(readFileSync(path.join(REPO_ROOT, 'docker-compose.yml'), 'utf8')) as {
      services: { kiroku: { healthcheck?: { test: string[] } } };
    };
    const test = compose.services.kiroku.healthcheck?.test ?? [];
    expect(test.slice(0, 3)).toEqual(['CMD', ...IMAGE.healthcheck.slice(0, 2)]);
    expect(test.join(' ')).toContain('/livez');
  });

  it('names the deploy command that works in the image, and that command registers the commands', async () => {
    await bot.waitFor('no slash commands are registered');
    const command = /run `(node [^`]+)` once/.exec(bot.output())?.[1] ?? '';
    expect(command).toBe('node dist/src/cli/deploy-commands.js');
    const deploy = asHere(command.split(' '));
    const { stdout } = await run(deploy.file, deploy.args, { cwd: app, env });
    expect(stdout).toMatch(/^Registered \d+ commands globally\./);
    expect(discord.registeredCommands().map((c) => c.name)).toContain('help');
  });

  it('starts under an init that forwards signals', () => {
    expect(JSON.parse(instruction('ENTRYPOINT'))).toEqual(['/usr/bin/tini', '--']);
  });

  it('runs the operator programs as the image would: a backup beside the running bot, admin status', async () => {
    const backup = path.join(root, 'image-backup.sqlite');
    const taken = await run(process.execPath, ['dist/src/cli/backup.js', backup], { cwd: app, env });
    expect(taken.stdout).toContain(`backup written: ${backup}`);
    const status = await run(process.execPath, ['dist/src/cli/admin.js', 'status'], { cwd: app, env });
    expect(status.stdout).toMatch(/^kiroku \d+\.\d+\.\d+; store: sqlite/);
    const help = await run(process.execPath, ['dist/src/cli/restore.js', '--help'], { cwd: app, env });
    expect(help.stdout).toContain('node dist/src/cli/restore.js <file>');
  });

  it('runs the vault rotation as the image would, over the same data', async () => {
    const { stdout } = await run(process.execPath, ['dist/src/cli/vault-rotate.js', '--yes'], {
      cwd: app,
      env,
    });
    expect(stdout).toContain('vault rotation: 0 re-sealed, 0 already current, 0 failed');
  });
});

describe('production dependencies', () => {
  const lock = JSON.parse(readFileSync(path.join(REPO_ROOT, 'package-lock.json'), 'utf8')) as {
    packages: Record<string, { version?: string; dev?: boolean; optional?: boolean }>;
  };
  const production = Object.entries(lock.packages)
    .filter(([key, entry]) => key.startsWith('node_modules/') && !entry.dev)
    .map(([key, entry]) => ({ name: key.replace(/^.*node_modules\//, ''), ...entry }));

  it('hold no build tools: tsx, esbuild and TypeScript are dev-only, node-gyp optional (pruned from the image)', () => {
    const tools = production.filter((p) => ['tsx', 'esbuild', 'typescript'].includes(p.name));
    expect(tools).toEqual([]);
    expect(production.filter((p) => p.name === 'node-gyp' && !p.optional)).toEqual([]);
  });

  it('hold none of the deprecated glob 7 / tar 6 / node-gyp 8 tree', () => {
    const major = (p: { version?: string }) => Number(p.version?.split('.')[0]);
    const old = production.filter(
      (p) =>
        (p.name === 'glob' && major(p) < 9) ||
        (p.name === 'tar' && major(p) < 7) ||
        (p.name === 'node-gyp' && major(p) < 10),
    );
    expect(old).toEqual([]);
  });
});
