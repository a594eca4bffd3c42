/**
 * The party message's Watched and rating buttons: the presser records the episode with their own
 * token, exactly once per party however often or wherever they press (an atomic claim in the store
 * before the service is called; a failed call gives the claim back), and joins the message's list.
 */
import type { ComponentHandler, MessageReply } from '#src/bot/command.js';
import type { Context } from '#src/bot/context.js';
import { UserFacingError } from '#src/bot/user-facing-error.js';
import { PARTY_ACTIONS, partyIdArg, partyRatingArg } from '#src/components/party-ids.js';
import type { Attendance } from '#src/parties/model.js';
import { plain } from '#src/render/format.js';
import { linkPanel } from '../account/link-panel.js';

async function press(
  ctx: Context,
  partyArg: string | undefined,
  rating: Attendance['rating'],
): Promise<MessageReply> {
  const parsed = partyIdArg.safeParse(partyArg);
  if (!parsed.success) throw new UserFacingError('error.expired');
  const party = await ctx.parties.store.get(parsed.data);
  if (!party || party.state === 'cancelled') throw new UserFacingError('party.over');
  const account = await ctx.linkedAccount();
  if (!account) return linkPanel(ctx);
  const call = await ctx.ownCall('write');
  if (!(await ctx.parties.store.claim(party, ctx.user.id, rating, ctx.now())))
    return { kind: 'message', content: ctx.t('party.alreadyRecorded') };
  try {
    await ctx.service.createRecord(
      { episode_id: party.episodeId, ...(rating ? { rating_state: rating } : {}) },
      call,
    );
  } catch (error) {
    await ctx.parties.store.release(party.id, ctx.user.id);
    throw error;
  }
  await ctx.parties.store.recorded(party, ctx.user.id, account.serviceUsername, ctx.now());
  // The record is made: a message that cannot be edited now is brought up to date by the party job.
  await ctx.parties.board.refresh(party.id).catch((error: unknown) => {
    ctx.logger.warn({ err: error, party: party.id }, 'party: the message could not be updated');
  });
  return {
    kind: 'message',
    content: ctx.t('party.recorded', { work: plain(party.workTitle), episode: plain(party.episodeLabel) }),
  };
}

export const partyButtons: Readonly<Record<string, ComponentHandler>> = {
  [PARTY_ACTIONS.watched]: {
    answers: 'message',
    handle: (ctx, input) => press(ctx, input.args[0], undefined),
  },
  [PARTY_ACTIONS.rate]: {
    answers: 'message',
    handle: async (ctx, input) => {
      const rating = partyRatingArg.safeParse(input.args[1]);
      if (!rating.success) throw new UserFacingError('error.expired');
      return press(ctx, input.args[0], rating.data);
    },
  },
};
