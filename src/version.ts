import { z } from 'zod';
import { readPackageJson } from './package-info.js';

/** kiroku's own version, read from its package.json (one source per fact). */
const packageSchema = z.object({ name: z.literal('kiroku'), version: z.string().min(1) });

export const KIROKU_VERSION: string =
  packageSchema.safeParse(readPackageJson()).data?.version ?? '0.0.0-unknown';
