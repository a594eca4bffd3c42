/** `/user following`: whom a person follows, paged. */
import { subcommand } from '#src/bot/definition.js';
import { usernameOption } from './options.js';
import { relationList } from './relation-list.js';

export const followingSubcommand = () =>
  subcommand(
    'following',
    'フォロー',
    { en: 'Whom this user follows', ja: 'このユーザーがフォローしている人' },
    [usernameOption()],
  );

export const followingList = relationList('following');
