/**
 * The Comments button of an airing post or alert (subscriptions with `comments`): opens the
 * episode's public thread on the post, or joins the presser to the one already there; the comments
 * of members who share their viewing record appear there behind spoilers. Needs kiroku's Create
 * Public Threads and Send Messages in Threads in the channel, checked first with a clear reply.
 */
import { PermissionFlagsBits } from 'discord-api-types/v10';
import { grants } from '#src/bot/channel-access.js';
import type { ComponentHandler, ComponentInput, MessageReply } from '#src/bot/command.js';
import type { Context } from '#src/bot/context.js';
import { UserFacingError } from '#src/bot/user-facing-error.js';
import { alertEpisodeId } from '#src/components/alert-ids.js';

const THREAD_NEEDS = PermissionFlagsBits.CreatePublicThreads | PermissionFlagsBits.SendMessagesInThreads;

async function openComments(ctx: Context, input: ComponentInput): Promise<MessageReply> {
  const episodeId = alertEpisodeId.parse(input.args[0]);
  if (!ctx.verdicts || !ctx.guildId || !ctx.channelId) throw new UserFacingError('verdict.commentsGone');
  // Discord always says what kiroku may do where a component was pressed; unknown is a no.
  if (!grants(input.appPermissions, THREAD_NEEDS)) throw new UserFacingError('verdict.needsThreads');
  const outcome = await ctx.verdicts.openComments({
    guildId: ctx.guildId,
    channelId: ctx.channelId,
    episodeId,
    discordUserId: ctx.user.id,
  });
  if (outcome === 'no-post') throw new UserFacingError('verdict.commentsGone');
  if (outcome === 'refused') throw new UserFacingError('verdict.needsThreads');
  if (outcome === 'failed') throw new UserFacingError('verdict.commentsFailed');
  return { kind: 'message', content: ctx.t('verdict.commentsOpened', { thread: `<#${outcome.thread}>` }) };
}

export const commentsButton: ComponentHandler = { answers: 'message', handle: openComments };
