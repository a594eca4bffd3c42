/**
 * docker-compose.yml as written, without Docker (no engine here): the kiroku service's command line,
 * run verbatim in a directory laid out like the image, with the environment compose would give it
 * (the image's ENV, then .env, then the file's `environment` with its ${…} filled from .env). Only
 * what Docker itself provides is replaced: the `redis` host by a local redis-server, /data by a
 * temporary directory, the port by a free one; the fakes stand in for Discord and the service.
 */
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { parse } from 'yaml';
import { z } from 'zod';
import { type FakeDiscord, startFakeDiscord } from '../fakes/discord/fake-discord.js';
import { type Emulator, startEmulator } from '../fakes/emulator/server.js';
import { LOOKUP_TOKEN, lookupThenRecord } from '../support/first-hour.js';
import { freePort } from '../support/free-port.js';
import { type BotProcess, REPO_ROOT, spawnBot } from '../support/spawn-bot.js';
import { describeWithRedis, useRedis } from '../support/use-servers.js';
import { imageApp, imageSettings } from './image-layout.js';

const run = promisify(execFile);

const composeSchema = z.object({
  services: z.object({
    kiroku: z.object({
      build: z.string(),
      command: z.array(z.string()),
      environment: z.record(z.string(), z.string()),
      env_file: z.string(),
      ports: z.array(z.string()),
      volumes: z.array(z.string()),
    }),
    redis: z.object({ image: z.string() }),
  }),
});
const COMPOSE = composeSchema.parse(parse(readFileSync(path.join(REPO_ROOT, 'docker-compose.yml'), 'utf8')));
const KIROKU = COMPOSE.services.kiroku;

/** Compose's interpolation of `${NAME}` and `${NAME:?message}` (the forms the file uses) from .env. */
function interpolate(value: string, dotEnv: Record<string, string>): string {
  return value.replace(/\$\{([A-Z_]+)(?::\?([^}]*))?\}/g, (_whole, name: string, message?: string) => {
    const found = dotEnv[name];
    if (found) return found;
    if (message !== undefined) throw new Error(`required variable ${name} is missing a value: ${message}`);
    return '';
  });
}

/** The compose-registration command documented for operators: what follows `docker compose run --rm kiroku`. */
function documentedDeployCommand(guildId: string): string[] {
  const operations = readFileSync(path.join(REPO_ROOT, 'docs/operations.md'), 'utf8');
  const line = /^docker compose run --rm kiroku (node .+?)\s*(#.*)?$/m.exec(operations)?.[1];
  if (!line) throw new Error('docs/operations.md names no `docker compose run --rm kiroku node …` command');
  return line.replace('<server id>', guildId).split(/\s+/);
}

const title = 'docker-compose.yml, its kiroku command run as written';

describeWithRedis(title, () => {
  let discord: FakeDiscord;
  let emulator: Emulator;
  const redis = useRedis();
  let root: string;
  let app: string;
  let env: NodeJS.ProcessEnv;
  let bot: BotProcess;
  const dotEnv = {
    DISCORD_TOKEN: '',
    SERVICE_TOKEN: LOOKUP_TOKEN,
    VAULT_KEY: randomBytes(32).toString('base64'),
  };

  beforeAll(async () => {
    [discord, emulator] = await Promise.all([
      startFakeDiscord({ guilds: 1 }),
      startEmulator({ seed: 'demo', rateLimit: false }),
    ]);
    dotEnv.DISCORD_TOKEN = discord.botToken;
    root = await mkdtemp(path.join(tmpdir(), 'kiroku-compose-'));
    app = await imageApp(root);
    const port = String(await freePort());
    const environment = Object.fromEntries(
      Object.entries(KIROKU.environment).map(([name, value]) => [name, interpolate(value, dotEnv)]),
    );
    env = {
      PATH: process.env.PATH,
      ...imageSettings().env,
      ...dotEnv,
      ...environment,
      // What Docker provides: the volume, the `redis` service's address, the published port.
      DATA_DIR: path.join(root, 'data'),
      DATABASE_URL: environment.DATABASE_URL?.replace('//redis:6379', `//127.0.0.1:${redis().port}`),
      HTTP_PORT: port,
      // The fakes standing in for Discord and the service.
      DISCORD_REST_URL: discord.restUrl,
      SERVICE_URL: emulator.url,
    };
    const [program, ...args] = KIROKU.command;
    expect(program).toBe('node');
    bot = spawnBot(args, { cwd: app, env });
    await bot.waitFor('kiroku is ready', 120_000);
  }, 240_000);

  afterAll(async () => {
    bot?.kill();
    await bot?.exited;
    await Promise.all([discord?.close(), emulator?.close()]);
    if (root) await rm(root, { recursive: true, force: true });
  });

  it('runs the image’s own command, keeps its data in Redis, and publishes its port on loopback only', () => {
    expect(KIROKU.command).toEqual(imageSettings().cmd);
    expect(KIROKU.build).toBe('.');
    expect(KIROKU.environment.DATABASE_URL).toBe('redis://redis:6379/0');
    expect(KIROKU.environment.DATA_DIR).toBe(imageSettings().env.DATA_DIR);
    expect(KIROKU.volumes).toContain(`kiroku-data:${KIROKU.environment.DATA_DIR}`);
    const httpPort = KIROKU.environment.HTTP_PORT;
    expect(KIROKU.ports).toEqual([`127.0.0.1:${httpPort}:${httpPort}`]);
    expect(KIROKU.env_file).toBe('.env');
  });

  it('pins the Redis image to a version and refuses to start without VAULT_KEY in .env', () => {
    expect(COMPOSE.services.redis.image).toMatch(/^redis:\d+\.\d+\.\d+-alpine$/);
    expect(() => interpolate(KIROKU.environment.VAULT_KEY ?? '', {})).toThrow(/VAULT_KEY/);
    expect(env.VAULT_KEY).toBe(dotEnv.VAULT_KEY);
  });

  it('registers the commands with the documented compose command, then answers a lookup and a record', async () => {
    const guildId = discord.guildIds[0] ?? '';
    const [program, ...args] = documentedDeployCommand(guildId);
    expect(program).toBe('node');
    const { stdout } = await run(process.execPath, args, { cwd: app, env });
    expect(stdout).toContain(`in guild ${guildId}`);
    expect(discord.registeredCommands(guildId).map((c) => c.name)).toContain('work');
    const health = await fetch(`http://127.0.0.1:${env.HTTP_PORT}/healthz`);
    expect(health.status).toBe(200);
    await lookupThenRecord(discord, emulator);
  });
});
