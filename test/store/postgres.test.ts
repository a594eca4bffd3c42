import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ConfigError } from '#src/config.js';
import { openStore, type Store } from '#src/store/index.js';
import { describePostgresUrl } from '#src/store/postgres.js';
import { captureLogger } from '../support/log-capture.js';
import { describeWithPostgres, usePostgres } from '../support/use-servers.js';
import { collectionSuite } from './collection-suite.js';

const title = 'PostgreSQL store (real server on 127.0.0.1)';

describe('PostgreSQL URLs', () => {
  it('describes a URL without its credentials', () => {
    expect(describePostgresUrl('postgresql://user:pw-secret@db.example:6543/kiroku?sslmode=require')).toBe(
      'postgresql://db.example:6543/kiroku',
    );
    expect(describePostgresUrl('postgres://h/db')).toBe('postgres://h:5432/db');
  });
});

describeWithPostgres(title, () => {
  const server = usePostgres();

  collectionSuite('PostgreSQL', async (logger) => {
    const store = await openStore(server().url, { logger }); // creates the table on first use
    await server().sql('TRUNCATE public.keyv');
    return store;
  });

  describe('PostgreSQL specifics', () => {
    const open: Store[] = [];
    afterEach(async () => {
      await Promise.all(open.splice(0).map((store) => store.close()));
    });

    it('shares data between two stores over one server (two processes)', async () => {
      const first = await openStore(server().url);
      const second = await openStore(server().url);
      open.push(first, second);
      await first.collection('links', z.number()).set('shared', 7);
      expect(await second.collection('links', z.number()).get('shared')).toBe(7);
      await second.collection('links', z.number()).delete('shared');
    });

    it('survives the server dropping its idle connections (logged, then reconnected)', async () => {
      const log = captureLogger();
      const store = await openStore(server().url, { logger: log.logger });
      open.push(store);
      const values = store.collection('values', z.number());
      await values.set('a', 1);
      await server().sql(
        `SELECT pg_terminate_backend(pid) FROM pg_stat_activity
         WHERE pid <> pg_backend_pid() AND backend_type = 'client backend'`,
      );
      const deadline = Date.now() + 3_000;
      while (!log.text().includes('idle PostgreSQL connection failed') && Date.now() < deadline)
        await new Promise((resolve) => setTimeout(resolve, 20));
      expect(log.text()).toContain('idle PostgreSQL connection failed');
      expect(await values.get('a')).toBe(1);
      expect(await store.ping()).toBe(true);
    });

    it('fails with DATABASE_URL in the message, never the password, when the server is unreachable', async () => {
      const port = new URL(server().url).port;
      const error = await openStore(`postgresql://kiroku:pw-secret-42@127.0.0.1:${Number(port) + 1}/x`).catch(
        (caught: unknown) => caught,
      );
      expect(error).toBeInstanceOf(ConfigError);
      expect(String(error)).toContain(
        'DATABASE_URL: cannot open the PostgreSQL database at postgresql://127.0.0.1:',
      );
      expect(String(error)).not.toContain('pw-secret-42');
    });
  });
});
