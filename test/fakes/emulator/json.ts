import type { JsonObject, JsonValue } from './render.js';

/** Keys whose values are embedded resources: always present under `fields`, narrowed by prefix. */
const NESTED_RESOURCES = new Set([
  'user',
  'work',
  'episode',
  'record',
  'prev_episode',
  'next_episode',
  'channel',
  'status',
  'review',
  'multiple_record',
  'character',
  'person',
  'organization',
]);

function isObject(value: JsonValue): value is JsonObject {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/**
 * Applies `fields`: a scalar stays when its dotted path is named; an embedded resource stays
 * (possibly `{}`) with its own fields narrowed by `key.`; a plain object (images, prefecture)
 * stays whole when named, or narrowed when some `key.sub` is named.
 */
export function narrowFields(value: JsonObject, fields: readonly string[], prefix = ''): JsonObject {
  const out: JsonObject = {};
  for (const [key, v] of Object.entries(value)) {
    const path = prefix + key;
    const resource = NESTED_RESOURCES.has(key);
    if (!resource && fields.includes(path)) {
      out[key] = v;
      continue;
    }
    const inner = `${path}.`;
    if (!resource && !fields.some((f) => f.startsWith(inner))) continue;
    if (v === null) out[key] = null;
    else if (Array.isArray(v))
      out[key] = v.map((item) => (isObject(item) ? narrowFields(item, fields, inner) : item));
    else if (isObject(v)) out[key] = narrowFields(v, fields, inner);
  }
  return out;
}

/** Float-typed keys: whole numbers are written as `4.0`, as the service does. */
const FLOAT_KEYS = new Set(['number', 'rating']);
const FLOAT_MARK = '@@emulator-float@@';

export function toJson(value: JsonValue): string {
  const text = JSON.stringify(value, (key: string, v: unknown) =>
    FLOAT_KEYS.has(key) && typeof v === 'number' && Number.isInteger(v) ? `${FLOAT_MARK}${v}` : v,
  );
  return text.replace(new RegExp(`"${FLOAT_MARK}(-?\\d+)"`, 'g'), '$1.0');
}
