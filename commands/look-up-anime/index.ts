/**
 * Right-click on a message → Apps → "Look up anime": searches works by the message's text and answers
 * privately with the best matches.
 */
import { ApplicationCommandType } from 'discord-api-types/v10';
import { type CommandInput, defineCommand, type MessageReply } from '#src/bot/command.js';
import type { Context } from '#src/bot/context.js';
import { contextMenuCommand } from '#src/bot/definition.js';
import { pageLines } from '#src/bot/paging.js';
import { UserFacingError } from '#src/bot/user-facing-error.js';
import { clip } from '#src/render/fit.js';
import { plain, truncate } from '#src/render/format.js';
import { WORK_FIELDS, workLine } from '#src/render/work.js';

/** The service searches titles, which are short: more of a long message only makes no match. */
const MAX_QUERY_LENGTH = 100;
const BEST_MATCHES = 5;

/** The message's text as one line: whitespace collapsed, markdown and mentions left as typed. */
export function lookupQuery(content: string): string {
  return clip(content.replace(/\s+/g, ' ').trim(), MAX_QUERY_LENGTH).trim();
}

async function lookUp(ctx: Context, input: CommandInput): Promise<MessageReply> {
  const target = input.target;
  if (target?.kind !== 'message') throw new UserFacingError('error.expired');
  const query = lookupQuery(target.content);
  if (!query) return { kind: 'message', content: ctx.t('lookup.empty') };
  const call = await ctx.catalogueCall();
  const page = await ctx.service.works(
    { filter_title: query, sort_watchers_count: 'desc', per_page: BEST_MATCHES, fields: WORK_FIELDS },
    call,
  );
  const shown = plain(truncate(query, 60));
  if (page.items.length === 0) return { kind: 'message', content: ctx.t('lookup.none', { query: shown }) };
  return {
    kind: 'message',
    embeds: [
      {
        title: truncate(ctx.t('lookup.title', { query: shown }), 256),
        description: pageLines(
          ctx,
          page.items.map((work) => workLine(work, ctx.t, ctx.locale)),
        ),
      },
    ],
  };
}

export const command = defineCommand({
  definition: contextMenuCommand(ApplicationCommandType.Message, 'Look up anime', 'アニメを検索'),
  ephemeral: () => true,
  execute: lookUp,
});
