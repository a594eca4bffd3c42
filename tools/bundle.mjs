/**
 * `npm run build`'s second step: the bot's start as one bundle, `dist/bundle/src/main.js`, which `npm start`
 * and the image run. Loading kiroku's ~360 modules one by one cost the start more than running them:
 * resolving, reading and linking each file. The bundle holds kiroku's own code; the packages stay in
 * node_modules, loaded as they are (discord.js as the bare client loads it; native ones cannot be bundled).
 *
 * Layout: `src/main.js` and every chunk it shares sit in `dist/bundle/src/`, each command in
 * `dist/bundle/commands/<name>/index.js`, so that the entry finds the command folders beside it as in the
 * sources (`../commands/`) and the command loader still reads one folder per command.
 * The CLIs (`npm run admin`, `backup`, …) keep running tsc's output in `dist/src/cli/`.
 */
import { readdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const outdir = path.resolve(root, process.argv[2] ?? 'dist/bundle');

async function commandEntries() {
  const folders = await readdir(path.join(root, 'commands'), { withFileTypes: true });
  return folders.filter((f) => f.isDirectory()).map((f) => `commands/${f.name}/index.ts`);
}

await rm(outdir, { recursive: true, force: true });
await build({
  absWorkingDir: root,
  entryPoints: ['src/main.ts', ...(await commandEntries())],
  outdir,
  outbase: '.',
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  // kiroku's `#src/…` imports, from the TypeScript sources (package.json "imports").
  conditions: ['source'],
  packages: 'external',
  chunkNames: 'src/[name]-[hash]',
  sourcemap: 'linked',
  logLevel: 'warning',
});
// The bundle's own package scope: ES modules, wherever the folder is copied (the bench copies it).
await writeFile(path.join(outdir, 'package.json'), `${JSON.stringify({ type: 'module' })}\n`);
