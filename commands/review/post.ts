/**
 * `/review post`: rate a whole work (the overall rating required, each part the same unless chosen)
 * and write about it in a form. The form opens at once, before any request: it carries the ratings
 * and the work as typed, and the work is looked up when the form comes back.
 */
import type { CommandInput, ModalHandler, ModalReply } from '#src/bot/command.js';
import type { Context } from '#src/bot/context.js';
import { subcommand, workOption } from '#src/bot/definition.js';
import { readOptions } from '#src/bot/options.js';
import { UserFacingError } from '#src/bot/user-facing-error.js';
import { resolveWork } from '#src/lookups/works.js';
import { localTitle } from '#src/render/names.js';
import type { Work } from '#src/service/index.js';
import { forgetReviews, reviewForm, savedReply } from './form.js';
import { reviewIds } from './ids.js';
import { decodeRatings, encodeRatings, overallOption, partOption } from './ratings.js';

const SAME = { en: 'left out, the same as overall', ja: '省略すると全体と同じ' };
const options = [
  workOption(),
  overallOption(true),
  partOption('story', SAME),
  partOption('animation', SAME),
  partOption('music', SAME),
  partOption('character', SAME),
] as const;

export const postSubcommand = () =>
  subcommand(
    'post',
    '投稿',
    { en: 'Review a whole work (a film, a finished series)', ja: '作品全体の感想を投稿' },
    options,
  );

/** The form id's room for the work as typed: `review:post:<5 letters>:` takes the rest of 100. */
const WORK_ROOM = 100 - 'review:post:xxxxx:'.length;

export async function postForm(ctx: Context, raw: CommandInput['options']): Promise<ModalReply> {
  const chosen = readOptions(options, raw, {
    reasons: { work: 'reason.required', overall: 'reason.ratingState' },
  });
  const work = chosen.work.trim();
  // The store, not the service: someone unlinked is told so before writing in vain.
  await ctx.ownCall('write');
  if (work.length > WORK_ROOM) throw new UserFacingError('review.workTooLong');
  const known = /^\d+$/.test(work) ? ctx.cache.peek<Work>(`work:${work}`) : undefined;
  return reviewForm(
    ctx,
    reviewIds.post.build(encodeRatings(chosen), work),
    { label: ctx.t('review.bodyLabel'), required: true },
    known ? localTitle(known, ctx.t) : undefined,
  );
}

export const postModal: ModalHandler = {
  async handle(ctx, input) {
    // The work as typed may hold the separator: everything after the ratings is the work.
    const [ratings = '', ...rest] = input.args;
    const body = (input.fields.body ?? '').trim();
    // The form asks for words; spaces alone would be refused by the service as blank.
    if (!body) throw new UserFacingError('review.emptyBody');
    const work = await resolveWork(ctx, rest.join(':'));
    const states = decodeRatings(ratings);
    if (!states.rating_overall_state) throw new UserFacingError('reason.ratingState');
    const review = await ctx.service.createReview(
      { work_id: work.id, body, ...definedStates(states) },
      await ctx.ownCall('write'),
    );
    forgetReviews(ctx, work.id);
    return savedReply(ctx, 'review.posted', { ...states, ...review }, work);
  },
};

/** The states that are set; one left out is sent as nothing, which the service stores as blank. */
export function definedStates<T extends Record<string, string | undefined>>(states: T): Partial<T> {
  return Object.fromEntries(Object.entries(states).filter(([, value]) => value !== undefined)) as Partial<T>;
}
