/** `/record delete`: asks first, then the Delete button deletes (and Cancel leaves it be). */
import { ButtonStyle, ComponentType } from 'discord-api-types/v10';
import { z } from 'zod';
import type { CommandInput, ComponentHandler, MessageReply } from '#src/bot/command.js';
import type { Context } from '#src/bot/context.js';
import { subcommand } from '#src/bot/definition.js';
import { readOptions } from '#src/bot/options.js';
import { UserFacingError } from '#src/bot/user-facing-error.js';
import { customIds } from '#src/components/custom-id.js';
import { plain, truncate } from '#src/render/format.js';
import { recordSubject } from '#src/render/record.js';
import { recordOption } from './options.js';
import { forgetRecentRecords, recordIdOf } from './recent.js';

const options = [recordOption()] as const;

export const deleteSubcommand = () =>
  subcommand(
    'delete',
    '削除',
    { en: 'Delete one of your Annict records', ja: 'Annictでの自分の記録を削除' },
    options,
  );

/** The confirmation's buttons carry the invoker, so that only they can press them. */
export const deleteIds = customIds('record', { delete: ['id', 'owner'], cancel: ['owner'] });

/** "Delete your record of <work> <episode>?", read with the person's own token (someone else's is not found). */
export async function deleteConfirmation(ctx: Context, raw: CommandInput['options']): Promise<MessageReply> {
  const id = recordIdOf(readOptions(options, raw, { reasons: { record: 'reason.recordId' } }).record);
  const found = await ctx.service.records(
    {
      filter_ids: [id],
      fields: [
        'id',
        'user.id',
        'work.title',
        'work.title_en',
        'episode.number',
        'episode.number_text',
        'episode.title',
      ],
    },
    await ctx.ownCall(),
  );
  const record = found.items[0];
  const account = await ctx.linkedAccount();
  if (!record || record.user?.id !== account?.serviceUserId) throw new UserFacingError('record.notYours');
  const what = recordSubject(record, ctx.t);
  return {
    kind: 'message',
    content: ctx.t('record.deleteConfirmNamed', { what: plain(truncate(what, 300)) }),
    components: [
      {
        type: ComponentType.ActionRow,
        components: [
          {
            type: ComponentType.Button,
            style: ButtonStyle.Danger,
            label: ctx.t('record.deleteButton'),
            custom_id: deleteIds.delete.build(id, ctx.user.id),
          },
          {
            type: ComponentType.Button,
            style: ButtonStyle.Secondary,
            label: ctx.t('account.cancelButton'),
            custom_id: deleteIds.cancel.build(ctx.user.id),
          },
        ],
      },
    ],
  };
}

export const deleteButtons: Readonly<Record<string, ComponentHandler>> = {
  [deleteIds.cancel.action]: {
    answers: 'update',
    async handle(ctx, input) {
      if (deleteIds.cancel.read(input.args).owner !== ctx.user.id)
        throw new UserFacingError('error.notYourComponent');
      return { kind: 'update', content: ctx.t('account.cancelled'), components: [] };
    },
  },
  [deleteIds.delete.action]: {
    answers: 'update',
    async handle(ctx, input) {
      const { id, owner } = deleteIds.delete.read(input.args);
      if (owner !== ctx.user.id) throw new UserFacingError('error.notYourComponent');
      const recordId = z.coerce.number().int().positive().parse(id);
      await ctx.service.deleteRecord({ id: recordId }, await ctx.ownCall('write'));
      forgetRecentRecords(ctx, (await ctx.linkedAccount())?.serviceUserId);
      return { kind: 'update', content: ctx.t('record.deleted'), components: [] };
    },
  },
};
