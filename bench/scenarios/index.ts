/** Every scenario, in the order `npm run bench` runs them. */
import type { Scenario } from '../types.js';
import { interactionOverhead } from './interaction-overhead.js';

export const SCENARIOS: readonly Scenario[] = [interactionOverhead];
