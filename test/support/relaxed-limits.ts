import type { InteractionLimitSettings } from '#src/bot/interaction-limits.js';

/**
 * Per-person interaction limits far above anything a test or benchmark sends, so that they may fire
 * interactions back to back as one person; the tests of the limits use DEFAULT_INTERACTION_LIMITS.
 */
export const RELAXED_INTERACTION_LIMITS: InteractionLimitSettings = {
  perWindow: { command: 100_000, autocomplete: 100_000, component: 100_000 },
  windowSeconds: 1,
  serviceShare: { burst: 100_000, windowSeconds: 1 },
};
