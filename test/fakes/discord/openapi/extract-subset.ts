/**
 * Derives the subset of Discord's OpenAPI description that the fake Discord validates against: the
 * request bodies of the routes kiroku calls and every schema they reference, nothing else.
 *
 *   npx tsx test/fakes/discord/openapi/extract-subset.ts <path to specs/openapi.json> <commit>
 *
 * Source, licence and commit: see README.md beside this file.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** Method and path template of each route kiroku sends a body to. */
export const ROUTES = [
  ['post', '/interactions/{interaction_id}/{interaction_token}/callback'],
  ['post', '/webhooks/{webhook_id}/{webhook_token}'],
  ['patch', '/webhooks/{webhook_id}/{webhook_token}/messages/{message_id}'],
  ['post', '/channels/{channel_id}/messages'],
  ['patch', '/channels/{channel_id}/messages/{message_id}'],
  ['put', '/applications/{application_id}/commands'],
  ['put', '/applications/{application_id}/guilds/{guild_id}/commands'],
  ['post', '/guilds/{guild_id}/scheduled-events'],
  ['patch', '/guilds/{guild_id}/scheduled-events/{guild_scheduled_event_id}'],
  ['post', '/channels/{channel_id}/messages/{message_id}/threads'],
  ['post', '/channels/{channel_id}/threads'],
] as const;

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
interface Spec {
  info: { version: string };
  paths: Record<string, Record<string, { requestBody?: { content: Record<string, { schema: Json }> } }>>;
  components: { schemas: Record<string, Json> };
}

function references(value: Json, into: Set<string>): void {
  if (Array.isArray(value)) for (const item of value) references(item, into);
  else if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      if (key === '$ref' && typeof item === 'string') into.add(item.replace('#/components/schemas/', ''));
      else references(item, into);
    }
  }
}

export function subset(spec: Spec, commit: string) {
  const requests: Record<string, Json> = {};
  const wanted = new Set<string>();
  for (const [method, path] of ROUTES) {
    const schema = spec.paths[path]?.[method]?.requestBody?.content['application/json']?.schema;
    if (schema === undefined) throw new Error(`the spec has no JSON body for ${method} ${path}`);
    requests[`${method.toUpperCase()} ${path}`] = schema;
    references(schema, wanted);
  }
  const schemas: Record<string, Json> = {};
  const queue = [...wanted];
  while (queue.length > 0) {
    const name = queue.pop() as string;
    if (name in schemas) continue;
    const schema = spec.components.schemas[name];
    if (schema === undefined) throw new Error(`the spec references a missing schema ${name}`);
    schemas[name] = schema;
    const more = new Set<string>();
    references(schema, more);
    queue.push(...[...more].filter((next) => !(next in schemas)));
  }
  const sorted = Object.fromEntries(Object.entries(schemas).sort(([a], [b]) => a.localeCompare(b)));
  return {
    source: 'https://github.com/discord/discord-api-spec/blob/main/specs/openapi.json',
    commit,
    licence: 'MIT, Copyright 2023 Discord (see LICENSE beside this file)',
    apiVersion: spec.info.version,
    requests,
    components: { schemas: sorted },
  };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const [input, commit] = process.argv.slice(2);
  if (!input || !commit) throw new Error('usage: extract-subset.ts <openapi.json> <commit>');
  const spec = JSON.parse(readFileSync(input, 'utf8')) as Spec;
  const out = new URL('./discord-openapi-subset.json', import.meta.url);
  writeFileSync(out, `${JSON.stringify(subset(spec, commit), null, 1)}\n`);
}
