/**
 * Commands as a reader sees them in a text. Catalogue texts write a command as `` `/account link` ``
 * (optionally followed by options, as `` `/account link method:token` ``); where Discord's ids of the
 * commands are known, that written form becomes a clickable mention (`</account link:123>`). The
 * written form is also what a reader sees while the ids are unknown. Replies (src/bot) and the jobs'
 * posts and direct messages (src/jobs) both rewrite their texts here.
 */
import type { Translator } from './translator.js';

/** Gives a command path (`work search`) as a reader should see it: a mention, or the written form. */
export interface CommandMentionSource {
  mention(path: string): string;
  /** Reads the ids when they are not known yet or have gone stale; never throws. */
  refresh?(): Promise<void>;
}

const WRITTEN_COMMAND = /`\/([a-z][a-z_-]*(?: [a-z][a-z_-]*)?)((?: [a-z_]+:[^`\s]+)*)`/g;

/** Rewrites every written command in a text as a clickable mention (options stay as code beside it). */
export function mentionCommands(text: string, mentions: CommandMentionSource): string {
  if (!text.includes('`/')) return text;
  return text.replace(WRITTEN_COMMAND, (_, path: string, options: string) => {
    const mention = mentions.mention(path);
    const rest = options.trim();
    return rest ? `${mention} \`${rest}\`` : mention;
  });
}

/**
 * A translator whose texts carry clickable command mentions. The ids are read at each call, so a
 * translator built before they were loaded writes mentions as soon as they are.
 */
export function translatorWithMentions(t: Translator, mentions: CommandMentionSource): Translator {
  const base = t as unknown as (key: string, params?: unknown) => string;
  const translate = (key: string, params?: unknown) => mentionCommands(base(key, params), mentions);
  return Object.assign(translate, { locale: t.locale, site: t.site }) as unknown as Translator;
}
