/**
 * Parameter serialization. Lists are comma-joined, booleans are exactly `true`/`false`,
 * dates become ISO 8601 UTC, and undefined/null values are left out. Only names on the
 * operation's allow-list are sent (the spec: unknown parameters are not sent).
 */

type ParamValue = string | number | boolean | Date | readonly (string | number)[] | null | undefined;

export function serializeValue(value: Exclude<ParamValue, null | undefined>): string {
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (typeof value === 'number') return String(value);
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value)) return value.map(String).join(',');
  return String(value);
}

/**
 * Picks the allowed, defined parameters in allow-list order and renames them to their wire
 * names (`share_microblog` -> `share_twitter` on the public service).
 */
export function serializeParams(
  params: object,
  allowed: readonly string[],
  wireNames: Readonly<Partial<Record<string, string>>> = {},
): URLSearchParams {
  const source = params as Readonly<Record<string, ParamValue>>;
  const out = new URLSearchParams();
  for (const name of allowed) {
    const value = source[name];
    if (value === undefined || value === null) continue;
    if (Array.isArray(value) && value.length === 0) continue;
    out.append(wireNames[name] ?? name, serializeValue(value));
  }
  return out;
}

/** `a=1&b=1,2`: URL-encoded, but list commas stay readable (`%2C` and `,` decode alike). */
export function encodeParams(search: URLSearchParams): string {
  return search.toString().replaceAll('%2C', ',');
}

/** `?a=1&b=2`, or an empty string when there is nothing to send. */
export function toQueryString(search: URLSearchParams): string {
  const text = encodeParams(search);
  return text === '' ? '' : `?${text}`;
}
