/**
 * `/watch` (未視聴エピソード): the person's backlog of aired episodes they have not recorded, grouped by work
 * with a count per work; one press records an entry with the presser's own token, and the entry
 * leaves the list in place (Undo within a minute). The backlog is fetched once per command and
 * paged from the stored copy (src/viewing/watch-lists.ts).
 */
import { ComponentType, TextInputStyle } from 'discord-api-types/v10';
import { z } from 'zod';
import { type CommandInput, defineCommand, type MessageReply } from '#src/bot/command.js';
import type { Context } from '#src/bot/context.js';
import { booleanOption, slashCommand } from '#src/bot/definition.js';
import { readOptions } from '#src/bot/options.js';
import { UserFacingError } from '#src/bot/user-facing-error.js';
import { clip } from '#src/render/fit.js';
import { truncate } from '#src/render/format.js';
import { RATING_STATES } from '#src/service/index.js';
import { parseArgs, recordEntry, showRatingPicker, turnPage, undoEntry } from './actions.js';
import { fetchBacklog } from './backlog.js';
import { entryWorkTitle, shortEpisode, watchIds, watchPage } from './page.js';

/** Discord's limit on a text input; the service's own limit is far above it. */
const MAX_COMMENT = 4000;

const options = [
  booleanOption('rebroadcast', '再放送を含む', {
    en: 'Include rebroadcasts',
    ja: '再放送も含める',
  }),
] as const;

/** The service page listing what the person is watching, where each work's broadcast channel is chosen. */
const watchingLibraryUrl = (username: string, webUrl: string) =>
  `${webUrl}/@${encodeURIComponent(username)}/watching`;

async function showBacklog(ctx: Context, raw: CommandInput['options']): Promise<MessageReply> {
  const given = readOptions(options, raw, { defaults: { rebroadcast: false } });
  const call = await ctx.ownCall();
  const entries = await fetchBacklog(ctx, call, given);
  if (entries.length === 0) {
    const account = await ctx.linkedAccount();
    const url = watchingLibraryUrl(account?.serviceUsername ?? '', ctx.settings.site.webUrl);
    return { kind: 'message', content: ctx.t('watch.empty', { url }) };
  }
  const key = await ctx.watchLists.create(ctx.user.id, entries);
  const list = await ctx.watchLists.get(key);
  if (!list) throw new Error('watch: the stored backlog could not be read back');
  return { kind: 'message', ...watchPage(ctx, key, list, 1) };
}

/** The Comment button's form; the record is made when it is sent. */
async function commentForm(ctx: Context, args: string[]) {
  const { key, episodeId, page } = parseArgs({ args });
  const list = await ctx.watchLists.get(key);
  const entry = list?.entries.find((e) => e.episodeId === episodeId);
  if (!list || list.invoker !== ctx.user.id) throw new UserFacingError('error.expired');
  if (!entry) throw new UserFacingError('watch.gone');
  const title = ctx.t('watch.commentTitle', {
    episode: `${entryWorkTitle(entry, ctx.t)} ${shortEpisode(entry, ctx.t)}`,
  });
  return {
    kind: 'modal' as const,
    modal: {
      custom_id: watchIds.note.build(key, episodeId, page),
      title: truncate(title, 45),
      components: [
        {
          type: ComponentType.ActionRow as const,
          components: [
            {
              type: ComponentType.TextInput as const,
              custom_id: 'comment',
              label: truncate(ctx.t('watch.commentLabel'), 45),
              style: TextInputStyle.Paragraph,
              required: true,
              max_length: MAX_COMMENT,
            },
          ],
        },
      ],
    },
  };
}

const ratingValue = z.enum(RATING_STATES);

export const command = defineCommand({
  definition: slashCommand(
    'watch',
    '見る',
    { en: 'Aired episodes you have not recorded yet, to record', ja: '放送済みで未記録のエピソードを記録' },
    options,
  ),
  ephemeral: () => true,
  execute: (ctx, input) => showBacklog(ctx, input.options),

  ids: watchIds,
  components: {
    [watchIds.rec.action]: { answers: 'update', handle: (ctx, input) => recordEntry(ctx, input) },
    [watchIds.rate.action]: {
      answers: 'update',
      async handle(ctx, input) {
        const rating = ratingValue.safeParse(input.values[0]);
        if (!rating.success) throw new UserFacingError('error.expired');
        return recordEntry(ctx, input, { rating_state: rating.data });
      },
    },
    [watchIds.pick.action]: { answers: 'update', handle: (ctx, input) => showRatingPicker(ctx, input) },
    [watchIds.note.action]: { answers: 'modal', handle: (ctx, input) => commentForm(ctx, input.args) },
    [watchIds.undo.action]: { answers: 'update', handle: (ctx, input) => undoEntry(ctx, input) },
    [watchIds.page.action]: { answers: 'update', handle: (ctx, input) => turnPage(ctx, input) },
  },
  modals: {
    [watchIds.note.action]: {
      async handle(ctx, input) {
        // Cut between whole characters: half an emoji left at the end is not valid text for the service.
        const comment = clip((input.fields.comment ?? '').trim(), MAX_COMMENT).trimEnd();
        return recordEntry(ctx, input, comment ? { comment } : {});
      },
    },
  },
});
