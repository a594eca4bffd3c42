import { readFileSync } from 'node:fs';
import { z } from 'zod';

/**
 * kiroku's own version, read from its package.json (one source per fact). The file sits one level
 * above `src/` when run from source and two above `dist/src/` when compiled, as in the image.
 */
const packageSchema = z.object({ name: z.literal('kiroku'), version: z.string().min(1) });

function readVersion(): string {
  for (const relative of ['../package.json', '../../package.json']) {
    try {
      const parsed = packageSchema.safeParse(
        JSON.parse(readFileSync(new URL(relative, import.meta.url), 'utf8')),
      );
      if (parsed.success) return parsed.data.version;
    } catch {
      // not here: try the next level up
    }
  }
  return '0.0.0-unknown';
}

export const KIROKU_VERSION: string = readVersion();
