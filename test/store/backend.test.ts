import { describe, expect, it } from 'vitest';
import { ConfigError } from '#src/config.js';
import { backendFactoryFor, backendKindFor, isRedisUrl } from '#src/store/backend.js';
import { describeRedisUrl } from '#src/store/redis-connection.js';
import { openStore } from '#src/store/store.js';

describe('backend selection by DATABASE_URL scheme', () => {
  it.each([
    ['sqlite://./data/kiroku.sqlite', 'sqlite'],
    ['SQLITE://:memory:', 'sqlite'],
    ['redis://127.0.0.1:6379', 'redis'],
    ['rediss://user:pw@cache.example:6380/2', 'redis'],
    ['Redis://h', 'redis'],
    ['postgres://h/db', 'postgres'],
    ['postgresql://u:pw@h:5432/kiroku?sslmode=require', 'postgres'],
  ])('%s', (url, kind) => {
    expect(backendKindFor(url)).toBe(kind);
    expect(backendFactoryFor(url)).toBeTypeOf('function');
  });

  it('refuses other schemes and scheme-less strings with DATABASE_URL in the message', () => {
    for (const url of ['mysql://h/db', 'constructor://x', 'redis:/h', 'localhost:6379', '']) {
      expect(() => backendFactoryFor(url)).toThrow(ConfigError);
      expect(() => backendFactoryFor(url)).toThrow(/DATABASE_URL/);
    }
  });

  it.each(['postgresql://user:pw-secret@[bad', 'redis://user:pw-secret@[bad'])(
    'refuses a malformed URL without echoing it: %s',
    async (url) => {
      const error = await openStore(url).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(ConfigError);
      expect(String(error)).toContain('DATABASE_URL');
      expect(String(error)).not.toContain('pw-secret');
    },
  );

  it('describes Redis URLs without credentials', () => {
    expect(isRedisUrl('rediss://h')).toBe(true);
    expect(isRedisUrl('sqlite://x')).toBe(false);
    expect(describeRedisUrl('redis://:hunter2@cache.example/3')).toBe('redis://cache.example:6379/3');
    expect(describeRedisUrl('rediss://u:p@h:6380')).toBe('rediss://h:6380');
    expect(describeRedisUrl('redis://[bad')).toBe('an unparsable URL');
  });
});
