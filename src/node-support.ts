/**
 * Which Node.js kiroku supports and which it can run on, stated once: the supported line is
 * package.json's `engines` (`^24.11.0`: the Docker image and CI use it); the oldest Node.js that can
 * run kiroku at all is RUNNABLE_FROM. Between the two kiroku starts with one warning; below, it refuses.
 * No dependency: this runs before anything else is loaded (src/node-check.ts).
 */
import { readPackageJson } from './package-info.js';

/**
 * The oldest Node.js kiroku runs on: sqlite3 6 (the store's driver) declares 20.17.0; `--disable-warning`
 * (the start command) needs 20.11 and `process.loadEnvFile` (.env) 20.12. A test keeps it at or above
 * every production dependency's own `engines`.
 */
export const RUNNABLE_FROM = '20.17.0';

type Version = readonly [number, number, number];

export function parseVersion(text: string): Version | undefined {
  const match = /^v?(\d+)\.(\d+)\.(\d+)/.exec(text.trim());
  return match ? [Number(match[1]), Number(match[2]), Number(match[3])] : undefined;
}

export function compareVersions(a: Version, b: Version): number {
  return a[0] - b[0] || a[1] - b[1] || a[2] - b[2];
}

/** The supported line from `engines.node` (`^24.11.0`): its major and its oldest release. */
export function supportedNode(engines: unknown = readPackageJson()?.engines): {
  major: number;
  from: string;
} {
  const range = typeof engines === 'object' && engines !== null ? Reflect.get(engines, 'node') : undefined;
  const version =
    typeof range === 'string' && range.startsWith('^') ? parseVersion(range.slice(1)) : undefined;
  // A package.json out of shape (a test keeps it `^X.Y.Z`) must not stop a start: assume today's line.
  if (!version) return { major: 24, from: '24.11.0' };
  return { major: version[0], from: version.join('.') };
}

/** The one sentence the README, CONTRIBUTING, docs and CHANGELOG say about Node.js. */
export function nodeSupportSentence(): string {
  const { major, from } = supportedNode();
  return `kiroku supports Node.js ${major} LTS (${from} or newer), which the Docker image and CI use; Node.js ${RUNNABLE_FROM} or newer still runs it, with a warning at start, and an older Node.js is refused.`;
}

export type NodeVerdict =
  | { kind: 'supported' }
  /** Runs, untested: one warning line naming the supported versions. */
  | { kind: 'unsupported'; warning: string }
  /** Cannot run: the reason, for the one line printed before exiting. */
  | { kind: 'too-old'; reason: string };

export function nodeVerdict(running: string = process.versions.node): NodeVerdict {
  const { major, from } = supportedNode();
  const version = parseVersion(running);
  const supported = `kiroku supports Node.js ${major} LTS (${from} or newer)`;
  const runnable = parseVersion(RUNNABLE_FROM) as Version;
  if (!version || compareVersions(version, runnable) < 0)
    return {
      kind: 'too-old',
      reason: `Node.js ${running} cannot run kiroku: it needs Node.js ${RUNNABLE_FROM} or newer; ${supported}`,
    };
  const oldestSupported = parseVersion(from) as Version;
  if (version[0] === major && compareVersions(version, oldestSupported) >= 0) return { kind: 'supported' };
  return {
    kind: 'unsupported',
    warning: `Node.js ${running} is not supported: ${supported}; it runs on ${running}, untested`,
  };
}
