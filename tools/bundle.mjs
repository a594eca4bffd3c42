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
// `node tools/bundle.mjs [outdir] [more entries…]`: the bench bundles its memory child beside the bot.
const [outArg, ...moreEntries] = process.argv.slice(2);
const outdir = path.resolve(root, outArg ?? 'dist/bundle');

async function commandEntries() {
  const folders = await readdir(path.join(root, 'commands'), { withFileTypes: true });
  return folders.filter((f) => f.isDirectory()).map((f) => `commands/${f.name}/index.ts`);
}

/**
 * Packages bundled with kiroku's code: many small files that only kiroku loads (zod ~95 modules,
 * prom-client with its dependencies ~90). The others stay in node_modules: discord.js and undici as the
 * bare client loads them, native ones (sqlite3, canvas), and pino, whose transports start worker
 * threads from its files.
 */
const BUNDLED_PACKAGES = new Set(['zod', 'prom-client', '@opentelemetry/api', 'bintrees', 'tdigest']);

/**
 * A bundled CommonJS package's `require('cluster')` needs a `require` in the ES module it lands in
 * (esbuild's shim calls it); each output file makes its own from its own URL.
 */
const REQUIRE_FOR_COMMONJS =
  "import { createRequire as createRequireForCommonJs } from 'node:module';\nconst require = createRequireForCommonJs(import.meta.url);";

/** Every package import is left to Node at run time, except those named. */
function packagesOutsideExcept(bundled) {
  return {
    name: 'packages-outside',
    setup(plugin) {
      plugin.onResolve({ filter: /^[^./#]/ }, (args) => {
        const name = args.path.startsWith('@')
          ? args.path.split('/').slice(0, 2).join('/')
          : args.path.split('/')[0];
        return bundled.has(name) ? undefined : { path: args.path, external: true };
      });
    },
  };
}

await rm(outdir, { recursive: true, force: true });
await build({
  absWorkingDir: root,
  entryPoints: ['src/main.ts', ...(await commandEntries()), ...moreEntries],
  outdir,
  outbase: '.',
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  // kiroku's `#src/…` imports, from the TypeScript sources (package.json "imports").
  conditions: ['source'],
  plugins: [packagesOutsideExcept(BUNDLED_PACKAGES)],
  chunkNames: 'src/[name]-[hash]',
  banner: { js: REQUIRE_FOR_COMMONJS },
  sourcemap: 'linked',
  logLevel: 'warning',
});
// The bundle's own package scope: ES modules, wherever it is written (the bench writes one under
// node_modules/.cache, where no package.json above says so).
await writeFile(path.join(outdir, 'package.json'), `${JSON.stringify({ type: 'module' })}\n`);
