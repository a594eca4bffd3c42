/** Starts test/support/faults/bot-process.ts as a child process, watches its progress, kills it with SIGKILL. */
import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { SOURCE_FLAGS } from '../spawn-bot.js';

const ENTRY = fileURLToPath(new URL('./bot-process.ts', import.meta.url));
const ROOT = fileURLToPath(new URL('../../..', import.meta.url));

export interface Marker {
  reliability: string;
  [key: string]: unknown;
}

export interface ChildBot {
  readonly pid: number;
  /** Everything the child wrote (logs on stdout, markers on stderr). */
  output(): string;
  /** The progress markers of one kind, oldest first. */
  markers(kind: string): Marker[];
  /** Whether the child exited without being killed by kill(). */
  readonly crashed: boolean;
  /** Waits (bounded) until the predicate holds; fails if the child dies meanwhile. */
  waitFor(predicate: () => boolean, what: string, timeoutMs?: number): Promise<void>;
  /** SIGKILL, as `kill -9` would; resolves once the process is gone. */
  kill(): Promise<void>;
}

export async function startChildBot(env: Record<string, string>, timeoutMs = 20_000): Promise<ChildBot> {
  const child: ChildProcess = spawn(process.execPath, [...SOURCE_FLAGS, ENTRY], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', NODE_ENV: 'test', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const markers: Marker[] = [];
  let pending = '';
  child.stdout?.on('data', (chunk) => {
    output += String(chunk);
  });
  child.stderr?.on('data', (chunk) => {
    output += String(chunk);
    pending += String(chunk);
    const lines = pending.split('\n');
    pending = lines.pop() ?? '';
    for (const line of lines) {
      if (!line.startsWith('{"reliability"')) continue;
      try {
        markers.push(JSON.parse(line) as Marker);
      } catch {
        // a marker cut by the kill
      }
    }
  });
  let killed = false;
  let exited = false;
  const exit = new Promise<void>((resolve) =>
    child.once('exit', () => {
      exited = true;
      resolve();
    }),
  );

  const bot: ChildBot = {
    pid: child.pid ?? -1,
    output: () => output,
    markers: (kind) => markers.filter((m) => m.reliability === kind),
    get crashed() {
      return exited && !killed;
    },
    async waitFor(predicate, what, waitMs = 30_000) {
      const deadline = Date.now() + waitMs;
      while (!predicate()) {
        if (exited)
          throw new Error(`the bot process exited while waiting for ${what}:\n${output.slice(-3000)}`);
        if (Date.now() > deadline) throw new Error(`no ${what} within ${waitMs} ms:\n${output.slice(-3000)}`);
        await new Promise((resolve) => setTimeout(resolve, 1));
      }
    },
    async kill() {
      if (exited) return;
      killed = true;
      child.kill('SIGKILL');
      await exit;
    },
  };
  try {
    await bot.waitFor(() => markers.some((m) => m.reliability === 'ready'), 'ready marker', timeoutMs);
  } catch (error) {
    await bot.kill();
    throw error;
  }
  return bot;
}
