/**
 * docker-compose.yml as written, without Docker (no engine here): the kiroku service's command line,
 * run verbatim in a directory laid out like the image, with the environment compose would give it
 * (the image's ENV, then .env, then the file's `environment` with its ${…} filled from .env). Only
 * what Docker itself provides is replaced: the `redis` host by a local redis-server that requires the
 * file's password, /data by a temporary directory, /tmp (the file's tmpfs) and HOME by others, the port
 * by a free one; the fakes stand in for Discord and the service. The hardening the file states is
 * checked, and that the bot writes nowhere but /data and /tmp (its container is read-only); the
 * documented secrets override (compose secrets, <NAME>_FILE) runs the operator programs from files.
 */
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
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
      read_only: z.boolean().optional(),
      tmpfs: z.array(z.string()).optional(),
      cap_drop: z.array(z.string()).optional(),
      security_opt: z.array(z.string()).optional(),
      init: z.boolean().optional(),
    }),
    redis: z.object({
      image: z.string(),
      command: z.array(z.string()),
      environment: z.record(z.string(), z.string()).optional(),
      healthcheck: z.object({ test: z.array(z.string()) }),
      security_opt: z.array(z.string()).optional(),
    }),
  }),
});

/** The documented override that takes the secrets from files (docs/operations.md, "Secrets from files"). */
const overrideSchema = z.object({
  services: z.object({
    kiroku: z.object({ environment: z.record(z.string(), z.string()), secrets: z.array(z.string()) }),
  }),
  secrets: z.record(z.string(), z.object({ file: z.string() })),
});
function documentedSecretsOverride() {
  const operations = readFileSync(path.join(REPO_ROOT, 'docs/operations.md'), 'utf8');
  const block = /^```yaml\n# compose\.override\.yml\n([\s\S]*?)^```/m.exec(operations)?.[1];
  if (!block) throw new Error('docs/operations.md shows no compose.override.yml for secrets from files');
  return overrideSchema.parse(parse(block));
}
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
  let appBefore: string[];
  const dotEnv = {
    DISCORD_TOKEN: '',
    SERVICE_TOKEN: LOOKUP_TOKEN,
    VAULT_KEY: randomBytes(32).toString('base64'),
    REDIS_PASSWORD: randomBytes(32).toString('hex'),
  };
  /** Every file under the image's /app but node_modules (a read-only container refuses any write there). */
  const appFiles = async () =>
    (await readdir(app, { recursive: true })).filter((name) => !name.startsWith('node_modules')).sort();

  beforeAll(async () => {
    [discord, emulator] = await Promise.all([
      startFakeDiscord({ guilds: 1 }),
      startEmulator({ seed: 'demo', rateLimit: false }),
    ]);
    dotEnv.DISCORD_TOKEN = discord.botToken;
    root = await mkdtemp(path.join(tmpdir(), 'kiroku-compose-'));
    app = await imageApp(root);
    appBefore = await appFiles();
    // The file's Redis requires REDIS_PASSWORD, as compose's command line starts it.
    await run('redis-cli', [
      '-p',
      String(redis().port),
      'CONFIG',
      'SET',
      'requirepass',
      dotEnv.REDIS_PASSWORD,
    ]);
    for (const dir of ['home', 'tmp']) await mkdir(path.join(root, dir));
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
      DATABASE_URL: environment.DATABASE_URL?.replace('@redis:6379', `@127.0.0.1:${redis().port}`),
      // The only places a read-only container lets it write besides /data: its tmpfs; HOME is read-only.
      HOME: path.join(root, 'home'),
      TMPDIR: path.join(root, 'tmp'),
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
    expect(KIROKU.environment.DATABASE_URL).toMatch(
      /^redis:\/\/:\$\{REDIS_PASSWORD:\?[^}]+\}@redis:6379\/0$/,
    );
    expect(KIROKU.environment.DATA_DIR).toBe(imageSettings().env.DATA_DIR);
    expect(KIROKU.volumes).toContain(`kiroku-data:${KIROKU.environment.DATA_DIR}`);
    const httpPort = KIROKU.environment.HTTP_PORT;
    expect(KIROKU.ports).toEqual([`127.0.0.1:${httpPort}:${httpPort}`]);
    expect(KIROKU.env_file).toBe('.env');
  });

  it('runs Redis at a release with the 2025 fixes, behind the password from .env', async () => {
    const [, major = 0, minor = 0, patch = 0] = (
      /^redis:(\d+)\.(\d+)\.(\d+)-alpine$/.exec(COMPOSE.services.redis.image) ?? []
    ).map(Number);
    expect(major * 1_000_000 + minor * 1_000 + patch).toBeGreaterThanOrEqual(7_004_006);
    const redisCommand = COMPOSE.services.redis.command.map((part) => interpolate(part, dotEnv));
    expect(redisCommand.slice(0, 1)).toEqual(['redis-server']);
    expect(redisCommand[redisCommand.indexOf('--requirepass') + 1]).toBe(dotEnv.REDIS_PASSWORD);
    expect(() => interpolate(COMPOSE.services.redis.command.join(' '), {})).toThrow(/REDIS_PASSWORD/);
    expect(() => interpolate(KIROKU.environment.DATABASE_URL ?? '', {})).toThrow(/REDIS_PASSWORD/);
    // Its health check authenticates, and counts only PONG (redis-cli exits 0 on NOAUTH as well).
    expect(interpolate(COMPOSE.services.redis.environment?.REDISCLI_AUTH ?? '', dotEnv)).toBe(
      dotEnv.REDIS_PASSWORD,
    );
    expect(COMPOSE.services.redis.healthcheck.test.join(' ')).toMatch(/redis-cli ping \| grep -q PONG/);
    expect(COMPOSE.services.redis.security_opt).toContain('no-new-privileges:true');
    const anonymous = await run('redis-cli', ['-p', String(redis().port), 'ping']);
    expect(anonymous.stdout).toContain('NOAUTH');
  });

  it('hardens the kiroku container: read-only with a /tmp tmpfs, no capabilities, no new privileges, one init', () => {
    expect(KIROKU.read_only).toBe(true);
    expect(KIROKU.tmpfs?.map((mount) => mount.split(':')[0])).toEqual(['/tmp']);
    expect(KIROKU.cap_drop).toEqual(['ALL']);
    expect(KIROKU.security_opt).toContain('no-new-privileges:true');
    // The image's tini is PID 1; compose's own init beside it would make two.
    expect(KIROKU.init).toBeUndefined();
    expect(readFileSync(path.join(REPO_ROOT, 'Dockerfile'), 'utf8')).toMatch(
      /^ENTRYPOINT \["\/usr\/bin\/tini", "--"\]$/m,
    );
  });

  it('takes its secrets from files as documented: compose secrets and <NAME>_FILE variables', async () => {
    const override = documentedSecretsOverride();
    const secretsDir = path.join(root, 'secrets');
    await mkdir(secretsDir);
    const fromFiles: NodeJS.ProcessEnv = { ...env };
    for (const [name, value] of Object.entries(override.services.kiroku.environment)) {
      const secret = /^\/run\/secrets\/([a-z_]+)$/.exec(value)?.[1];
      expect(secret, name).toBeDefined();
      expect(override.services.kiroku.secrets).toContain(secret);
      expect(override.secrets[secret ?? '']?.file).toBe(`./secrets/${secret}`);
      const variable = name.replace(/_FILE$/, '');
      // What compose mounts at /run/secrets/<name>, written as the docs say (echo adds a newline).
      await writeFile(path.join(secretsDir, secret ?? ''), `${dotEnv[variable as keyof typeof dotEnv]}\n`);
      fromFiles[name] = path.join(secretsDir, secret ?? '');
      delete fromFiles[variable];
    }
    expect(Object.keys(override.services.kiroku.environment).sort()).toEqual([
      'DISCORD_TOKEN_FILE',
      'VAULT_KEY_FILE',
    ]);
    const status = await run(process.execPath, ['dist/src/cli/admin.js', 'status'], {
      cwd: app,
      env: fromFiles,
    });
    expect(status.stdout).toMatch(/store: redis/);
    const deploy = await run(process.execPath, ['dist/src/cli/deploy-commands.js'], {
      cwd: app,
      env: fromFiles,
    });
    expect(deploy.stdout).toMatch(/^Registered \d+ commands globally\./);
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
    // What the read-only container would have refused: nothing was written beside /data and /tmp.
    expect(await appFiles()).toEqual(appBefore);
    expect(await readdir(path.join(root, 'home'))).toEqual([]);
  });
});
