/**
 * Right-click on a person → Apps → "Viewing record": their service profile and latest activity, only
 * when they linked an account and chose to be found with `/account visibility` (which Discord account
 * belongs to which service account is private otherwise). Always private to the one who asked.
 */
import { ApplicationCommandType } from 'discord-api-types/v10';
import { type CommandInput, defineCommand, type MessageReply } from '#src/bot/command.js';
import type { Context } from '#src/bot/context.js';
import { contextMenuCommand } from '#src/bot/definition.js';
import { UserFacingError } from '#src/bot/user-facing-error.js';
import { userByName } from '#src/lookups/users.js';
import { activityLine } from '#src/render/activity.js';
import { LIMITS, lines } from '#src/render/format.js';
import { userEmbed } from '#src/render/user.js';
import type { StoredToken } from '#src/vault/index.js';

/** Activities shown under the profile. */
const LATEST_ACTIVITIES = 5;

/** The target's link when they shared it (or are the one asking); undefined otherwise. */
async function sharedLink(ctx: Context, targetId: string): Promise<StoredToken | undefined> {
  const shared = targetId === ctx.user.id || (await ctx.preferences.isDiscoverable(targetId));
  if (!shared) return undefined;
  // An envelope that no longer opens (or cannot be read now) is as good as no link.
  return ctx.accounts.linked(targetId).catch(() => undefined);
}

async function viewingRecord(ctx: Context, input: CommandInput): Promise<MessageReply> {
  const target = input.target;
  if (target?.kind !== 'user') throw new UserFacingError('error.expired');
  const link = await sharedLink(ctx, target.id);
  if (!link) {
    return {
      kind: 'message',
      content: ctx.t('profile.notShared', { user: `<@${target.id}>` }),
    };
  }
  // Public data, read as any lookup is: with the asker's own token or the operator's, never the target's.
  const user = await userByName(ctx, link.serviceUsername);
  const call = await ctx.catalogueCall();
  const latest = await ctx.service.activities(
    { filter_user_id: user.id, sort_id: 'desc', page: 1, per_page: LATEST_ACTIVITIES },
    call,
  );
  const embed = userEmbed(user, ctx.t, ctx.locale);
  const activity = lines(
    latest.items.map((item) => activityLine(item, ctx.t)),
    { limit: LIMITS.fieldValue, more: (count) => ctx.t('paging.more', { count }) },
  );
  embed.fields = [
    ...(embed.fields ?? []),
    {
      name: ctx.t('profile.latest'),
      value: activity || ctx.t('profile.noActivity'),
    },
  ];
  return { kind: 'message', embeds: [embed] };
}

export const command = defineCommand({
  definition: contextMenuCommand(ApplicationCommandType.User, 'Viewing record', '視聴記録'),
  ephemeral: () => true,
  execute: viewingRecord,
});
