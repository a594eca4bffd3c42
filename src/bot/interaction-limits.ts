/**
 * Per-person abuse limits on interactions: one person cannot spend the whole bot's request budget
 * (shared by everyone, about 4 requests/s at the service) or flood Discord's REST with replies.
 *
 * - Commands, autocompletes and component presses are counted separately per Discord user.
 * - Component presses (buttons, selects, modal submits) get their own, larger allowance: they reach
 *   the service like a command (a page turn, a Watched press, a status pick), so they must be
 *   limited, but a person reading a paged list presses Next faster than they type commands, and a
 *   modal submit follows the command that opened it.
 * - With a redis:// DATABASE_URL the counters live in Redis, so every process (shard) shares one
 *   allowance per person; while Redis is unreachable each process counts on its own.
 */
import { type Interaction, MessageFlags } from 'discord.js';
import type { RateLimiterAbstract } from 'rate-limiter-flexible';
import { localeFromDiscord } from '../i18n/locale.js';
import { createTranslator } from '../i18n/translator.js';
import type { Logger } from '../logger.js';
import { DEFAULT_PERSON_SHARE, type PersonShareSettings } from '../service/index.js';
import { isRedisUrl } from '../store/backend.js';

export type LimitedKind = 'command' | 'autocomplete' | 'component';

export interface InteractionLimitSettings {
  /** Allowed per person per window, by kind. */
  perWindow: Readonly<Record<LimitedKind, number>>;
  windowSeconds: number;
  /**
   * Each person's share of the service requests those interactions make (the request budget keeps
   * it): it binds only while others wait, when a call beyond it waits behind theirs and is refused
   * "try again <time>" only if it cannot start within the reply window.
   */
  serviceShare: PersonShareSettings;
}

/**
 * 5 commands and 20 autocompletes per 10 s; components 10 (see above). Of the
 * service requests they make, an equal part while others wait, and never less than 8 per 80 s.
 */
export const DEFAULT_INTERACTION_LIMITS: InteractionLimitSettings = {
  perWindow: { command: 5, autocomplete: 20, component: 10 },
  windowSeconds: 10,
  serviceShare: DEFAULT_PERSON_SHARE,
};

export interface InteractionLimits {
  /** Counts one interaction of a person; resolves to the seconds to wait when over the limit, else 0. */
  consume(kind: LimitedKind, userId: string): Promise<number>;
  close(): Promise<void>;
}

/** The kind an interaction counts as; undefined for kinds that are not limited (none today). */
export function limitedKind(interaction: Interaction): LimitedKind | undefined {
  if (interaction.isChatInputCommand() || interaction.isContextMenuCommand()) return 'command';
  if (interaction.isAutocomplete()) return 'autocomplete';
  if (interaction.isButton() || interaction.isStringSelectMenu() || interaction.isModalSubmit())
    return 'component';
  return undefined;
}

/** Over the limit: an empty list for autocomplete, otherwise a private "slow down" in the reader's language. */
export async function answerOverLimit(interaction: Interaction, waitSeconds: number): Promise<void> {
  if (interaction.isAutocomplete()) {
    await interaction.respond([]);
    return;
  }
  if (!interaction.isRepliable()) return;
  const t = createTranslator(localeFromDiscord(interaction.locale));
  await interaction.reply({
    content: t('error.slowDown', { seconds: waitSeconds }),
    flags: MessageFlags.Ephemeral,
  });
}

interface RejectedConsume {
  msBeforeNext: number;
}

function isRejection(value: unknown): value is RejectedConsume {
  return (
    typeof value === 'object' && value !== null && typeof (value as RejectedConsume).msBeforeNext === 'number'
  );
}

/**
 * The limits for a DATABASE_URL: in memory, or in Redis (its own connection, like the request
 * budget's) with an in-memory stand-in while Redis is unreachable. rate-limiter-flexible is loaded
 * here, on first use, and only its in-memory limiter without Redis.
 */
export async function openInteractionLimits(
  databaseUrl: string,
  settings: InteractionLimitSettings,
  options: { logger: Logger },
): Promise<InteractionLimits> {
  // The in-memory limiter alone: the package's index loads every backend it supports.
  const { default: RateLimiterMemory } = await import('rate-limiter-flexible/lib/RateLimiterMemory.js');
  const optionsFor = (kind: LimitedKind) => ({
    points: settings.perWindow[kind],
    duration: settings.windowSeconds,
    keyPrefix: `kiroku-limit-${kind}`,
  });
  let closeConnection = async () => {};
  let build: (kind: LimitedKind) => RateLimiterAbstract = (kind) => new RateLimiterMemory(optionsFor(kind));
  if (isRedisUrl(databaseUrl)) {
    const { RateLimiterRedis } = await import('rate-limiter-flexible');
    const { connectRedis } = await import('../store/redis-connection.js');
    const client = await connectRedis(databaseUrl, { logger: options.logger, role: 'interaction limits' });
    closeConnection = () => (client.isOpen ? client.close() : Promise.resolve());
    build = (kind) =>
      new RateLimiterRedis({
        storeClient: client,
        useRedisPackage: true,
        rejectIfRedisNotReady: true,
        insuranceLimiter: new RateLimiterMemory(optionsFor(kind)),
        ...optionsFor(kind),
      });
  }
  const limiters: Record<LimitedKind, RateLimiterAbstract> = {
    command: build('command'),
    autocomplete: build('autocomplete'),
    component: build('component'),
  };
  let closing: Promise<void> | undefined;
  return {
    async consume(kind, userId) {
      try {
        await limiters[kind].consume(userId);
        return 0;
      } catch (error) {
        if (isRejection(error)) return Math.max(1, Math.ceil(error.msBeforeNext / 1000));
        // A broken counter must not lock everyone out: let the interaction through, and say so.
        options.logger.warn({ err: error, kind }, 'interaction limits: could not count; letting it through');
        return 0;
      }
    },
    close() {
      closing ??= closeConnection();
      return closing;
    },
  };
}
