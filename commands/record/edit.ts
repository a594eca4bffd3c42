/** `/record edit`: changes what the person gives of one of their own records, and keeps the rest. */
import type { CommandInput, MessageReply } from '#src/bot/command.js';
import type { Context } from '#src/bot/context.js';
import { subcommand } from '#src/bot/definition.js';
import { readOptions } from '#src/bot/options.js';
import { UserFacingError } from '#src/bot/user-facing-error.js';
import { plain, truncate } from '#src/render/format.js';
import { recordSubject } from '#src/render/record.js';
import {
  commentOption,
  ratingOption,
  recordOption,
  recordValueRules,
  shareFlags,
  shareOptions,
} from './options.js';
import { forgetRecentRecords, recordIdOf } from './recent.js';

const options = [recordOption(), ratingOption(), commentOption(), ...shareOptions()] as const;

export const editSubcommand = () =>
  subcommand(
    'edit',
    '編集',
    { en: 'Change one of your Annict records', ja: 'Annictでの自分の記録を編集' },
    options,
  );

/**
 * Annict replaces comment, rating_state and rating on edit (one left out is cleared), so the
 * current record is read first and only what the user gave is changed; a legacy numeric rating is
 * kept as it was. Someone else's record is "not found".
 */
export async function edit(ctx: Context, raw: CommandInput['options']): Promise<MessageReply> {
  const given = readOptions(options, raw, recordValueRules);
  const id = recordIdOf(given.record);
  const changes = [given.rating, given.comment, given.share_on_x, given.share_on_facebook];
  if (changes.every((value) => value === undefined)) throw new UserFacingError('record.nothingToEdit');
  const call = await ctx.ownCall('write');
  const account = await ctx.linkedAccount();
  const found = await ctx.service.records(
    { filter_ids: [id], fields: ['id', 'comment', 'rating', 'rating_state', 'user.id'] },
    call,
  );
  const current = found.items[0];
  if (!current || current.user?.id !== account?.serviceUserId) throw new UserFacingError('record.notYours');
  const ratingState = given.rating ?? current.rating_state;
  const record = await ctx.service.editRecord(
    {
      id,
      comment: given.comment ?? current.comment ?? '',
      ...(ratingState ? { rating_state: ratingState } : {}),
      ...(typeof current.rating === 'number' ? { rating: current.rating } : {}),
      ...shareFlags(given),
    },
    call,
  );
  forgetRecentRecords(ctx, account?.serviceUserId);
  const what = recordSubject(record, ctx.t);
  return {
    kind: 'message',
    content: what
      ? ctx.t('record.editedNamed', { what: plain(truncate(what, 300)) })
      : ctx.t('record.edited'),
  };
}
