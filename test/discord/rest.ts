/** The fake REST API (node:http): routing, recording, fault injection. */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
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

/** Mutable fault switches. */
export interface RestFaults {
  serverErrors: ServerErrorFault | null;
  rateLimit: RateLimitFault | null;
  /** Every /channels/{id}/... call answers 403 Missing Access (50001) or 404 Unknown Channel (10003). */
  channelStatus: Map<string, 403 | 404>;
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
}

interface Request {
  method: string;
  segments: string[];
  path: string;
  query: Record<string, string>;
  body: Record<string, unknown>;
  files: RecordedFile[];
  auth: RecordedRestCall['auth'];
}

const DEFAULT_MATCH = (call: RouteMatch): boolean => !(call.method === 'GET' && call.path === '/gateway/bot');

const error = (
  status: number,
  message: string,
  code: number,
  extra: Record<string, unknown> = {},
): RestOutcome => ({
  status,
  body: { message, code, ...extra },
});
const unknownChannel = (): RestOutcome => error(404, 'Unknown Channel', 10003);
const unknownWebhook = (): RestOutcome => error(404, 'Unknown Webhook', 10015);

export function createRestHandler(deps: RestDeps): (req: IncomingMessage, res: ServerResponse) => void {
  return (req, res) => {
    handle(deps, req, res).catch((err: unknown) => {
      if (!res.headersSent) send(res, { status: 500, body: { message: String(err), code: 0 } });
    });
  };
}

async function handle(deps: RestDeps, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const url = new URL(req.url ?? '/', 'http://127.0.0.1');
  const raw = await readBody(req);
  const parsed = await parseBody(req.headers['content-type'] ?? '', raw);
  const rawSegments = url.pathname.split('/').filter((s) => s.length > 0);
  if (rawSegments[0] === 'api') rawSegments.shift();
  if (rawSegments[0] && /^v\d+$/.test(rawSegments[0])) rawSegments.shift();
  const segments = rawSegments.map(safeDecode);
  const authorization = req.headers.authorization;
  const request: Request = {
    method: (req.method ?? 'GET').toUpperCase(),
    segments,
    path: `/${segments.join('/')}`,
    query: Object.fromEntries(url.searchParams),
    body: parsed.body,
    files: parsed.files,
    auth: authorization === undefined ? 'none' : authorization === `Bot ${deps.botToken}` ? 'bot' : 'invalid',
  };
  const call: RecordedRestCall = {
    method: request.method,
    path: request.path,
    query: request.query,
    body: parsed.json,
    files: parsed.files,
    auth: request.auth,
    status: 0,
    at: Date.now(),
  };
  deps.calls.push(call);
  if (deps.faults.latencyMs > 0) await sleep(deps.faults.latencyMs);
  const outcome = injectFault(deps, request, res) ?? route(deps, request);
  call.status = outcome.status;
  send(res, outcome);
}

function injectFault(deps: RestDeps, request: Request, res: ServerResponse): RestOutcome | null {
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
  if (request.segments[0] === 'channels' && request.segments[1]) {
    const status = channelStatus.get(request.segments[1]);
    if (status === 403) return error(403, 'Missing Access', 50001);
    if (status === 404) return unknownChannel();
  }
  return null;
}

function route(deps: RestDeps, request: Request): RestOutcome {
  const { method, segments: s } = request;
  const [root] = s;
  // Routes authenticated by the interaction token instead of the bot token.
  if (root === 'interactions' && s.length === 4 && s[3] === 'callback' && method === 'POST') {
    const result = deps.interactionById(s[1] ?? '');
    if (!result || result.token !== s[2]) return error(404, 'Unknown interaction', 10062);
    const data = (request.body.data ?? {}) as MessageBody;
    const type = Number(request.body.type);
    if (type === 4 || type === 7) {
      const invalid = validateMessage(data, type === 4 && request.files.length === 0);
      if (invalid) return invalid;
    }
    return result.acknowledge(request.body, request.files, request.query.with_response === 'true');
  }
  if (root === 'webhooks' && s.length >= 3) return webhook(deps, request);
  if (root === 'gateway' && s.length === 1 && method === 'GET')
    return { status: 200, body: { url: deps.gatewayUrl() } };

  if (request.auth !== 'bot') return error(401, '401: Unauthorized', 0);
  switch (root) {
    case 'gateway':
      if (s[1] === 'bot' && s.length === 2 && method === 'GET') {
        return {
          status: 200,
          body: {
            url: deps.gatewayUrl(),
            shards: deps.shards(),
            session_start_limit: {
              total: 1000,
              remaining: 999,
              reset_after: 14_400_000,
              max_concurrency: deps.maxConcurrency,
            },
          },
        };
      }
      break;
    case 'users':
      return users(deps, request);
    case 'applications':
      return applications(deps, request);
    case 'channels':
      return channels(deps, request);
    case 'guilds':
      return guilds(deps, request);
    default:
      break;
  }
  return notFound(request);
}

function notFound(request: Request): RestOutcome {
  return error(404, `404: Not Found (fake discord has no route ${request.method} ${request.path})`, 0);
}

function users(deps: RestDeps, request: Request): RestOutcome {
  const { method, segments: s } = request;
  if (s[1] === '@me' && s.length === 2 && method === 'GET') {
    return { status: 200, body: { ...deps.state.botUser, verified: true, mfa_enabled: false, flags: 0 } };
  }
  if (s[1] === '@me' && s[2] === 'channels' && s.length === 3 && method === 'POST') {
    const recipientId = String(request.body.recipient_id ?? '');
    if (!recipientId) return error(400, 'Invalid Form Body', 50035);
    const channel = deps.state.dmChannel({
      id: recipientId,
      username: `user-${recipientId}`,
      discriminator: '0',
      global_name: null,
      avatar: null,
    });
    return { status: 200, body: deps.state.channelPayload(channel) };
  }
  if (s.length === 2 && method === 'GET' && s[1]) {
    return {
      status: 200,
      body: { id: s[1], username: `user-${s[1]}`, discriminator: '0', global_name: null, avatar: null },
    };
  }
  return notFound(request);
}

