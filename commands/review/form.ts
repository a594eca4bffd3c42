/**
 * What /review's forms share: the form itself (the words of the review, in one paragraph field),
 * the private answer once it is saved, and forgetting what kiroku kept of the person's reviews and
 * the work's (so the next look shows the change).
 */
import { ComponentType, TextInputStyle } from 'discord-api-types/v10';
import type { MessageReply, ModalReply } from '#src/bot/command.js';
import type { Context } from '#src/bot/context.js';
import { fitText } from '#src/render/fit.js';
import { LIMITS, plain, spoiler } from '#src/render/format.js';
import { localTitle } from '#src/render/names.js';
import { reviewOverallText, reviewPartsText, workReviewsUrl } from '#src/render/review.js';
import { sendableUrl } from '#src/render/url.js';
import type { Review, Work } from '#src/service/index.js';

/** Discord's limits: a form's title, a text field's value. */
const MODAL_TITLE_MAX = 45;
const BODY_MAX = 4000;

export function reviewForm(
  ctx: Context,
  customId: string,
  body: { label: string; value?: string | undefined; required: boolean },
  title: string | undefined,
): ModalReply {
  return {
    kind: 'modal',
    modal: {
      custom_id: customId,
      title: fitText(
        title ? ctx.t('review.modalTitle', { title }) : ctx.t('review.modalTitlePlain'),
        MODAL_TITLE_MAX,
      ),
      components: [
        {
          type: ComponentType.ActionRow,
          components: [
            {
              type: ComponentType.TextInput,
              custom_id: 'body',
              label: body.label,
              placeholder: ctx.t('review.bodyPlaceholder'),
              style: TextInputStyle.Paragraph,
              required: body.required,
              ...(body.required ? { min_length: 1 } : {}),
              max_length: BODY_MAX,
              // Words longer than a form holds are not put in (cut, they would replace the whole): empty keeps them.
              ...(body.value && [...body.value].length <= BODY_MAX ? { value: body.value } : {}),
            },
          ],
        },
      ],
    },
  };
}

/** Forgets the person's listed reviews and the work's shown ones: the next look reads them anew. */
export function forgetReviews(ctx: Context, workId: number | undefined): void {
  ctx.cache.deleteWhere(
    (key) =>
      key === `own-reviews:${ctx.user.id}` || (workId !== undefined && key === `work-reviews:${workId}`),
  );
}

/** "Posted your review of …" with the ratings and the words (behind a spoiler), privately. */
export function savedReply(
  ctx: Context,
  message: 'review.posted' | 'review.edited',
  review: Review,
  work: Partial<Pick<Work, 'id' | 'title' | 'title_en'>> | null | undefined,
): MessageReply {
  const title = plain(localTitle(work, ctx.t));
  const ratings = [reviewOverallText(review, ctx.t), reviewPartsText(review, ctx.t)]
    .filter(Boolean)
    .join('\n');
  const words = review.body?.trim() ? spoiler(review.body.trim(), 1500) : '';
  const url = work?.id ? sendableUrl(workReviewsUrl(work.id, ctx.t)) : undefined;
  return {
    kind: 'message',
    content: ctx.t(message, { title }),
    embeds: [
      {
        title: fitText(title, LIMITS.title),
        ...(url ? { url } : {}),
        description: [ratings, words].filter(Boolean).join('\n\n') || '—',
      },
    ],
  };
}
