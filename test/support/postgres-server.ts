import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { readdirSync } from 'node:fs';
import { chown, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from './free-port.js';
import { stopChild } from './stop-child.js';

interface Identity {
  uid: number;
  gid: number;
}

function runs(command: string): boolean {
  const probe = spawnSync(command, ['--version'], { stdio: 'ignore' });
  return probe.error === undefined && probe.status === 0;
}

/** Debian keeps the server binaries in /usr/lib/postgresql/<major>/bin, off PATH. */
const DEBIAN_ROOT = '/usr/lib/postgresql';

function binary(name: string): string {
  if (runs(name)) return name;
  let majors: string[] = [];
  try {
    majors = readdirSync(DEBIAN_ROOT).sort((x, y) => Number(y) - Number(x));
  } catch {
    return name;
  }
  for (const major of majors) {
    const candidate = path.join(DEBIAN_ROOT, major, 'bin', name);
    if (runs(candidate)) return candidate;
  }
  return name;
}

const bin = {
  initdb: binary('initdb'),
  postgres: binary('postgres'),
  pgIsReady: binary('pg_isready'),
  psql: binary('psql'),
};

/** PostgreSQL refuses to run as root: borrow the `postgres` account then. */
function identity(): Identity | undefined | null {
  if (process.getuid?.() !== 0) return undefined;
  const uid = spawnSync('id', ['-u', 'postgres'], { encoding: 'utf8' });
  const gid = spawnSync('id', ['-g', 'postgres'], { encoding: 'utf8' });
  if (uid.status !== 0 || gid.status !== 0) return null;
  return { uid: Number(uid.stdout.trim()), gid: Number(gid.stdout.trim()) };
}

/** Why a live PostgreSQL test cannot run here, or undefined when it can. */
export function postgresUnavailableReason(): string | undefined {
  if (!Object.values(bin).every(runs))
    return `PostgreSQL binaries (initdb, postgres, pg_isready, psql) are neither on PATH nor in ${DEBIAN_ROOT}/*/bin`;
  if (identity() === null) return 'running as root without a postgres account to run the server as';
  return undefined;
}

export interface PostgresServer {
  /** postgresql://kiroku@127.0.0.1:PORT/postgres */
  url: string;
  /** Runs one SQL statement with psql, e.g. to empty the store's table between tests. */
  sql(statement: string): Promise<void>;
  stop(): Promise<void>;
}

function run(command: string, args: string[], as: Identity | undefined): Promise<number | null> {
  const child = spawn(command, args, { stdio: 'ignore', ...as });
  return once(child, 'exit').then(([code]) => code as number | null);
}

/**
 * initdb + postgres in a temporary directory on a free loopback port (fsync off, trust auth).
 * The cluster uses an ICU en-US collation, which orders keys ignoring punctuation: the store must not
 * rely on the database collation for its prefix scan.
 */
export async function startPostgresServer(): Promise<PostgresServer> {
  const as = identity() ?? undefined;
  const directory = await mkdtemp(path.join(tmpdir(), 'kiroku-pg-'));
  if (as) await chown(directory, as.uid, as.gid);
  const data = path.join(directory, 'data');
  const initdbArgs = ['-D', data, '-U', 'kiroku', '--auth=trust', '--no-sync', '-E', 'UTF8'];
  const icu = ['--locale-provider=icu', '--icu-locale=en-US', '--locale=C.UTF-8'];
  if ((await run(bin.initdb, [...initdbArgs, ...icu], as)) !== 0) {
    await rm(data, { recursive: true, force: true });
    if ((await run(bin.initdb, initdbArgs, as)) !== 0) throw new Error('initdb failed');
  }
  const port = await freePort();
  const child: ChildProcess = spawn(
    bin.postgres,
    ['-D', data, '-p', String(port), '-c', 'listen_addresses=127.0.0.1', '-k', directory, '-F'],
    { stdio: 'ignore', ...as },
  );
  const stop = async () => {
    await stopChild(child, { signal: 'SIGINT' }); // PostgreSQL's fast shutdown
    await rm(directory, { recursive: true, force: true });
  };
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) break;
    if ((await run(bin.pgIsReady, ['-h', '127.0.0.1', '-p', String(port), '-q'], undefined)) === 0) {
      const url = `postgresql://kiroku@127.0.0.1:${port}/postgres`;
      const sql = async (statement: string) => {
        const code = await run(bin.psql, [url, '-q', '-v', 'ON_ERROR_STOP=1', '-c', statement], undefined);
        if (code !== 0) throw new Error(`psql failed: ${statement}`);
      };
      return { url, sql, stop };
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  await stop();
  throw new Error('postgres did not start');
}
