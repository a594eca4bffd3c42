/** `/review delete`: names the review and asks first; the Delete button deletes, Cancel leaves it be. */
import { ButtonStyle, ComponentType } from 'discord-api-types/v10';
import type { CommandInput, ComponentHandler, MessageReply } from '#src/bot/command.js';
import type { Context } from '#src/bot/context.js';
import { subcommand } from '#src/bot/definition.js';
import { readOptions } from '#src/bot/options.js';
import { UserFacingError } from '#src/bot/user-facing-error.js';
import { plain } from '#src/render/format.js';
import { localTitle } from '#src/render/names.js';
import { reviewIdOf, reviewOption } from './edit.js';
import { forgetReviews } from './form.js';
import { reviewIds } from './ids.js';
import { ownReview } from './mine.js';

const options = [reviewOption()] as const;

export const deleteSubcommand = () =>
  subcommand('delete', '削除', { en: 'Delete one of your reviews', ja: '自分の感想を削除' }, options);

export async function deleteConfirmation(ctx: Context, raw: CommandInput['options']): Promise<MessageReply> {
  const { review: value } = readOptions(options, raw, { reasons: { review: 'reason.review' } });
  const review = await ownReview(ctx, reviewIdOf(value));
  return {
    kind: 'message',
    content: ctx.t('review.deleteConfirm', { title: plain(localTitle(review.work, ctx.t)) }),
    components: [
      {
        type: ComponentType.ActionRow,
        components: [
          {
            type: ComponentType.Button,
            style: ButtonStyle.Danger,
            label: ctx.t('review.deleteButton'),
            custom_id: reviewIds.delete.build(review.id, ctx.user.id),
          },
          {
            type: ComponentType.Button,
            style: ButtonStyle.Secondary,
            label: ctx.t('account.cancelButton'),
            custom_id: reviewIds.cancel.build(ctx.user.id),
          },
        ],
      },
    ],
  };
}

export const deleteButtons: Readonly<Record<string, ComponentHandler>> = {
  [reviewIds.cancel.action]: {
    answers: 'update',
    async handle(ctx, input) {
      if (reviewIds.cancel.read(input.args).owner !== ctx.user.id)
        throw new UserFacingError('error.notYourComponent');
      return { kind: 'update', content: ctx.t('account.cancelled'), components: [] };
    },
  },
  [reviewIds.delete.action]: {
    answers: 'update',
    async handle(ctx, input) {
      const { reviewId, owner } = reviewIds.delete.read(input.args);
      if (owner !== ctx.user.id) throw new UserFacingError('error.notYourComponent');
      const review = await ownReview(ctx, reviewIdOf(reviewId));
      await ctx.service.deleteReview({ id: review.id }, await ctx.ownCall('write'));
      forgetReviews(ctx, review.work?.id);
      const title = plain(localTitle(review.work, ctx.t));
      return { kind: 'update', content: ctx.t('review.deleted', { title }), components: [] };
    },
  },
};
