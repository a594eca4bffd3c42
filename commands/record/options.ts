/** The options `/record post` and `/record edit` share, and how their values are read. */
import { z } from 'zod';
import {
  booleanOption,
  episodeOption,
  integerOption,
  numberOption,
  stringOption,
} from '../../src/bot/definition.js';

/** Discord caps a string option at 6,000 characters, well below the service's own limit. */
export const MAX_COMMENT = 6000;

export const commentOption = () =>
  stringOption(
    'comment',
    'コメント',
    { en: 'Your comment (shown behind a spoiler)', ja: 'コメント（ネタバレ防止で隠して表示）' },
    {
      maxLength: MAX_COMMENT,
    },
  );
/** The service's own words for the four levels (its Japanese UI says 良くない/普通/良い/とても良い). */
export const ratingStateOption = () =>
  stringOption(
    'rating_state',
    'レーティング',
    { en: 'Your rating', ja: 'あなたの評価' },
    {
      choices: [
        { value: 'great', name: { en: 'Great', ja: 'とても良い' } },
        { value: 'good', name: { en: 'Good', ja: '良い' } },
        { value: 'average', name: { en: 'Average', ja: '普通' } },
        { value: 'bad', name: { en: 'Bad', ja: '良くない' } },
      ],
    },
  );
/** The deprecated numeric rating; people rate with `rating_state` today. */
export const ratingOption = () =>
  numberOption(
    'rating',
    '評価',
    {
      en: 'Legacy numeric rating, 0 to 5 (shown only without a rating_state)',
      ja: '旧形式の数値評価 0〜5（レーティングがないときだけ表示）',
    },
    { min: 0, max: 5 },
  );
/**
 * The service's share flags: `share_microblog` is its Twitter (X) share, `share_network` its Facebook
 * share, both done from the person's own service settings (the public service may ignore them).
 */
export const shareOptions = () =>
  [
    booleanOption('share_microblog', 'x共有', {
      en: 'Also post it to X (Twitter), if your linked account is connected to X',
      ja: 'X（Twitter）連携を設定していれば、X にも投稿',
    }),
    booleanOption('share_network', 'facebook共有', {
      en: 'Also post it to Facebook, if your linked account is connected to Facebook',
      ja: 'Facebook 連携を設定していれば、Facebook にも投稿',
    }),
  ] as const;
/** `/record post`'s episode: optional, and left out it means the next one not yet recorded. */
export const nextEpisodeOption = () => ({
  ...episodeOption(false),
  description: 'The episode (leave out for the next one you have not recorded)',
  description_localizations: { ja: 'エピソード（省略すると未記録の次の話）' },
});
export const idOption = () =>
  integerOption(
    'id',
    'id',
    { en: 'The record id (shown in lists)', ja: '記録の ID（一覧に表示）' },
    { required: true, min: 1 },
  );

/** What the definitions cannot say about a record's values: the reasons shown, a comment's trim. */
export const recordValueRules = {
  reasons: { work: 'reason.required', rating: 'reason.rating', rating_state: 'reason.ratingState' },
  refine: { comment: z.string().trim().optional() },
} as const;
