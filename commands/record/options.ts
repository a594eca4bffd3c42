/** The options `/record post` and `/record edit` share, and how their values are read. */
import { z } from 'zod';
import { booleanOption, episodeOption, integerOption, stringOption } from '#src/bot/definition.js';
import type { RATING_STATES } from '#src/service/index.js';

/** Discord caps a string option at 6,000 characters, well below Annict's own limit. */
export const MAX_COMMENT = 6000;

export const commentOption = () =>
  stringOption(
    'comment',
    'コメント',
    {
      en: 'Your comment on Annict (shown here behind a spoiler)',
      ja: 'Annictに書くコメント（ネタバレ防止で隠して表示）',
    },
    {
      maxLength: MAX_COMMENT,
    },
  );

/** Annict's own words for its four levels, best first as on its record form (its `rating_state`). */
const RATING_CHOICES = [
  { value: 'great', name: { en: 'Great', ja: 'とても良い' } },
  { value: 'good', name: { en: 'Good', ja: '良い' } },
  { value: 'average', name: { en: 'Average', ja: '普通' } },
  { value: 'bad', name: { en: 'Bad', ja: '良くない' } },
] as const satisfies ReadonlyArray<{
  value: (typeof RATING_STATES)[number];
  name: { en: string; ja: string };
}>;

/**
 * `rating` is the four-level rating people give on Annict today. The legacy 0–5 number is no longer
 * offered (Annict deprecated it); records that have one still show it (render/record.ts).
 */
export const ratingOption = () =>
  stringOption(
    'rating',
    '評価',
    { en: 'Your rating on Annict', ja: 'Annictでの評価' },
    { choices: RATING_CHOICES },
  );

/**
 * Annict's share flags, named for where they share: `share_on_x` is its X (Twitter) share,
 * `share_on_facebook` its Facebook share, both done by Annict with the person's own connections
 * there (sent as the spec's `share_microblog` / `share_network`; the public service may ignore them).
 */
export const shareOptions = () =>
  [
    booleanOption('share_on_x', 'xに共有', {
      en: 'Annict also posts it to X (Twitter), if your Annict account is connected to X',
      ja: 'AnnictのアカウントをXと連携していれば、Xにも投稿',
    }),
    booleanOption('share_on_facebook', 'facebookに共有', {
      en: 'Annict also posts it to Facebook, if your Annict account is connected to Facebook',
      ja: 'AnnictのアカウントをFacebookと連携していれば、Facebookにも投稿',
    }),
  ] as const;

/** The service's share flags from the options (both false when not given). */
export function shareFlags(given: {
  share_on_x?: boolean | undefined;
  share_on_facebook?: boolean | undefined;
}) {
  return { share_microblog: given.share_on_x ?? false, share_network: given.share_on_facebook ?? false };
}

/** `/record post`'s episode: optional, and left out it means the next one not yet recorded. */
export const nextEpisodeOption = () => ({
  ...episodeOption(false),
  description: 'The episode (leave out for the next one you have not recorded on Annict)',
  description_localizations: { ja: 'エピソード（省略するとAnnictで未記録の次の話）' },
});

/**
 * `/record post`'s `through`: also every unrecorded episode up to this number (commands/record/through.ts).
 * Episode numbers run past 1,000 in long series; how many are recorded at once is capped there.
 */
export const throughOption = () =>
  integerOption(
    'through',
    '何話まで',
    {
      en: 'Also record on Annict each unrecorded episode up to this number; rating and comment go on the last',
      ja: 'この話数までの未記録の話もAnnictにまとめて記録（評価とコメントは最後の話に）',
    },
    { min: 1, max: 100_000 },
  );

/** `/record edit` and `/record delete`: one of the person's records, picked from their recent ones or typed as its id. */
export const recordOption = () =>
  stringOption(
    'record',
    '記録',
    {
      en: 'One of your Annict records: pick a recent one, or type its id',
      ja: 'Annictでのあなたの記録（最近の記録から選ぶか、IDを入力）',
    },
    { required: true, autocomplete: true, maxLength: 20 },
  );

/** What the definitions cannot say about a record's values: the reasons shown, a comment's trim. */
export const recordValueRules = {
  reasons: { work: 'reason.required', rating: 'reason.ratingState', record: 'reason.recordId' },
  refine: { comment: z.string().trim().optional() },
} as const;
