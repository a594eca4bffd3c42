/**
 * Runs before every test file (`setupFiles` in vitest.config.ts). Files share their worker process
 * (`isolate: false`), so what one file leaves behind must not reach the next: fake timers a failed
 * test did not restore are restored after each file. Close what a file opens (the shared set-up's
 * helpers do) and remove the process listeners it adds.
 */
import { afterAll, vi } from 'vitest';

afterAll(() => {
  vi.useRealTimers();
});