function applications(deps: RestDeps, request: Request): RestOutcome {
  const { method, segments: s } = request;
  const state = deps.state;
  if (s[1] === '@me' && s.length === 2 && method === 'GET') {
    return {
      status: 200,
      body: {
        id: deps.applicationId,
        name: state.botUser.username,
        icon: null,
        description: '',
        bot_public: true,
        bot_require_code_grant: false,
        flags: 0,
        bot: state.botUser,
        owner: {
          id: '100000000000000001',
          username: 'owner',
          discriminator: '0',
          global_name: null,
          avatar: null,
        },
        verify_key: 'fake',
        team: null,
      },
    };
  }
  if (s[1] !== deps.applicationId) return error(403, 'Missing Access', 50001);
  let guildId: string | undefined;
  let rest = s.slice(2);
  if (rest[0] === 'guilds') {
    guildId = rest[1];
    if (!guildId || !state.guilds.has(guildId)) return error(404, 'Unknown Guild', 10004);
    rest = rest.slice(2);
  }
  if (rest[0] !== 'commands') return notFound(request);
  const list = () => (guildId ? (state.guildCommands.get(guildId) ?? []) : state.globalCommands);
  if (rest.length === 1) {
    if (method === 'GET') return { status: 200, body: list() };
    if (method === 'PUT') {
      const body = request.body as unknown;
      if (!Array.isArray(body)) return error(400, 'Invalid Form Body', 50035);
      return { status: 200, body: state.registerCommands(body, guildId) };
    }
    if (method === 'POST') return { status: 201, body: state.upsertCommand(request.body, guildId) };
  }
  if (rest.length === 2 && rest[1]) {
    const current = list();
    const index = current.findIndex((c) => c.id === rest[1]);
    if (index < 0) return error(404, 'Unknown application command', 10063);
    if (method === 'GET') return { status: 200, body: current[index] };
    if (method === 'DELETE') {
      current.splice(index, 1);
      return { status: 204 };
    }
  }
  return notFound(request);
}

function channels(deps: RestDeps, request: Request): RestOutcome {
  const { method, segments: s } = request;
  const state = deps.state;
  const channel = state.channels.get(s[1] ?? '');
  if (!channel) return unknownChannel();
  if (s.length === 2 && method === 'GET') {
    if (channel.guildId && !state.botCanView(channel)) return error(403, 'Missing Access', 50001);
    return { status: 200, body: state.channelPayload(channel) };
  }
  if (s[2] === 'typing' && s.length === 3 && method === 'POST') return { status: 204 };
  if (s[2] !== 'messages') return notFound(request);
  if (s.length === 3) {
    if (method === 'POST') {
      const body = request.body as MessageBody;
      const invalid = validateMessage(body, request.files.length === 0);
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
    const invalid = validateMessage(body, false);
    if (invalid) return invalid;
    return { status: 200, body: state.editMessage(message.id, body, request.files) };
  }
  if (method === 'DELETE') {
    state.deleteMessage(message.id);
    return { status: 204 };
  }
  return notFound(request);
}

function guilds(deps: RestDeps, request: Request): RestOutcome {
  const { method, segments: s } = request;
  const state = deps.state;
  const guild = state.guilds.get(s[1] ?? '');
  if (!guild) return error(404, 'Unknown Guild', 10004);
  if (method !== 'GET') return notFound(request);
  if (s.length === 2) return { status: 200, body: state.guildPayload(guild) };
  if (s.length === 3 && s[2] === 'channels') {
    return { status: 200, body: guild.channels.map((c) => state.channelPayload(c)) };
  }
  if (s.length === 3 && s[2] === 'roles') return { status: 200, body: guild.roles };
  if (s.length === 4 && s[2] === 'members') {
    const member = state.member(guild, s[3] ?? '');
    return member ? { status: 200, body: member } : error(404, 'Unknown Member', 10007);
  }
  return notFound(request);
}

function webhook(deps: RestDeps, request: Request): RestOutcome {
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

/** The checks Discord applies that a bot most plausibly trips over. */
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

function send(res: ServerResponse, outcome: RestOutcome): void {
  if (outcome.body === undefined) {
    res.writeHead(outcome.status);
    res.end();
    return;
  }
  const payload = JSON.stringify(outcome.body);
  res.writeHead(outcome.status, {
    'content-type': 'application/json',
    'content-length': Buffer.byteLength(payload),
  });
  res.end(payload);
}

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

async function parseBody(
  contentType: string,
  raw: Buffer,
): Promise<{ json: unknown; body: Record<string, unknown>; files: RecordedFile[] }> {
  if (raw.length === 0) return { json: undefined, body: {}, files: [] };
  let json: unknown;
  const files: RecordedFile[] = [];
  if (contentType.startsWith('multipart/form-data')) {
    const form = await new Response(raw, { headers: { 'content-type': contentType } }).formData();
    for (const [field, value] of form.entries()) {
      if (field === 'payload_json' && typeof value === 'string') {
        json = JSON.parse(value);
      } else if (typeof value !== 'string') {
        files.push({ field, name: value.name, size: value.size, contentType: value.type });
      }
    }
  } else {
    try {
      json = JSON.parse(raw.toString('utf8'));
    } catch {
      json = raw.toString('utf8');
    }
  }
  const body = (typeof json === 'object' && json !== null ? json : {}) as Record<string, unknown>;
  return { json, body, files };
}
