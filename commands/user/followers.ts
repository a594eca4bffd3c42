/** `/user followers`: who follows a person, paged. */
import { subcommand } from '#src/bot/definition.js';
import { usernameOption } from './options.js';
import { relationList } from './relation-list.js';

export const followersSubcommand = () =>
  subcommand('followers', 'フォロワー', { en: 'Who follows this user', ja: 'このユーザーのフォロワー' }, [
    usernameOption(),
  ]);

export const followersList = relationList('followers');
