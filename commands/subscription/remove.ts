/** `/subscription remove`: takes a subscription of this server off, or one work off an airing one. */
import { z } from 'zod';
import type { CommandInput, MessageReply } from '#src/bot/command.js';
import type { Context } from '#src/bot/context.js';
import { stringOption, subcommand } from '#src/bot/definition.js';
import { readOptions } from '#src/bot/options.js';
import { UserFacingError } from '#src/bot/user-facing-error.js';
import { removeWorkOption, unfollowWork } from './airing.js';
import { requireGuild } from './checks.js';

const options = [
  stringOption(
    'id',
    'id',
    { en: 'The subscription: pick it from the list', ja: '自動投稿: 一覧から選ぶ' },
    { required: true, maxLength: 12, autocomplete: true },
  ),
  removeWorkOption(),
] as const;

export const removeSubcommand = () =>
  subcommand('remove', '削除', { en: 'Remove a subscription', ja: '自動投稿を削除' }, options);

const rules = {
  reasons: { id: 'reason.required' },
  refine: {
    id: z
      .string()
      .trim()
      .toLowerCase()
      .regex(/^[a-z0-9]{6,12}$/, 'reason.required'),
    /** Airing subscriptions: take only this work off. */
    work: z.string().trim().min(1).optional(),
  },
} as const;

export async function remove(ctx: Context, raw: CommandInput['options']): Promise<MessageReply> {
  const guildId = requireGuild(ctx);
  const { id, work } = readOptions(options, raw, rules);
  const found = await ctx.subscriptions.get(id);
  // Another server's subscription is as good as unknown here.
  if (!found || found.guildId !== guildId)
    throw new UserFacingError('subscription.unknown', (t) => t('subscription.unknown', { id }));
  if (work) return unfollowWork(ctx, found, work);
  await ctx.subscriptions.remove(id);
  return { kind: 'message', content: ctx.t('subscription.removed', { id }) };
}
