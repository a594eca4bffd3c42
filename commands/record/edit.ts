/** `/record edit`: changes what the person gives of one of their own records, and keeps the rest. */
import type { CommandInput, MessageReply } from '../../src/bot/command.js';
import type { Context } from '../../src/bot/context.js';
import { subcommand } from '../../src/bot/definition.js';
import { readOptions } from '../../src/bot/option-values.js';
import { UserFacingError } from '../../src/bot/user-facing-error.js';
import {
  commentOption,
  idOption,
  ratingOption,
  ratingStateOption,
  recordValueRules,
  shareOptions,
} from './options.js';

const options = [
  idOption(),
  ratingStateOption(),
  ratingOption(),
  commentOption(),
  ...shareOptions(),
] as const;

export const editSubcommand = () =>
  subcommand('edit', '編集', { en: 'Change one of your records', ja: '自分の記録を編集' }, options);

/**
 * The service replaces comment, rating_state and rating on edit (one left out is cleared), so the
 * current record is read first and only what the user gave is changed. Someone else's record is
 * "not found".
 */
export async function edit(ctx: Context, raw: CommandInput['options']): Promise<MessageReply> {
  const given = readOptions(options, raw, recordValueRules);
  const changes = [
    given.rating_state,
    given.rating,
    given.comment,
    given.share_microblog,
    given.share_network,
  ];
  if (changes.every((value) => value === undefined)) throw new UserFacingError('record.nothingToEdit');
  const call = await ctx.ownCall('write');
  const account = await ctx.linkedAccount();
  const found = await ctx.service.records(
    { filter_ids: [given.id], fields: ['id', 'comment', 'rating', 'rating_state', 'user.id'] },
    call,
  );
  const current = found.items[0];
  if (!current || current.user?.id !== account?.serviceUserId) throw new UserFacingError('error.notFound');
  const ratingState = given.rating_state ?? current.rating_state;
  const rating = given.rating ?? current.rating;
  const record = await ctx.service.editRecord(
    {
      id: given.id,
      comment: given.comment ?? current.comment ?? '',
      ...(ratingState ? { rating_state: ratingState } : {}),
      ...(typeof rating === 'number' ? { rating } : {}),
      share_microblog: given.share_microblog ?? false,
      share_network: given.share_network ?? false,
    },
    call,
  );
  return { kind: 'message', content: ctx.t('record.edited', { id: record.id }) };
}
