/** The fake REST API (node:http): parsing, recording and routing to the route families. */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import { refuseFiles } from './attachments.js';
import type { RestOutcome } from './interaction-result.js';
import { warmUpSpec } from './openapi/validate.js';
import { refuseBody } from './rest-body-check.js';
import { applications, guilds, users } from './rest-bot-routes.js';
import {
  error,
  notFound,
  type RecordedRestCall,
  type RestDeps,
  type RestRequest,
  validateMessage,
} from './rest-common.js';
import { injectFault, loseAnswer } from './rest-faults.js';
import { channels, webhook } from './rest-message-routes.js';
import type { MessageBody, RecordedFile } from './state.js';

export type {
  RateLimitFault,
  RecordedRestCall,
  RestDeps,
  RestFaults,
  RouteMatch,
  ServerErrorFault,
} from './rest-common.js';

export function createRestHandler(deps: RestDeps): (req: IncomingMessage, res: ServerResponse) => void {
  warmUpSpec();
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
  const request: RestRequest = {
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
    // The bytes stay with the message (state.files); a record of every call need not hold them.
    files: parsed.files.map(({ bytes: _bytes, ...file }) => file),
    auth: request.auth,
    status: 0,
    at: Date.now(),
  };
  deps.calls.push(call);
  if (deps.faults.latencyMs > 0) await sleep(deps.faults.latencyMs);
  const outcome =
    injectFault(deps, request, res) ??
    refused(deps, request, raw, parsed) ??
    loseAnswer(deps, request, route(deps, request));
  call.status = outcome.status;
  send(res, outcome);
}

/** The 400 for a body Discord would refuse, noted on the interaction it answers (if any). */
function refused(deps: RestDeps, request: RestRequest, raw: Buffer, parsed: ParsedBody): RestOutcome | null {
  const outcome =
    refuseFiles(request, raw.length, (id) => deps.state.files.known(id)) ??
    refuseBody(request, parsed.jsonBytes, parsed.json);
  if (!outcome) return null;
  const [root, first, second] = request.segments;
  const result =
    root === 'interactions'
      ? deps.interactionById(first ?? '')
      : root === 'webhooks'
        ? deps.interactionByToken(second ?? '')
        : undefined;
  result?.noteRefused(`${request.method} ${root} refused`, outcome);
  return outcome;
}

function route(deps: RestDeps, request: RestRequest): RestOutcome {
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

/** A request body: its JSON (payload_json for multipart) and that JSON's bytes, and the files. */
interface ParsedBody {
  json: unknown;
  /** The bytes the JSON came in (a multipart body's files are binary: only its payload_json is text). */
  jsonBytes: Buffer;
  body: Record<string, unknown>;
  files: RecordedFile[];
}

async function parseBody(contentType: string, raw: Buffer): Promise<ParsedBody> {
  if (raw.length === 0) return { json: undefined, jsonBytes: raw, body: {}, files: [] };
  let json: unknown;
  let jsonBytes = raw;
  const files: RecordedFile[] = [];
  if (contentType.startsWith('multipart/form-data')) {
    jsonBytes = Buffer.alloc(0);
    const form = await new Response(raw, { headers: { 'content-type': contentType } }).formData();
    for (const [field, value] of form.entries()) {
      if (field === 'payload_json' && typeof value === 'string') {
        json = JSON.parse(value);
        jsonBytes = Buffer.from(value, 'utf8');
      } else if (typeof value !== 'string') {
        const bytes = Buffer.from(await value.arrayBuffer());
        files.push({ field, name: value.name, size: value.size, contentType: value.type, bytes });
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
  return { json, jsonBytes, body, files };
}
