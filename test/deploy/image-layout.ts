/**
 * The Docker image's /app without Docker (no engine here): the compiled dist, node_modules and
 * package.json, no sources and no .env; and the image's ENV and CMD read from the Dockerfile's final
 * stage. The compiled files go straight into the layout, so no other test's build is raced.
 */
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdir, symlink } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { promisify } from 'node:util';
import { REPO_ROOT } from '../support/spawn-bot.js';

const run = promisify(execFile);

/** The final stage of the Dockerfile: continuation lines joined, comments dropped. */
function finalStage(): string[] {
  const text = readFileSync(path.join(REPO_ROOT, 'Dockerfile'), 'utf8').replace(/\\\n\s*/g, ' ');
  const lines = text.split('\n').filter((line) => line.trim() && !line.trim().startsWith('#'));
  return lines.slice(lines.findLastIndex((line) => line.startsWith('FROM ')));
}

/** Every `ENV A=1 B=2` of the final stage, and its `CMD [...]`. */
export function imageSettings(): { env: Record<string, string>; cmd: string[] } {
  const stage = finalStage();
  const env = Object.fromEntries(
    stage
      .filter((line) => line.startsWith('ENV '))
      .flatMap((line) => [...line.matchAll(/([A-Z_]+)=(\S+)/g)].map((m) => [m[1], m[2]])),
  );
  const cmd = stage.find((line) => line.startsWith('CMD '));
  if (!cmd) throw new Error('the image has no CMD');
  return { env, cmd: JSON.parse(cmd.slice(4)) as string[] };
}

/** Lays out the image's /app under `root`, and compiles and bundles the sources into it. */
export async function imageApp(root: string): Promise<string> {
  const app = path.join(root, 'app');
  await mkdir(app, { recursive: true });
  const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
  const dist = path.join(app, 'dist');
  await run(
    process.execPath,
    [
      tsc,
      '-p',
      'tsconfig.build.json',
      '--outDir',
      dist,
      '--tsBuildInfoFile',
      path.join(dist, '.tsbuildinfo'),
    ],
    { cwd: REPO_ROOT },
  );
  // The build's second step: the bundle the image starts (tools/bundle.mjs).
  await run(process.execPath, ['tools/bundle.mjs', path.join(dist, 'bundle')], { cwd: REPO_ROOT });
  for (const entry of ['node_modules', 'package.json'])
    await symlink(path.join(REPO_ROOT, entry), path.join(app, entry));
  return app;
}
