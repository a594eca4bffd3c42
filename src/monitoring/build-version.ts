/** kiroku's version, read once from its package.json (the one fact the image, npm and metrics share). */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

const packageSchema = z.object({ name: z.literal('kiroku'), version: z.string().min(1) });

/**
 * Walks up from this file to kiroku's package.json: `src/monitoring` when run with tsx,
 * `dist/src/monitoring` when compiled (the image copies package.json next to dist).
 */
function readVersion(): string {
  let directory = path.dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const candidate = path.join(directory, 'package.json');
    if (existsSync(candidate)) {
      const parsed = packageSchema.safeParse(JSON.parse(readFileSync(candidate, 'utf8')));
      if (parsed.success) return parsed.data.version;
    }
    const parent = path.dirname(directory);
    if (parent === directory) return 'unknown';
    directory = parent;
  }
}

let cached: string | undefined;

/** The version in kiroku's package.json, or `unknown` when it cannot be found. */
export function buildVersion(): string {
  cached ??= readVersion();
  return cached;
}
