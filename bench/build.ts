/**
 * A compiled copy of the project (tsc, then the bundle, as the Dockerfile's `npm run build`), for the
 * scenarios that measure a process as production runs it (`node dist/bundle/src/main.js`) rather than
 * under tsx, whose loader thread alone adds tens of MB of RSS. Built once per bench run under
 * node_modules/.cache.
 */
import { execFile } from 'node:child_process';
import { access, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { REPO_ROOT } from './spawn.js';

export const BUILD_DIR = path.join(REPO_ROOT, 'node_modules', '.cache', 'kiroku-bench');
const BUNDLE_DIR = path.join(BUILD_DIR, 'bundle');

let built: Promise<string> | undefined;

/** Compiles src, commands, test and bench into BUILD_DIR (once); resolves with the directory. */
export function ensureBuild(): Promise<string> {
  built ??= (async () => {
    await rm(BUILD_DIR, { recursive: true, force: true });
    const tsc = path.join(REPO_ROOT, 'node_modules', 'typescript', 'bin', 'tsc');
    try {
      await promisify(execFile)(
        process.execPath,
        [tsc, '-p', 'tsconfig.json', '--noEmit', 'false', '--outDir', BUILD_DIR],
        { cwd: REPO_ROOT, maxBuffer: 64 * 1024 * 1024 },
      );
    } catch (error) {
      // tsc still emits when some file (perhaps one being edited elsewhere) has type errors; the
      // bench only needs the entry points it runs to exist.
      const entries = ['src/main.ts', 'bench/children/bare.ts', 'bench/children/kiroku-memory.ts'];
      const missing = await Promise.all(
        entries.map((e) =>
          access(compiledPath(e)).then(
            () => false,
            () => true,
          ),
        ),
      );
      if (missing.some(Boolean)) throw error;
      const output = String((error as { stdout?: unknown }).stdout ?? '')
        .split('\n')
        .slice(0, 3)
        .join(' | ');
      process.stderr.write(`  (tsc reported type errors but emitted the build: ${output})\n`);
    }
    await writeScope();
    // The bundle `npm start` and the image run, with the memory scenario's child beside the bot.
    await promisify(execFile)(
      process.execPath,
      [path.join('tools', 'bundle.mjs'), BUNDLE_DIR, 'bench/children/kiroku-memory.ts'],
      { cwd: REPO_ROOT },
    );
    return BUILD_DIR;
  })();
  return built;
}

/**
 * The compiled copy's own package scope: Node stops looking for a package.json at node_modules, so
 * without one the copy's `#src/…` imports (package.json `imports`) would not resolve, and its files
 * would be ES modules only by syntax detection.
 */
async function writeScope(): Promise<void> {
  const scope = { type: 'module', imports: { '#src/*': './src/*' } };
  await writeFile(path.join(BUILD_DIR, 'package.json'), `${JSON.stringify(scope, null, 2)}\n`);
}

/** The compiled path of a repository .ts file. */
export function compiledPath(script: string): string {
  return path.join(BUILD_DIR, script.replace(/\.ts$/, '.js'));
}

/** The bundled path of an entry of the bundle (src/main.ts, the memory child), as the image runs it. */
export function bundledPath(script: string): string {
  return path.join(BUNDLE_DIR, script.replace(/\.ts$/, '.js'));
}
