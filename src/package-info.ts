/**
 * kiroku's own package.json (one source for its version and its supported Node.js), read without any
 * dependency so the Node.js check can run before anything else loads. The file sits one level above
 * `src/` when run from source, two above `dist/src/` when compiled, and three above `dist/bundle/src/`
 * in the bundle the image runs.
 */
import { readFileSync } from 'node:fs';

export function readPackageJson(): Record<string, unknown> | undefined {
  for (const relative of ['../package.json', '../../package.json', '../../../package.json']) {
    try {
      const parsed: unknown = JSON.parse(readFileSync(new URL(relative, import.meta.url), 'utf8'));
      if (typeof parsed === 'object' && parsed !== null && Reflect.get(parsed, 'name') === 'kiroku')
        return parsed as Record<string, unknown>;
    } catch {
      // not here: try the next level up
    }
  }
  return undefined;
}
