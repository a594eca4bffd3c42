/** Routes that carry messages: channel messages (bot token) and interaction webhooks (interaction token). */
import type { RestOutcome } from './interaction-result.js';
import {
  error,
  notFound,
  type RestDeps,
  type RestRequest,
  unknownChannel,
  unknownWebhook,
  validateMessage,
} from './rest-common.js';
import { threadRoutes } from './rest-thread-routes.js';
import type { MessageBody } from './state.js';
import { archivedThread, notePost, threadPostProblem } from './threads.js';

export function channels(deps: RestDeps, request: RestRequest): RestOutcome {
  const { method, segments: s } = request;
  const state = deps.state;
  const channel = state.channels.get(s[1] ?? '');
  if (!channel) return unknownChannel();
  if (s.length === 2 && method === 'GET') {
    if (channel.guildId && !state.botCanView(channel)) return error(403, 'Missing Access', 50001);
    return { status: 200, body: state.channelPayload(channel) };
  }
  if (s[2] === 'typing' && s.length === 3 && method === 'POST') return { status: 204 };
  const thread = threadRoutes(deps, request, channel);
  if (thread) return thread;
  if (s[2] !== 'messages') return notFound(request);
  if (s.length === 3) {
    if (method === 'POST') {
      const body = request.body as MessageBody;
      const invalid = validateMessage(body, request.files.length === 0) ?? threadPostProblem(state, channel);
      if (invalid) return invalid;
      if (body.nonce !== undefined && String(body.nonce).length > 25) {
        return error(400, 'Invalid Form Body', 50035, {
          errors: {
            nonce: { _errors: [{ code: 'BASE_TYPE_MAX_LENGTH', message: 'Must be 25 or fewer in length.' }] },
          },
        });
      }
      if (body.enforce_nonce === true && body.nonce !== undefined) {
        const existing = state.messageByNonce(channel.id, state.botUser.id, body.nonce);
        if (existing) return { status: 200, body: existing };
      }
      notePost(channel);
      return {
        status: 200,
        body: state.createMessage(channel.id, body, { source: 'channel', files: request.files }),
      };
    }
    if (method === 'GET') {
      const limit = Math.min(100, Number(request.query.limit ?? 50) || 50);
      return { status: 200, body: [...state.channelMessages(channel.id)].reverse().slice(0, limit) };
    }
    return notFound(request);
  }
  const message = state.message(s[3] ?? '');
  if (s.length !== 4 || !message || message.channel_id !== channel.id) {
    return error(404, 'Unknown Message', 10008);
  }
  if (method === 'GET') return { status: 200, body: message };
  if (method === 'PATCH') {
    const body = request.body as MessageBody;
    const invalid = validateMessage(body, false) ?? (channel.thread?.archived ? archivedThread() : null);
    if (invalid) return invalid;
    return { status: 200, body: state.editMessage(message.id, body, request.files) };
  }
  if (method === 'DELETE') {
    state.deleteMessage(message.id);
    return { status: 204 };
  }
  return notFound(request);
}

export function webhook(deps: RestDeps, request: RestRequest): RestOutcome {
  const { method, segments: s } = request;
  if (s[1] !== deps.applicationId) return unknownWebhook();
  const result = deps.interactionByToken(s[2] ?? '');
  if (!result) return unknownWebhook();
  const body = request.body as MessageBody;
  if (s.length === 3 && method === 'POST') {
    const invalid = validateMessage(body, request.files.length === 0);
    return invalid ?? result.followup(body, request.files);
  }
  if (s.length === 5 && s[3] === 'messages' && s[4]) {
    const messageId = s[4];
    if (method === 'GET') return result.getMessage(messageId);
    if (method === 'PATCH') {
      const invalid = validateMessage(body, false);
      return invalid ?? result.editMessage(messageId, body, request.files);
    }
    if (method === 'DELETE') return result.deleteMessage(messageId);
  }
  return notFound(request);
}
