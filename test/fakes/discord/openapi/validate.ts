/**
 * Validates request bodies against Discord's own OpenAPI description (the subset in
 * discord-openapi-subset.json; source, licence and commit in README.md), with Ajv.
 */
import { readFileSync } from 'node:fs';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import type { Problem } from '../body-limits.js';

interface Subset {
  requests: Record<string, unknown>;
  components: { schemas: Record<string, unknown> };
}

const SPEC_ID = 'discord-openapi';

/** Properties Discord documents as permission bit sets "serialized as a string", typed integer in the spec. */
const PERMISSION_PROPERTIES = new Set(['default_member_permissions', 'permissions']);
const DECIMAL_STRING = { type: 'string', pattern: '^[0-9]+$' };

/** Lets a permission property be the decimal string Discord documents (and discord.js sends). */
function permissionsAsStrings(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(permissionsAsStrings);
  if (!value || typeof value !== 'object') return value;
  const entries = Object.entries(value).map(([key, item]) => {
    const adapted = permissionsAsStrings(item);
    return [key, PERMISSION_PROPERTIES.has(key) ? { anyOf: [adapted, DECIMAL_STRING] } : adapted];
  });
  return Object.fromEntries(entries);
}

/**
 * Two adaptations of the spec, nothing else: its unions are tagged by `type` but their branches
 * are not mutually exclusive as JSON Schema (a plain object matches several), so `oneOf` is read
 * as `anyOf` (a body must still match one branch); and permission bit sets may be strings (above).
 * References are pointed at the schema registered under SPEC_ID.
 */
function adapt(schema: unknown): unknown {
  const json = JSON.stringify(schema)
    .replaceAll('"oneOf":', '"anyOf":')
    .replaceAll('"#/components/schemas/', `"${SPEC_ID}#/components/schemas/`);
  return permissionsAsStrings(JSON.parse(json));
}

function load(): Map<string, ValidateFunction> {
  const subset = JSON.parse(
    readFileSync(new URL('./discord-openapi-subset.json', import.meta.url), 'utf8'),
  ) as Subset;
  const ajv = new Ajv2020({
    strict: false,
    allErrors: false,
    validateFormats: true,
    inlineRefs: false,
    code: { optimize: false },
  });
  const addFormats = addFormatsModule as unknown as (instance: Ajv2020) => void;
  addFormats(ajv);
  for (const name of ['int32', 'int64', 'double', 'nonce', 'snowflake']) ajv.addFormat(name, true);
  ajv.addSchema({ $id: SPEC_ID, components: adapt(subset.components) });
  return new Map(
    Object.entries(subset.requests).map(([route, schema]) => [route, ajv.compile(adapt(schema) as object)]),
  );
}

let validators: Map<string, ValidateFunction> | undefined;

/**
 * Compiles the validators now (about two seconds, once per process) rather than inside the first
 * interaction callback, where the delay would run out Discord's three-second window.
 */
export function warmUpSpec(): void {
  validators ??= load();
}

/** The route template a request's path matches, as the subset names it, or undefined. */
export function routeOf(method: string, segments: readonly string[]): string | undefined {
  const [root, , , third, , fifth] = segments;
  const n = segments.length;
  if (method === 'POST' && root === 'interactions' && n === 4 && third === 'callback')
    return 'POST /interactions/{interaction_id}/{interaction_token}/callback';
  if (root === 'webhooks' && method === 'POST' && n === 3)
    return 'POST /webhooks/{webhook_id}/{webhook_token}';
  if (root === 'webhooks' && method === 'PATCH' && n === 5 && third === 'messages')
    return 'PATCH /webhooks/{webhook_id}/{webhook_token}/messages/{message_id}';
  if (root === 'channels' && segments[2] === 'messages' && method === 'POST' && n === 3)
    return 'POST /channels/{channel_id}/messages';
  if (root === 'channels' && segments[2] === 'messages' && method === 'PATCH' && n === 4)
    return 'PATCH /channels/{channel_id}/messages/{message_id}';
  if (root === 'applications' && method === 'PUT' && n === 3 && segments[2] === 'commands')
    return 'PUT /applications/{application_id}/commands';
  if (root === 'applications' && method === 'PUT' && n === 5 && fifth === 'commands')
    return 'PUT /applications/{application_id}/guilds/{guild_id}/commands';
  return eventOrThreadRoute(method, segments);
}

/** The scheduled-event and thread routes kiroku sends bodies to. */
function eventOrThreadRoute(method: string, segments: readonly string[]): string | undefined {
  const [root, , second, , fourth] = segments;
  const n = segments.length;
  if (root === 'guilds' && second === 'scheduled-events') {
    if (method === 'POST' && n === 3) return 'POST /guilds/{guild_id}/scheduled-events';
    if (method === 'PATCH' && n === 4)
      return 'PATCH /guilds/{guild_id}/scheduled-events/{guild_scheduled_event_id}';
  }
  if (root === 'channels' && method === 'POST') {
    if (n === 5 && second === 'messages' && fourth === 'threads')
      return 'POST /channels/{channel_id}/messages/{message_id}/threads';
    if (n === 3 && second === 'threads') return 'POST /channels/{channel_id}/threads';
  }
  return undefined;
}

/** What the spec finds wrong with a body sent to a route it describes; empty for other routes. */
export function specProblems(method: string, segments: readonly string[], body: unknown): Problem[] {
  const route = routeOf(method, segments);
  if (!route) return [];
  validators ??= load();
  const validate = validators.get(route);
  if (!validate || validate(body)) return [];
  return (validate.errors ?? []).slice(0, 5).map((e) => ({
    path: e.instancePath.replaceAll('/', '.').replace(/^\./, ''),
    code: 'OPENAPI_SCHEMA',
    message: `${e.message ?? 'invalid'} (${e.schemaPath})`,
  }));
}
