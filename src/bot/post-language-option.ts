/**
 * The `language` option of /subscription feed and schedule: which language a subscription's posts are
 * written in. Without it, the server's preferred locale decides (Japanese when it is Japanese).
 */
import type { Subscription } from '../subscriptions/model.js';
import type { Context } from './context.js';
import { stringOption } from './definition.js';

export const languageOption = () =>
  stringOption(
    'language',
    '言語',
    {
      en: 'Language of the posts (default: the server’s language)',
      ja: '投稿の言語（既定はサーバーの言語）',
    },
    {
      choices: [
        { value: 'ja', name: { en: 'Japanese', ja: '日本語' } },
        { value: 'en', name: { en: 'English', ja: '英語' } },
      ],
    },
  );

/** The language of a new subscription's posts, and the line that tells the invoker. */
export function postLanguage(ctx: Context, chosen: Subscription['language'] | undefined) {
  const language = chosen ?? ctx.guildLocale ?? 'en';
  return {
    language,
    note: ctx.t('subscription.postsIn', { language: ctx.t(`subscription.language.${language}`) }),
  };
}
