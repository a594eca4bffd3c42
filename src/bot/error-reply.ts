import type { Translator } from '../i18n/translator.js';
import { discordTime } from '../render/format.js';
import {
  BudgetBusy,
  InsufficientScope,
  InvalidParams,
  MalformedResponse,
  NotFound,
  RateLimited,
  Unauthorized,
  Unavailable,
} from '../service/index.js';
import { VaultError } from '../vault/index.js';
import { UserFacingError } from './user-facing-error.js';

interface ErrorOutcome {
  /** Short, localized text for the person who ran the command. */
  message: string;
  /** A label for logs and metrics. */
  outcome: string;
  /** Whether the error is unexpected and worth logging with its stack. */
  unexpected: boolean;
}

/**
 * The one place that turns any thrown value into what the user reads. The service's faults (an outage,
 * a 429) are named as the service's, never as the reader's use of it.
 */
export function describeError(error: unknown, t: Translator, now: () => number = Date.now): ErrorOutcome {
  if (error instanceof UserFacingError)
    return { message: error.render(t), outcome: 'user_error', unexpected: false };
  if (error instanceof Unauthorized)
    return { message: t('error.unauthorized'), outcome: 'unauthorized', unexpected: false };
  if (error instanceof InsufficientScope)
    return { message: t('error.insufficientScope'), outcome: 'insufficient_scope', unexpected: false };
  if (error instanceof NotFound)
    return { message: t('error.notFound'), outcome: 'not_found', unexpected: false };
  if (error instanceof InvalidParams)
    return {
      message: t('error.invalidParams', { messages: error.messages.join('; ') }),
      outcome: 'invalid_params',
      unexpected: false,
    };
  if (error instanceof BudgetBusy && error.reason !== 'closed' && error.retryAfterMs !== undefined) {
    // When to try again, as a Discord timestamp each reader sees in their own words ("in 40 seconds").
    const retry = discordTime(
      new Date(Math.ceil((now() + error.retryAfterMs) / 1000) * 1000).toISOString(),
      'R',
    );
    const key = error.reason === 'share' ? 'error.busyShare' : 'error.busyWait';
    return { message: t(key, { retry }), outcome: 'busy', unexpected: false };
  }
  if (error instanceof BudgetBusy || error instanceof RateLimited)
    return { message: t('error.busy'), outcome: 'busy', unexpected: false };
  if (error instanceof Unavailable)
    return { message: t('error.unavailable'), outcome: 'unavailable', unexpected: false };
  if (error instanceof VaultError)
    return { message: t('error.vaultUnreadable'), outcome: 'vault_unreadable', unexpected: true };
  if (error instanceof MalformedResponse)
    return { message: t('error.malformed'), outcome: 'malformed', unexpected: true };
  return { message: t('error.internal'), outcome: 'internal', unexpected: true };
}
