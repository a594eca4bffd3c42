/**
 * Looks for secrets in plain text wherever the bot leaves text behind: its logs, every REST body it
 * sent to the fake Discord (interaction replies, channel posts, DMs), and its data directory (the
 * SQLite file with its -wal and -shm, the vault key file).
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { RecordedRestCall } from '../../fakes/discord/fake-discord.js';

export interface SecretSource {
  name: string;
  content: string | Buffer;
}

export interface SecretLeak {
  /** The secret's first characters only, so a report does not leak it again. */
  secret: string;
  source: string;
}

/** Shortest secret looked for: shorter strings match by chance. */
const MIN_SECRET_LENGTH = 12;

export function findLeaks(secrets: Iterable<string>, sources: readonly SecretSource[]): SecretLeak[] {
  const wanted = [...new Set(secrets)].filter((secret) => secret.length >= MIN_SECRET_LENGTH);
  const leaks: SecretLeak[] = [];
  for (const source of sources) {
    const haystack = typeof source.content === 'string' ? Buffer.from(source.content) : source.content;
    for (const secret of wanted) {
      if (haystack.includes(Buffer.from(secret)))
        leaks.push({ secret: `${secret.slice(0, 4)}…`, source: source.name });
    }
  }
  return leaks;
}

/** Every file under a directory, as bytes (the database may be mid-write: read what is there). */
export async function directorySources(dir: string): Promise<SecretSource[]> {
  const sources: SecretSource[] = [];
  for (const entry of await readdir(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile()) continue;
    const file = path.join(entry.parentPath, entry.name);
    const content = await readFile(file).catch(() => undefined);
    if (content) sources.push({ name: path.relative(dir, file), content });
  }
  return sources;
}

/** The bodies, paths and queries of the REST calls the bot made, one source per call. */
export function restSources(calls: readonly RecordedRestCall[]): SecretSource[] {
  return calls.map((call, index) => ({
    name: `rest #${index} ${call.method} ${call.path.replace(/\/[\w-]{60,}/g, '/<interaction token>')}`,
    content: `${call.path} ${JSON.stringify(call.query)} ${JSON.stringify(call.body ?? null)}`,
  }));
}
