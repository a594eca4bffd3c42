/**
 * Clickable command mentions (`</work search:123>`) need the ids Discord gave the commands when they
 * were registered. They are read from Discord (GET /applications/{app}/commands) when first needed and
 * kept for an hour, since they change only when the commands are deployed again; until they are
 * known, or when reading them fails, a mention falls back to plain text (`/work search`).
 */
import { z } from 'zod';
import type { Translator } from '../i18n/translator.js';
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

/**
 * A command written in a catalogue text as `` `/account link` `` (optionally followed by options, as
 * `` `/account link method:token` ``). Catalogues keep this plain form, which is also what a reader
 * sees while the ids are unknown.
 */
const WRITTEN_COMMAND = /`\/([a-z][a-z_-]*(?: [a-z][a-z_-]*)?)((?: [a-z_]+:[^`\s]+)*)`/g;

/** Rewrites every written command in a text as a clickable mention (options stay as code beside it). */
export function mentionCommands(text: string, mentions: Pick<CommandMentions, 'mention'>): string {
  if (!text.includes('`/')) return text;
  return text.replace(WRITTEN_COMMAND, (_, path: string, options: string) => {
    const mention = mentions.mention(path);
    const rest = options.trim();
    return rest ? `${mention} \`${rest}\`` : mention;
  });
}

/**
 * A translator whose texts carry clickable command mentions. Starts reading the ids (at most once an
 * hour) so that the next interaction has them; until then mentions fall back to the written form.
 */
export function withCommandMentions(t: Translator, mentions: CommandMentions): Translator {
  void mentions.refresh();
  const base = t as unknown as (key: string, params?: unknown) => string;
  const translate = (key: string, params?: unknown) => mentionCommands(base(key, params), mentions);
  return Object.assign(translate, { locale: t.locale, site: t.site }) as unknown as Translator;
}
