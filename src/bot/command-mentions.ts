/**
 * Clickable command mentions (`</work search:123>`) need the ids Discord gave the commands when they
 * were registered, globally or in one server (`deploy-commands --guild`). They are read from Discord
 * once the gateway is ready (and again when first needed, if that read found none) and kept for an
 * hour, since they change only when the commands are deployed again. Every slash command a person
 * runs also tells its own id. Until an id is known, or when reading fails, a mention falls back to
 * the written form (`/work search`).
 */
import { z } from 'zod';
import { type CommandMentionSource, translatorWithMentions } from '../i18n/command-text.js';
import type { Translator } from '../i18n/translator.js';
import type { Logger } from '../logger.js';

const registeredSchema = z.array(
  z.looseObject({ id: z.string(), name: z.string(), type: z.number().optional() }),
);

/** How long read ids are trusted; an empty answer (not deployed yet) is asked again after a minute. */
const KEEP_MS = 60 * 60 * 1000;
const RETRY_EMPTY_MS = 60 * 1000;
/** A person's interaction proves commands are registered: ask again, but not more often than this. */
const RETRY_ON_NEED_MS = 5 * 1000;
const CHAT_INPUT = 1;

export interface CommandMentionsOptions {
  /** Reads the globally registered commands (undefined before the client knows its application). */
  fetchRegistered: () => Promise<unknown> | undefined;
  /** Reads the commands registered in servers, by server id (undefined: none are read). */
  fetchGuildRegistered?: () => Promise<ReadonlyMap<string, unknown>> | undefined;
  logger: Logger;
  now: () => Date;
}

type Ids = Map<string, string>;

function chatInputIds(answer: unknown): Ids {
  const registered = registeredSchema.parse(answer);
  return new Map(registered.filter((c) => (c.type ?? CHAT_INPUT) === CHAT_INPUT).map((c) => [c.name, c.id]));
}

export class CommandMentions {
  readonly #options: CommandMentionsOptions;
  #global: Ids = new Map();
  #guilds = new Map<string, Ids>();
  #freshUntil = 0;
  #askedAt = Number.NEGATIVE_INFINITY;
  #loading: Promise<void> | undefined;

  constructor(options: CommandMentionsOptions) {
    this.#options = options;
  }

  /** Makes sure ids are read (once per period, one read at a time); never throws. */
  async refresh(): Promise<void> {
    if (this.#options.now().getTime() < this.#freshUntil) return;
    await this.#read();
  }

  /**
   * Before a reply: when no id is known yet (the bot just started, or the commands were registered
   * after it did), reads them now, waiting at most `maxWaitMs` so that the reply is never late.
   */
  async whenNeeded(maxWaitMs: number): Promise<void> {
    const now = this.#options.now().getTime();
    const known = this.#global.size > 0 || this.#guilds.size > 0;
    if (known && now < this.#freshUntil) return;
    if (!this.#loading && now - this.#askedAt < RETRY_ON_NEED_MS) return;
    let timer: NodeJS.Timeout | undefined;
    const deadline = new Promise<void>((resolve) => {
      timer = setTimeout(resolve, maxWaitMs);
    });
    await Promise.race([this.#read(), deadline]);
    clearTimeout(timer);
  }

  #read(): Promise<void> {
    this.#loading ??= this.#load().finally(() => {
      this.#loading = undefined;
    });
    return this.#loading;
  }

  async #load(): Promise<void> {
    const now = this.#options.now().getTime();
    this.#askedAt = now;
    try {
      const [global, guilds] = await Promise.all([
        this.#options.fetchRegistered(),
        this.#options.fetchGuildRegistered?.(),
      ]);
      if (global === undefined) return;
      this.#global = chatInputIds(global);
      this.#guilds = new Map();
      for (const [guildId, answer] of guilds ?? []) {
        const ids = chatInputIds(answer);
        if (ids.size > 0) this.#guilds.set(guildId, ids);
      }
      const known = this.#global.size > 0 || this.#guilds.size > 0;
      this.#freshUntil = now + (known ? KEEP_MS : RETRY_EMPTY_MS);
    } catch (error) {
      this.#options.logger.warn(
        { err: error },
        'could not read the registered command ids; commands are written as plain names',
      );
      this.#freshUntil = now + RETRY_EMPTY_MS;
    }
  }

  /** Remembers the id a slash command arrived with (`guildId`: it is registered in that server only). */
  learn(name: string, id: string, guildId: string | null): void {
    if (!/^\d{1,20}$/.test(id)) return;
    if (!guildId) {
      this.#global.set(name, id);
      return;
    }
    const ids = this.#guilds.get(guildId) ?? new Map<string, string>();
    ids.set(name, id);
    this.#guilds.set(guildId, ids);
  }

  /**
   * `</work search:id>` for a command path (`work search`), or `` `/work search` `` while the id is
   * unknown. In a server, its own registration comes first; elsewhere (DMs) only global ones work.
   */
  mention(path: string, guildId?: string | null): string {
    const name = path.split(' ')[0] ?? '';
    const id = (guildId ? this.#guilds.get(guildId)?.get(name) : undefined) ?? this.#global.get(name);
    return id ? `</${path}:${id}>` : `\`/${path}\``;
  }

  /** The mentions as read in one server (or, with null, in DMs). */
  in(guildId: string | null): CommandMentionSource & Pick<CommandMentions, 'refresh'> {
    return { mention: (path) => this.mention(path, guildId), refresh: () => this.refresh() };
  }
}

/**
 * A translator whose texts carry clickable command mentions. Starts reading the ids (at most once an
 * hour) so that the next interaction has them; until then mentions fall back to the written form.
 */
export function withCommandMentions(
  t: Translator,
  mentions: CommandMentions,
  guildId: string | null = null,
): Translator {
  void mentions.refresh();
  return translatorWithMentions(t, mentions.in(guildId));
}
