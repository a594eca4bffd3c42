/** Spawning TypeScript entry points as child processes and waiting for a line they print. */
import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SOURCE_FLAGS } from '../test/support/spawn-bot.js';
import { stopChild } from '../test/support/stop-child.js';

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
  const [command, args] = commandLine(options);
  const env: NodeJS.ProcessEnv = { PATH: process.env.PATH, HOME: process.env.HOME, ...options.env };
  const spawnedAt = performance.now();
  const child = spawn(command, args, { cwd: REPO_ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  const lines = readLines(child);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return {
    child,
    spawnedAt,
    output: lines.output,
    waitForLine: (pattern, timeoutMs) =>
      waitForLine({ child, script: options.script, lines, exited }, pattern, timeoutMs),
    stop: (graceMs = 5000) => stopChild(child, { graceMs }),
  };
}

/** The program and its arguments for the runner (see SpawnOptions.runner). */
function commandLine(options: SpawnOptions): [string, string[]] {
  const script = path.resolve(REPO_ROOT, options.script);
  const flags = options.nodeFlags ?? [];
  const rest = [script, ...(options.args ?? [])];
  // From source, `#src/…` imports resolve to src/ under the `source` condition (see SOURCE_FLAGS).
  return options.runner === 'tsx'
    ? [TSX_BIN, ['--conditions=source', ...flags, ...rest]]
    : options.runner === 'node'
      ? [process.execPath, [...flags, ...SOURCE_FLAGS, ...rest]]
      : [process.execPath, [...flags, ...rest]];
}

type LineListener = (line: string, at: number) => void;

interface ChildLines {
  /** Called with each complete stdout line and performance.now() when its chunk arrived. */
  listeners: Set<LineListener>;
  /** Everything printed so far (stdout and stderr). */
  output(): string;
}

function readLines(child: ChildProcess): ChildLines {
  let buffered = '';
  let all = '';
  const listeners = new Set<LineListener>();
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
  return { listeners, output: () => all };
}

interface Watched {
  child: ChildProcess;
  script: string;
  lines: ChildLines;
  exited: Promise<void>;
}

/** The first stdout line matching; fails on timeout or when the child exits first. */
function waitForLine(
  { child, script, lines, exited }: Watched,
  pattern: RegExp,
  timeoutMs: number,
): Promise<{ line: string; at: number }> {
  const { listeners, output } = lines;
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      listeners.delete(listener);
      reject(
        new Error(`${script}: no line matching ${pattern} within ${timeoutMs} ms:\n${output().slice(-2000)}`),
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
          `${script} exited (${child.exitCode}) before printing ${pattern}:\n${output().slice(-2000)}`,
        ),
      );
    });
  });
}
