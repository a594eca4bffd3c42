import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sqlite3 from 'sqlite3';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { ConfigError } from '#src/config.js';
import { openStore, type Store } from '#src/store/index.js';
import { captureLogger } from '../support/log-capture.js';
import { collectionSuite } from './collection-suite.js';

let directory: string;
let counter = 0;

beforeAll(async () => {
  directory = await mkdtemp(path.join(tmpdir(), 'kiroku-store-'));
});

afterAll(async () => {
  await rm(directory, { recursive: true, force: true });
});

function freshUrl(): string {
  counter += 1;
  return `sqlite://${path.join(directory, `store-${counter}.sqlite`)}`;
}

collectionSuite('SQLite (file)', (logger) => openStore(freshUrl(), { logger }));
collectionSuite('SQLite (:memory:)', (logger) => openStore('sqlite://:memory:', { logger }));

/** Writes a row behind keyv's back, the way a corrupted or foreign row would look. */
async function writeRawRow(file: string, key: string, value: string): Promise<void> {
  await new Promise<void>((resolve, reject) => {
    const db = new sqlite3.Database(file, (openError) => {
      if (openError) return reject(openError);
      db.run('INSERT OR REPLACE INTO keyv (key, value) VALUES (?, ?)', [key, value], (runError) => {
        db.close(() => (runError ? reject(runError) : resolve()));
      });
    });
  });
}

describe('SQLite store', () => {
  const open: Store[] = [];
  afterEach(async () => {
    await Promise.all(open.splice(0).map((store) => store.close()));
  });

  it('keeps data when the file is reopened', async () => {
    const url = freshUrl();
    const first = await openStore(url);
    await first.collection('links', z.object({ id: z.number() })).set('u1', { id: 7 });
    await first.collection('cache', z.string()).set('k', 'v', 60_000);
    await first.close();

    const second = await openStore(url);
    open.push(second);
    expect(await second.collection('links', z.object({ id: z.number() })).get('u1')).toEqual({ id: 7 });
    expect(await second.collection('cache', z.string()).get('k')).toBe('v');
  });

  it('creates the parent directory of the database file', async () => {
    const file = path.join(directory, 'nested', 'deeper', 'kiroku.sqlite');
    const store = await openStore(`sqlite://${file}`);
    open.push(store);
    await store.collection('x', z.number()).set('a', 1);
    expect((await stat(file)).isFile()).toBe(true);
  });

  it('treats a row that is not a keyv JSON record as absent, logging the key but not the bytes', async () => {
    const file = path.join(directory, 'raw.sqlite');
    const log = captureLogger();
    const store = await openStore(`sqlite://${file}`, { logger: log.logger });
    open.push(store);
    const notes = store.collection('notes', z.string());
    await notes.set('good', 'fine');
    await writeRawRow(file, 'notes:broken', 'garbage-bytes-0xdeadbeef{');
    await writeRawRow(file, 'notes:wrong-shape', '"just a string"');

    expect(await notes.get('broken')).toBeUndefined();
    expect(await notes.read('broken')).toEqual({ status: 'invalid', reason: 'undecodable' });
    expect(await notes.read('wrong-shape')).toEqual({ status: 'invalid', reason: 'undecodable' });
    expect(await notes.getMany(['broken', 'good'])).toEqual([undefined, 'fine']);
    const entries: Array<[string, string]> = [];
    for await (const entry of notes.entries()) entries.push(entry);
    expect(entries).toEqual([['good', 'fine']]);
    expect(log.text()).toContain('broken');
    expect(log.text()).not.toContain('deadbeef');
  });

  it('surfaces database failures instead of reporting keys as absent', async () => {
    const store = await openStore(freshUrl());
    const values = store.collection('values', z.number());
    await values.set('a', 1);
    await store.close();
    await expect(values.get('a')).rejects.toThrow();
    await expect(values.set('a', 2)).rejects.toThrow();
  });

  it('names DATABASE_URL for unknown schemes and an empty sqlite path', async () => {
    await expect(openStore('mysql://h/db')).rejects.toThrow(ConfigError);
    await expect(openStore('mysql://h/db')).rejects.toThrow(/DATABASE_URL/);
    await expect(openStore('constructor://x')).rejects.toThrow(/DATABASE_URL/);
    await expect(openStore('sqlite://')).rejects.toThrow(/DATABASE_URL/);
  });

  it('reports a database that cannot be opened with DATABASE_URL in the message', async () => {
    const blocker = path.join(directory, 'a-directory.sqlite');
    await openStore(`sqlite://${path.join(blocker, 'x.sqlite')}`).then((store) => store.close());
    await expect(openStore(`sqlite://${blocker}`)).rejects.toThrow(/DATABASE_URL/);
  });
});

describe('SQLite statements', () => {
  // node-sqlite3 finalizes statements on the main thread under the connection's mutex: with several in
  // flight the event loop waits there while another one commits, so the store sends one at a time.
  it('has one statement in flight on its connection, however many calls are', async () => {
    const all = sqlite3.Database.prototype.all;
    let inFlight = 0;
    let most = 0;
    const spy = vi.spyOn(sqlite3.Database.prototype, 'all').mockImplementation(function (
      this: sqlite3.Database,
      sql: string,
      ...rest: unknown[]
    ) {
      const callback = rest.pop() as (...results: unknown[]) => void;
      inFlight += 1;
      most = Math.max(most, inFlight);
      return all.call(this, sql, ...rest, (...results: unknown[]) => {
        inFlight -= 1;
        callback(...results);
      });
    });
    try {
      const store = await openStore(freshUrl());
      const counts = store.collection('counts', z.number());
      await Promise.all(Array.from({ length: 20 }, (_, i) => counts.update(`k${i}`, () => i)));
      await Promise.all(Array.from({ length: 20 }, (_, i) => counts.update(`k${i}`, (n) => (n ?? 0) + 1)));
      expect(await counts.getMany(Array.from({ length: 20 }, (_, i) => `k${i}`))).toEqual(
        Array.from({ length: 20 }, (_, i) => i + 1),
      );
      await store.close();
      expect(spy).toHaveBeenCalled();
      expect(most).toBe(1);
    } finally {
      spy.mockRestore();
    }
  });
});
