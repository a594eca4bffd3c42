/**
 * The bundle the Dockerfile's `npm run build` makes (tools/bundle.mjs), for the scenarios that measure a
 * process as production runs it (`node dist/bundle/src/main.js`) rather than under tsx, whose loader
 * thread alone adds tens of MB of RSS. The bench's own children (the memory report's bot, the bare
 * client) are bundled beside the bot, so one build serves every plain-node run. Built once per bench run
 * under node_modules/.cache.
 */
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { REPO_ROOT } from './spawn.js';

const BUNDLE_DIR = path.join(REPO_ROOT, 'node_modules', '.cache', 'kiroku-bench', 'bundle');
const CHILDREN = [
  'bench/children/kiroku-memory.ts',
  'bench/children/bare.ts',
  'bench/children/bare-libraries.ts',
];

let built: Promise<void> | undefined;

/** Bundles the bot and the bench's children (once per run). */
export function ensureBuild(): Promise<void> {
  // tools/bundle.mjs empties its output folder first.
  built ??= promisify(execFile)(
    process.execPath,
    [path.join('tools', 'bundle.mjs'), BUNDLE_DIR, ...CHILDREN],
    { cwd: REPO_ROOT },
  ).then(() => undefined);
  return built;
}

/** The bundled path of an entry (src/main.ts or a bench child), as plain node runs it. */
export function bundledPath(script: string): string {
  return path.join(BUNDLE_DIR, script.replace(/\.ts$/, '.js'));
}
