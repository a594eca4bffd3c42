/** Spawning TypeScript entry points as child processes and waiting for a line they print. */
import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const TSX_BIN = path.join(REPO_ROOT, 'node_modules', '.bin', 'tsx');

export interface SpawnedChild {
  child: ChildProcess;
  /** performance.now() just before spawn(). */
  spawnedAt: number;
  /** Resolves with the first stdout line matching, and performance.now() when it was read. */
  waitForLine(pattern: RegExp, timeoutMs: number): Promise<{ line: string; at: number }>;
  /** Everything printed so far (stdout and stderr), for error messages. */
  output(): string;
  /** SIGTERM by pid (then SIGKILL after `graceMs`), and waits for the exit. */
  stop(graceMs?: number): Promise<void>;
}

export interface SpawnOptions {
  /**
   * 'tsx': the tsx CLI, as `npm start` runs (a tsx process plus its node child); 'node': node --import tsx;
   * 'compiled': plain node on the tsc output (`script` is then an absolute .js path, see build.ts).
   */
  runner: 'tsx' | 'node' | 'compiled';
  script: string;
  args?: string[];
  nodeFlags?: string[];
  env?: Record<string, string>;
}

export function spawnScript(options: SpawnOptions): SpawnedChild {
  const script = path.resolve(REPO_ROOT, options.script);
  const flags = options.nodeFlags ?? [];
  const rest = [script, ...(options.args ?? [])];
  const [command, args] =
    options.runner === 'tsx'
      ? [TSX_BIN, [...flags, ...rest]]
      : options.runner === 'node'
        ? [process.execPath, [...flags, '--import', 'tsx', ...rest]]
        : [process.execPath, [...flags, ...rest]];
  const env: NodeJS.ProcessEnv = { PATH: process.env.PATH, HOME: process.env.HOME, ...options.env };
  const spawnedAt = performance.now();
  const child = spawn(command, args, { cwd: REPO_ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let buffered = '';
  let all = '';
  const listeners = new Set<(line: string, at: number) => void>();
  child.stdout?.setEncoding('utf8');
  child.stderr?.setEncoding('utf8');
  child.stdout?.on('data', (chunk: string) => {
    const at = performance.now();
    all += chunk;
    buffered += chunk;
    const lines = buffered.split('\n');
    buffered = lines.pop() ?? '';
    for (const line of lines) for (const listener of [...listeners]) listener(line, at);
  });
  child.stderr?.on('data', (chunk: string) => {
    all += chunk;
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));

  return {
    child,
    spawnedAt,
    output: () => all,
    waitForLine(pattern, timeoutMs) {
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          listeners.delete(listener);
          reject(
            new Error(
              `${options.script}: no line matching ${pattern} within ${timeoutMs} ms:\n${all.slice(-2000)}`,
            ),
          );
        }, timeoutMs);
        const listener = (line: string, at: number) => {
          if (!pattern.test(line)) return;
          clearTimeout(timer);
          listeners.delete(listener);
          resolve({ line, at });
        };
        listeners.add(listener);
        void exited.then(() => {
          if (!listeners.has(listener)) return;
          clearTimeout(timer);
          listeners.delete(listener);
          reject(
            new Error(
              `${options.script} exited (${child.exitCode}) before printing ${pattern}:\n${all.slice(-2000)}`,
            ),
          );
        });
      });
    },
    async stop(graceMs = 5000) {
      if (child.exitCode !== null || child.signalCode !== null) return;
      if (child.pid !== undefined) process.kill(child.pid, 'SIGTERM');
      const timer = setTimeout(() => {
        if (child.pid !== undefined && child.exitCode === null) process.kill(child.pid, 'SIGKILL');
      }, graceMs);
      await exited;
      clearTimeout(timer);
    },
  };
}
