/**
 * Fault injection for the fake REST API: server errors, 429s with their headers, unreachable channels,
 * bodies refused as invalid, answers lost after the request was carried out.
 */
import type { ServerResponse } from 'node:http';
import type { RestOutcome } from './interaction-result.js';
import { error, type RestDeps, type RestRequest, type RouteMatch, unknownChannel } from './rest-common.js';

const DEFAULT_MATCH = (call: RouteMatch): boolean => !(call.method === 'GET' && call.path === '/gateway/bot');

/** The outcome a configured fault imposes on this request, or null to route it normally. */
export function injectFault(deps: RestDeps, request: RestRequest, res: ServerResponse): RestOutcome | null {
  const match = { method: request.method, path: request.path };
  const { serverErrors, rateLimit, channelStatus } = deps.faults;
  if (serverErrors && serverErrors.count > 0 && (serverErrors.match ?? DEFAULT_MATCH)(match)) {
    serverErrors.count -= 1;
    return error(serverErrors.status ?? 500, 'Internal Server Error', 0);
  }
  if (rateLimit && rateLimit.count > 0 && (rateLimit.match ?? DEFAULT_MATCH)(match)) {
    rateLimit.count -= 1;
    const seconds = (rateLimit.retryAfterMs ?? 100) / 1000;
    const scope = rateLimit.scope ?? (rateLimit.global ? 'global' : 'user');
    res.setHeader('Retry-After', String(seconds));
    res.setHeader('X-RateLimit-Limit', '5');
    res.setHeader('X-RateLimit-Remaining', '0');
    res.setHeader('X-RateLimit-Reset-After', String(seconds));
    res.setHeader('X-RateLimit-Reset', String((Date.now() / 1000 + seconds).toFixed(3)));
    res.setHeader('X-RateLimit-Bucket', `fake-bucket-${request.segments[0] ?? 'root'}`);
    res.setHeader('X-RateLimit-Scope', scope);
    if (rateLimit.global) res.setHeader('X-RateLimit-Global', 'true');
    return {
      status: 429,
      body: {
        message: 'You are being rate limited.',
        retry_after: seconds,
        global: rateLimit.global ?? false,
      },
    };
  }
  const refused = deps.faults.refusedBodies;
  if (refused && request.method !== 'GET' && refused.match(match, request.body)) {
    return error(400, 'Invalid Form Body', 50035, {
      errors: {
        embeds: {
          '0': {
            description: {
              _errors: [{ code: 'BASE_TYPE_MAX_LENGTH', message: 'Must be 4096 or fewer in length.' }],
            },
          },
        },
      },
    });
  }
  if (request.segments[0] === 'channels' && request.segments[1]) {
    const status = channelStatus.get(request.segments[1]);
    if (status === 403) return error(403, 'Missing Access', 50001);
    if (status === 404) return unknownChannel();
    const recipient = deps.state.channels.get(request.segments[1])?.recipient?.id;
    if (recipient && deps.faults.closedDms.has(recipient) && request.method === 'POST')
      return error(403, 'Cannot send messages to this user', 50007);
  }
  return null;
}

/** A successful outcome replaced by a 500 when a lost-answer fault matches (the work is done all the same). */
export function loseAnswer(deps: RestDeps, request: RestRequest, outcome: RestOutcome): RestOutcome {
  const lost = deps.faults.lostResponses;
  if (!lost || lost.count <= 0 || outcome.status >= 300) return outcome;
  if (!(lost.match ?? DEFAULT_MATCH)({ method: request.method, path: request.path }, request.body))
    return outcome;
  lost.count -= 1;
  return error(500, 'Internal Server Error', 0);
}
