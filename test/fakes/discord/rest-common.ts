/** What every route family of the fake REST API shares: the recorded call, the faults, errors, checks. */
import type { InteractionResult, RestOutcome } from './interaction-result.js';
import type { FakeState, MessageBody, RecordedFile } from './state.js';

export interface RecordedRestCall {
  method: string;
  /** Decoded path after /api/v10, e.g. '/webhooks/1/tok/messages/@original'. */
  path: string;
  query: Record<string, string>;
  /** Parsed JSON body (payload_json for multipart), or undefined. */
  body: unknown;
  files: RecordedFile[];
  /** 'bot' when `Authorization: Bot <right token>`. */
  auth: 'bot' | 'none' | 'invalid';
  status: number;
  at: number;
}

export interface RouteMatch {
  method: string;
  path: string;
}

export interface ServerErrorFault {
  /** How many more matching calls fail. */
  count: number;
  /** Default 500. */
  status?: number;
  /** Default: every call except GET /gateway/bot. */
  match?: (call: RouteMatch) => boolean;
}

export interface RateLimitFault {
  /** How many more matching calls get a 429. */
  count: number;
  /** retry_after (JSON) and Retry-After / X-RateLimit-Reset-After (headers), in ms. Default 100. */
  retryAfterMs?: number;
  /** Sends X-RateLimit-Global (the client then pauses every route). */
  global?: boolean;
  /** X-RateLimit-Scope, default 'user'. */
  scope?: 'user' | 'global' | 'shared';
  /** Default: every call except GET /gateway/bot. */
  match?: (call: RouteMatch) => boolean;
}

/** Discord refusing a body as invalid (400, code 50035), as it does for a body past a limit. */
export interface RefusedBodyFault {
  /** Which bodies are refused (e.g. those carrying a marker); every matching call, until cleared. */
  match: (call: RouteMatch, body: unknown) => boolean;
}

/**
 * The request is carried out (the message is created) but the answer is lost: a 500 instead, as
 * when a connection drops after Discord acted. The client's retries then meet the created message.
 */
export interface LostResponseFault {
  /** How many more matching calls lose their answer. */
  count: number;
  match?: (call: RouteMatch, body: unknown) => boolean;
}

/** Mutable fault switches. */
export interface RestFaults {
  serverErrors: ServerErrorFault | null;
  rateLimit: RateLimitFault | null;
  refusedBodies?: RefusedBodyFault | null;
  lostResponses?: LostResponseFault | null;
  /** Every /channels/{id}/... call answers 403 Missing Access (50001) or 404 Unknown Channel (10003). */
  channelStatus: Map<string, 403 | 404>;
  /** Users whose DMs are closed to the bot: a message to their DM channel answers 403 (50007). */
  closedDms: Set<string>;
  /** Delay before every REST answer. */
  latencyMs: number;
}

export interface RestDeps {
  state: FakeState;
  botToken: string;
  applicationId: string;
  gatewayUrl: () => string;
  shards: () => number;
  maxConcurrency: number;
  faults: RestFaults;
  calls: RecordedRestCall[];
  interactionById: (id: string) => InteractionResult | undefined;
  interactionByToken: (token: string) => InteractionResult | undefined;
  /**
   * A dispatch that a REST change fires (GUILD_SCHEDULED_EVENT_*, THREAD_CREATE), to the sessions of
   * the guild's shard whose intents include `intent`.
   */
  dispatchToGuild?: (guildId: string, t: string, d: unknown, intent: number) => void;
}

/** One parsed request, as the route families see it. */
export interface RestRequest {
  method: string;
  segments: string[];
  path: string;
  query: Record<string, string>;
  body: Record<string, unknown>;
  files: RecordedFile[];
  auth: RecordedRestCall['auth'];
}

export const error = (
  status: number,
  message: string,
  code: number,
  extra: Record<string, unknown> = {},
): RestOutcome => ({
  status,
  body: { message, code, ...extra },
});
export const unknownChannel = (): RestOutcome => error(404, 'Unknown Channel', 10003);
export const unknownWebhook = (): RestOutcome => error(404, 'Unknown Webhook', 10015);

export function notFound(request: RestRequest): RestOutcome {
  return error(404, `404: Not Found (fake discord has no route ${request.method} ${request.path})`, 0);
}

export /** The checks Discord applies that a bot most plausibly trips over. */
function validateMessage(body: MessageBody, requireSomething: boolean): RestOutcome | null {
  const content = body.content ?? '';
  if (typeof content === 'string' && content.length > 2000) {
    return error(400, 'Invalid Form Body', 50035, {
      errors: {
        content: { _errors: [{ code: 'BASE_TYPE_MAX_LENGTH', message: 'Must be 2000 or fewer in length.' }] },
      },
    });
  }
  if (Array.isArray(body.embeds) && body.embeds.length > 10) {
    return error(400, 'Invalid Form Body', 50035, {
      errors: {
        embeds: { _errors: [{ code: 'BASE_TYPE_MAX_LENGTH', message: 'Must be 10 or fewer in length.' }] },
      },
    });
  }
  const empty =
    !content &&
    !(Array.isArray(body.embeds) && body.embeds.length > 0) &&
    !(Array.isArray(body.components) && body.components.length > 0);
  if (requireSomething && empty) return error(400, 'Cannot send an empty message', 50006);
  return null;
}
