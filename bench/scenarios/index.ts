/** Every scenario, in the order `npm run bench` runs them. */
import type { Scenario } from '../types.js';
import { budget } from './budget.js';
import { coldStart } from './cold-start.js';
import { digestBurst } from './digest-burst.js';
import { fairShare } from './fair-share.js';
import { feedFreshness } from './feed-freshness.js';
import { interactionOverhead } from './interaction-overhead.js';
import { memory } from './memory.js';
import { renderCard } from './render-card.js';
import { requestsPerAction } from './requests-per-action.js';
import { scaleOut } from './scale-out.js';
import { verdictBudget } from './verdict-budget.js';
import { weeklySummary } from './weekly-summary.js';

export const SCENARIOS: readonly Scenario[] = [
  interactionOverhead,
  requestsPerAction,
  budget,
  digestBurst,
  memory,
  coldStart,
  scaleOut,
  feedFreshness,
  fairShare,
  renderCard,
  weeklySummary,
  verdictBudget,
];
