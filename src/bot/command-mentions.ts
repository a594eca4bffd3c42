/**
 * Clickable command mentions (`</work search:123>`) need the ids Discord gave the commands when they
 * were registered. They are read from Discord (GET /applications/{app}/commands) when first needed and
 * kept for an hour, since they change only when the commands are deployed again; until they are
 * known, or when reading them fails, a mention falls back to plain text (`/work search`).
 */
import { z } from 'zod';
import type { Logger } from '../logger.js';

const registeredSchema = z.array(
  z.looseObject({ id: z.string(), name: z.string(), type: z.number().optional() }),
);

/** How long read ids are trusted; an empty answer (not deployed yet) is asked again after a minute. */
const KEEP_MS = 60 * 60 * 1000;
const RETRY_EMPTY_MS = 60 * 1000;
const CHAT_INPUT = 1;

export interface CommandMentionsOptions {
  /** Reads the registered commands (undefined before the client knows its application). */
  fetchRegistered: () => Promise<unknown> | undefined;
  logger: Logger;
  now: () => Date;
}

export class CommandMentions {
  readonly #options: CommandMentionsOptions;
  #ids = new Map<string, string>();
  #freshUntil = 0;
  #loading: Promise<void> | undefined;

  constructor(options: CommandMentionsOptions) {
    this.#options = options;
  }

  /** Makes sure ids are read (once per period, one read at a time); never throws. */
  async refresh(): Promise<void> {
    if (this.#options.now().getTime() < this.#freshUntil) return;
    this.#loading ??= this.#load().finally(() => {
      this.#loading = undefined;
    });
    await this.#loading;
  }

  async #load(): Promise<void> {
    const now = this.#options.now().getTime();
    try {
      const answer = await this.#options.fetchRegistered();
      if (answer === undefined) return;
      const registered = registeredSchema.parse(answer);
      this.#ids = new Map(
        registered.filter((c) => (c.type ?? CHAT_INPUT) === CHAT_INPUT).map((c) => [c.name, c.id]),
      );
      this.#freshUntil = now + (this.#ids.size > 0 ? KEEP_MS : RETRY_EMPTY_MS);
    } catch (error) {
      this.#options.logger.warn(
        { err: error },
        'could not read the registered command ids; /help shows plain names',
      );
      this.#freshUntil = now + RETRY_EMPTY_MS;
    }
  }

  /** `</work search:id>` for a command path (`work search`), or `` `/work search` `` while the id is unknown. */
  mention(path: string): string {
    const id = this.#ids.get(path.split(' ')[0] ?? '');
    return id ? `</${path}:${id}>` : `\`/${path}\``;
  }
}
