/**
 * Clickable command mentions (`</work search:123>`) need the ids Discord gave the commands when they
 * were registered, globally or in one server (`deploy-commands --guild`). They are read from Discord
 * once the gateway is ready and kept for an hour, since they change only when the commands are
 * deployed again; a slash command that arrives with an id that read did not have (deployed since)
 * has them read again before its reply. Until an id is known, or when reading fails, a mention falls
 * back to the written form (`/work search`).
 */
import { z } from 'zod';
import { type CommandMentionSource, translatorWithMentions } from '../i18n/command-text.js';
import type { Translator } from '../i18n/translator.js';
import { within } from '../lib/deadline.js';
import type { Logger } from '../logger.js';

const registeredSchema = z.array(
  z.looseObject({ id: z.string(), name: z.string(), type: z.number().optional() }),
);

/** How long read ids are trusted; an empty answer (not deployed yet) is asked again after a minute. */
const KEEP_MS = 60 * 60 * 1000;
const RETRY_EMPTY_MS = 60 * 1000;
const CHAT_INPUT = 1;
/** Where a global registration is kept among the per-server ones. */
const GLOBAL = '';

export interface CommandMentionsOptions {
  /** Reads the globally registered commands (undefined before the client knows its application). */
  fetchRegistered: () => Promise<unknown> | undefined;
  /** Reads the commands registered in servers, by server id (undefined: none are read). */
  fetchGuildRegistered?: () => Promise<ReadonlyMap<string, unknown>> | undefined;
  logger: Logger;
  now: () => Date;
}

/** Command name to id, per registration (GLOBAL, or a server's id). */
type Registrations = Map<string, Map<string, string>>;

function chatInputIds(answer: unknown): Map<string, string> {
  const registered = registeredSchema.parse(answer);
  return new Map(registered.filter((c) => (c.type ?? CHAT_INPUT) === CHAT_INPUT).map((c) => [c.name, c.id]));
}

export class CommandMentions {
  readonly #options: CommandMentionsOptions;
  /** What the last read found. */
  #read: Registrations = new Map();
  /** Ids that slash commands arrived with (kept across reads: a big bot's server ones are not read). */
  #learnt: Registrations = new Map();
  #freshUntil = 0;
  /** A slash command arrived with an id the last read did not have: the commands were deployed since. */
  #outdated = false;
  #loading: Promise<void> | undefined;

  constructor(options: CommandMentionsOptions) {
    this.#options = options;
  }

  /** Makes sure ids are read (once per period, one read at a time); never throws. */
  async refresh(): Promise<void> {
    if (!this.#outdated && this.#options.now().getTime() < this.#freshUntil) return;
    await this.#reading();
  }

  /**
   * Before a reply: when the ids are not known (the bot just started, or the commands were deployed
   * after it did), reads them now, waiting at most `maxWaitMs` so that the reply is never late.
   */
  async whenNeeded(maxWaitMs: number): Promise<void> {
    // A read in flight counts as not known yet: it may be the one a new id just started (the id is
    // learnt, then the interaction's context asks for a refresh, which clears the flag).
    const known = () =>
      this.#loading === undefined && !this.#outdated && this.#options.now().getTime() < this.#freshUntil;
    if (known()) return;
    const deadline = performance.now() + maxWaitMs;
    await within(this.#reading(), maxWaitMs);
    // A read that began before the id was learnt did not see it: one more, in the time left.
    const left = deadline - performance.now();
    if (this.#outdated && left > 0) await within(this.#reading(), left);
  }

  #reading(): Promise<void> {
    this.#loading ??= this.#load().finally(() => {
      this.#loading = undefined;
    });
    return this.#loading;
  }

  async #load(): Promise<void> {
    const now = this.#options.now().getTime();
    this.#outdated = false;
    try {
      const [global, guilds] = await Promise.all([
        this.#options.fetchRegistered(),
        this.#options.fetchGuildRegistered?.(),
      ]);
      if (global === undefined) return;
      const read: Registrations = new Map([[GLOBAL, chatInputIds(global)]]);
      for (const [guildId, answer] of guilds ?? []) read.set(guildId, chatInputIds(answer));
      this.#read = read;
      const known = [...read.values()].some((ids) => ids.size > 0);
      this.#freshUntil = now + (known ? KEEP_MS : RETRY_EMPTY_MS);
    } catch (error) {
      this.#options.logger.warn(
        { err: error },
        'could not read the registered command ids; commands are written as plain names',
      );
      this.#freshUntil = now + RETRY_EMPTY_MS;
    }
  }

  #id(name: string, registration: string): string | undefined {
    return this.#read.get(registration)?.get(name) ?? this.#learnt.get(registration)?.get(name);
  }

  /** Notes the id a slash command arrived with (`guildId`: it is registered in that server only). */
  learn(name: string, id: string, guildId: string | null): void {
    if (!/^\d{1,20}$/.test(id)) return;
    const registration = guildId ?? GLOBAL;
    if (this.#id(name, registration) === id) return;
    const ids = this.#learnt.get(registration) ?? new Map<string, string>();
    this.#learnt.set(registration, ids.set(name, id));
    // Unknown to the last read: the others were most likely deployed with it, so read them again.
    if (this.#read.get(registration)?.get(name) !== id) this.#outdated = true;
  }

  /**
   * `</work search:id>` for a command path (`work search`), or `` `/work search` `` while the id is
   * unknown. In a server, its own registration comes first; elsewhere (DMs) only global ones work.
   */
  mention(path: string, guildId?: string | null): string {
    const name = path.split(' ')[0] ?? '';
    const id = (guildId ? this.#id(name, guildId) : undefined) ?? this.#id(name, GLOBAL);
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
