import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseEnv } from 'node:util';
import { describe, expect, it } from 'vitest';
import { ConfigError, ENVIRONMENT_VARIABLES, parseConfig, SECRET_VARIABLES } from '#src/config.js';

describe('configuration', () => {
  it('has the documented defaults', () => {
    const config = parseConfig({});
    expect(config.service).toMatchObject({
      url: 'https://api.annict.com',
      apiVersion: 'v1',
      redirectUri: 'urn:ietf:wg:oauth:2.0:oob',
      ratePerSecond: 3,
      oauthBaseUrl: 'https://api.annict.com',
      webUrl: 'https://annict.com',
    });
    expect(config.service.oauth).toBeUndefined();
    expect(config.databaseUrl).toMatch(/^sqlite:\/\/.*data\/kiroku\.sqlite$/);
    expect(config).toMatchObject({
      pollIntervalSeconds: 60,
      feedPolicy: 'adaptive',
      feedPollShare: 0.75,
      feedCatchUpMs: 24 * 3600 * 1000,
      defaultTimezone: 'Asia/Tokyo',
      logLevel: 'info',
      shards: 1,
      httpHost: '127.0.0.1',
      metricsToken: undefined,
    });
  });

  it.each([
    ['SERVICE_URL', 'not a url'],
    ['SERVICE_RATE_PER_SECOND', '-1'],
    ['FEED_POLL_SHARE', '1.5'],
    ['FEED_FLOOR_SHARE', '0.9'],
    ['FEED_POLICY', 'fastest'],
    ['FEED_CATCH_UP_HOURS', '0'],
    ['SERVICE_WEB_URL', 'annict.com'],
    ['POLL_INTERVAL_SECONDS', 'often'],
    ['DEFAULT_TIMEZONE', 'Mars/Olympus'],
    ['HTTP_PORT', '70000'],
    ['LOG_LEVEL', 'loud'],
    ['SHARDS', 'many'],
    ['DATABASE_URL', 'mysql://x'],
    ['SERVICE_API_VERSION', 'latest'],
    ['HTTP_HOST', 'a host; rm -rf'],
    ['METRICS_TOKEN', 'short'],
    ['BROADCAST_DAY_START', '07:00'],
    ['BROADCAST_DAY_START', '5am'],
  ])('refuses a bad %s with one message naming it', (variable, value) => {
    expect(() => parseConfig({ [variable]: value })).toThrow(ConfigError);
    expect(() => parseConfig({ [variable]: value })).toThrow(new RegExp(`^${variable}: `));
  });

  it('reads the broadcast day start as minutes after midnight (default 05:00)', () => {
    expect(parseConfig({}).broadcastDayStart).toBe(300);
    expect(parseConfig({ BROADCAST_DAY_START: '04:30' }).broadcastDayStart).toBe(270);
  });

  it('names the service (SERVICE_NAME) and its web pages (SERVICE_WEB_URL), Annict by default', () => {
    expect(parseConfig({}).service).toMatchObject({ name: 'Annict', webUrl: 'https://annict.com' });
    const other = parseConfig({ SERVICE_NAME: 'Kiroku Test', SERVICE_WEB_URL: 'https://example.test/' });
    expect(other.service).toMatchObject({ name: 'Kiroku Test', webUrl: 'https://example.test' });
    expect(() => parseConfig({ SERVICE_WEB_URL: 'ftp://example.test' })).toThrow(/^SERVICE_WEB_URL: /);
    expect(() => parseConfig({ SERVICE_NAME: ' ' })).toThrow(/^SERVICE_NAME: /);
  });

  it('reads every secret from a file named by <NAME>_FILE (compose and Docker secrets), never both', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'kiroku-secrets-'));
    try {
      const key = randomBytes(32).toString('base64');
      writeFileSync(path.join(dir, 'vault_key'), `${key}\n`);
      writeFileSync(path.join(dir, 'discord_token'), 'token-from-file');
      const config = parseConfig({
        VAULT_KEY_FILE: path.join(dir, 'vault_key'),
        DISCORD_TOKEN_FILE: path.join(dir, 'discord_token'),
      });
      expect(config.vault.key).toBe(key);
      expect(config.discordToken).toBe('token-from-file');
      for (const name of SECRET_VARIABLES)
        expect(() => parseConfig({ [`${name}_FILE`]: path.join(dir, 'none') })).toThrow(
          new RegExp(`^${name}_FILE: cannot read .*none \\(ENOENT\\)$`),
        );
      expect(() =>
        parseConfig({ DISCORD_TOKEN: 'x', DISCORD_TOKEN_FILE: path.join(dir, 'discord_token') }),
      ).toThrow(/DISCORD_TOKEN_FILE: DISCORD_TOKEN is set too/);
      // An empty DISCORD_TOKEN= (as .env.example has) is unset, not a second source.
      expect(
        parseConfig({ DISCORD_TOKEN: '', DISCORD_TOKEN_FILE: path.join(dir, 'discord_token') }).discordToken,
      ).toBe('token-from-file');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('needs both OAuth client variables or neither', () => {
    expect(() => parseConfig({ SERVICE_CLIENT_ID: 'id' })).toThrow(/^SERVICE_CLIENT_SECRET: /);
    const config = parseConfig({
      SERVICE_CLIENT_ID: 'id',
      SERVICE_CLIENT_SECRET: 'secret',
      SERVICE_OAUTH_URL: 'https://auth.example/',
    });
    expect(config.service.oauth).toMatchObject({ clientId: 'id', baseUrl: 'https://auth.example' });
  });

  it('uses the public callback as redirect when PUBLIC_URL and HTTP_PORT are set', () => {
    const config = parseConfig({ PUBLIC_URL: 'https://bot.example/', HTTP_PORT: '8080' });
    expect(config.service.redirectUri).toBe('https://bot.example/oauth/callback');
  });

  it('documents every variable in .env.example', () => {
    const example = readFileSync(new URL('../.env.example', import.meta.url), 'utf8');
    const documented = new Set([...example.matchAll(/^#?\s*([A-Z][A-Z0-9_]+)=/gm)].map((m) => m[1]));
    expect(ENVIRONMENT_VARIABLES.length).toBeGreaterThan(20);
    for (const variable of ENVIRONMENT_VARIABLES) expect(documented, variable).toContain(variable);
  });

  it('changes nothing by being copied to .env: only DISCORD_TOKEN is set there', () => {
    const example = parseEnv(readFileSync(new URL('../.env.example', import.meta.url), 'utf8'));
    expect(Object.keys(example)).toEqual(['DISCORD_TOKEN']);
    expect(parseConfig(example)).toEqual(parseConfig({}));
  });

  it("reads discord.js's SHARD_COUNT only inside a shard process the ShardingManager started", () => {
    expect(parseConfig({ SHARD_COUNT: '4' }).shardProcessCount).toBe(1);
    expect(parseConfig({ SHARDING_MANAGER: 'true', SHARDS: '1', SHARD_COUNT: '4' }).shardProcessCount).toBe(
      4,
    );
  });
});
