/** Switches that make the emulator misbehave; mutable at any time, also over HTTP. */
export interface Faults {
  /** Added before answering, in milliseconds. */
  latencyMs: number;
  /** Share (0..1) of requests answered with `errorStatus` and a JSON error body. */
  errorRate: number;
  errorStatus: number;
  /** 200 with a body that is not JSON. */
  malformed: boolean;
  /** The real answer with its JSON body cut in half. */
  truncated: boolean;
  /** A 502 HTML error page, as from a proxy in front of the service. */
  html: boolean;
  /** Never answer (the client must time out; close() still ends at once). */
  hang: boolean;
  /** The per-IP rate limit. */
  rateLimit: boolean;
  /** Tokens answered with 401 as if revoked (e.g. revoked mid-poll). */
  unauthorizedTokens: Set<string>;
}

export function defaultFaults(rateLimit: boolean): Faults {
  return {
    latencyMs: 0,
    errorRate: 0,
    errorStatus: 500,
    malformed: false,
    truncated: false,
    html: false,
    hang: false,
    rateLimit,
    unauthorizedTokens: new Set(),
  };
}

/** Ends every fault in how the emulator answers (latency, errors, bad bodies, hangs); the rate limit and revoked tokens stay. */
export function clearAnswerFaults(faults: Faults): void {
  const { rateLimit, unauthorizedTokens } = faults;
  Object.assign(faults, defaultFaults(rateLimit), { unauthorizedTokens });
}

/** Applies a JSON patch such as `{"errorRate":0.5,"unauthorizedTokens":["x"]}` all or nothing; returns problems. */
export function applyFaultPatch(faults: Faults, patch: unknown): string[] {
  if (patch === null || typeof patch !== 'object' || Array.isArray(patch))
    return ['body must be a JSON object'];
  const problems: string[] = [];
  const next: Faults = { ...faults };
  for (const [key, value] of Object.entries(patch)) {
    switch (key) {
      case 'latencyMs':
      case 'errorStatus':
      case 'errorRate':
        if (typeof value !== 'number' || !Number.isFinite(value) || value < 0)
          problems.push(`${key} must be a number >= 0`);
        else next[key] = value;
        break;
      case 'malformed':
      case 'truncated':
      case 'html':
      case 'hang':
      case 'rateLimit':
        if (typeof value !== 'boolean') problems.push(`${key} must be a boolean`);
        else next[key] = value;
        break;
      case 'unauthorizedTokens':
        if (!Array.isArray(value) || !value.every((t) => typeof t === 'string')) {
          problems.push('unauthorizedTokens must be an array of strings');
        } else next.unauthorizedTokens = new Set(value);
        break;
      default:
        problems.push(`unknown fault ${key}`);
    }
  }
  if (problems.length === 0) Object.assign(faults, next);
  return problems;
}

export function faultsToJson(faults: Faults): Record<string, unknown> {
  return { ...faults, unauthorizedTokens: [...faults.unauthorizedTokens] };
}

/** A small seeded generator (mulberry32) so error-rate runs repeat. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
