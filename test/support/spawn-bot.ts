/** The bot as a child process, started the way an operator starts it, with its output collected. */
import { type ChildProcess, spawn } from 'node:child_process';
import { copyFile, mkdtemp } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

export const REPO_ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** tsx's loader by absolute URL, so that `--import` finds it from any working directory. */
export const TSX_LOADER = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;

/**
 * Node's flags for running the TypeScript sources, from any working directory: tsx's loader (by
 * absolute URL) and the `source` condition, under which `#src/…` imports resolve to `src/` (without
 * it they resolve to the compiled `dist/src/`). Every child process started from source uses them.
 */
export const SOURCE_FLAGS = ['--conditions=source', '--import', TSX_LOADER];

/** `node <SOURCE_FLAGS> src/main.ts`. */
export const FROM_SOURCE = [
  '--disable-warning=UnsupportedCacheOverwriteWarning',
  ...SOURCE_FLAGS,
  path.join(REPO_ROOT, 'src/main.ts'),
];

/** A fresh working directory holding a copy of `.env.example` as `.env`, as the README's first step makes. */
export async function directoryWithEnvExample(prefix: string): Promise<string> {
  const directory = await mkdtemp(path.join(tmpdir(), prefix));
  await copyFile(path.join(REPO_ROOT, '.env.example'), path.join(directory, '.env'));
  return directory;
}

export interface BotProcess {
  readonly child: ChildProcess;
  /** stdout and stderr so far. */
  output(): string;
  stderr(): string;
  /** Resolves once the output contains `text`; rejects when the process exits first or time runs out. */
  waitFor(text: string, timeoutMs?: number): Promise<void>;
  /** The exit code, once the process is gone. */
  readonly exited: Promise<number | null>;
  kill(signal?: NodeJS.Signals): void;
}

export function spawnBot(args: string[], options: { cwd: string; env: NodeJS.ProcessEnv }): BotProcess {
  const child = spawn(process.execPath, args, {
    cwd: options.cwd,
    env: options.env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  let stderr = '';
  let exitCode: number | null | undefined;
  child.stdout?.on('data', (chunk) => {
    output += String(chunk);
  });
  child.stderr?.on('data', (chunk) => {
    output += String(chunk);
    stderr += String(chunk);
  });
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code) => {
      exitCode = code;
      resolve(code);
    }),
  );
  return {
    child,
    output: () => output,
    stderr: () => stderr,
    exited,
    async waitFor(text, timeoutMs = 30_000) {
      const deadline = Date.now() + timeoutMs;
      while (!output.includes(text)) {
        if (exitCode !== undefined)
          throw new Error(`the bot exited (${exitCode}) before "${text}":\n${output}`);
        if (Date.now() > deadline) throw new Error(`no "${text}" within ${timeoutMs} ms:\n${output}`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
    kill(signal = 'SIGKILL') {
      if (exitCode === undefined) child.kill(signal);
    },
  };
}
