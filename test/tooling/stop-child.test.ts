/** stopChild (test/support/stop-child.ts): the polite signal first, SIGKILL only after the grace period. */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { describe, expect, it } from 'vitest';
import { stopChild } from '../support/stop-child.js';

/** A node child that prints "up" once its signal handlers are in place. */
async function child(script: string) {
  const running = spawn(
    process.execPath,
    ['-e', `${script}; console.log('up'); setInterval(() => {}, 1000)`],
    {
      stdio: ['ignore', 'pipe', 'ignore'],
    },
  );
  await once(running.stdout, 'data');
  return running;
}

describe('stopChild', () => {
  it('stops a child with SIGTERM when it obeys', async () => {
    const polite = await child('');
    await stopChild(polite, { graceMs: 20_000 });
    // Killed by SIGTERM itself: had the grace period run out, SIGKILL would have.
    expect(polite.signalCode).toBe('SIGTERM');
  });

  it('kills a child that ignores the signal once the grace period is over', async () => {
    const stubborn = await child("process.on('SIGTERM', () => {})");
    await stopChild(stubborn, { graceMs: 200 });
    expect(stubborn.signalCode).toBe('SIGKILL');
  });

  it('sends the signal asked for, and returns at once for a child already gone', async () => {
    const postgresLike = await child("process.on('SIGINT', () => process.exit(0))");
    await stopChild(postgresLike, { signal: 'SIGINT', graceMs: 20_000 });
    expect(postgresLike.exitCode).toBe(0);
    await expect(stopChild(postgresLike)).resolves.toBeUndefined();
  });
});
