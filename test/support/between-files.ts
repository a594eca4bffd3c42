/**
 * Runs before every test file (`setupFiles` in vitest.config.ts). Files share their worker process
 * (`isolate: false`), so what one file leaves behind must not reach the next: after each file, fake
 * timers a failed test did not restore are restored, and process.env is put back as it was before the
 * file (discord.js's ShardingManager, for one, marks the process as a shard manager in process.env,
 * and a bot spawned later with that environment would take itself for a shard). Close what a file
 * opens (the shared set-up's helpers do) and remove the process listeners it adds.
 */
import { afterAll, vi } from 'vitest';

const envBefore = { ...process.env };

afterAll(() => {
  vi.useRealTimers();
  for (const name of Object.keys(process.env)) if (!(name in envBefore)) delete process.env[name];
  Object.assign(process.env, envBefore);
});
