import { accountJa } from './account-ja.js';
import { channelPostsJa } from './channel-posts-ja.js';
import { compareJa } from './compare-ja.js';
import type { Messages } from './en.js';
import { errorsJa } from './errors-ja.js';
import { helpJa } from './help-ja.js';
import { listsJa } from './lists-ja.js';
import { oauthPagesJa } from './oauth-pages-ja.js';
import { partyJa } from './party-ja.js';
import { picturesJa } from './pictures-ja.js';
import { recordsJa } from './records-ja.js';
import { subscriptionsJa } from './subscriptions-ja.js';
import { usersJa } from './users-ja.js';
import { verdictJa } from './verdict-ja.js';
import { viewingJa } from './viewing-ja.js';
import { vocabularyJa } from './vocabulary-ja.js';
import { worksJa } from './works-ja.js';

/** The Japanese catalogue: every key of the English one (see en.ts), with the same parameters and order. */
export const ja = {
  ...errorsJa,
  ...vocabularyJa,
  ...listsJa,
  ...worksJa,
  ...recordsJa,
  ...viewingJa,
  ...usersJa,
  ...accountJa,
  ...subscriptionsJa,
  ...channelPostsJa,
  ...helpJa,
  ...compareJa,
  ...partyJa,
  ...verdictJa,
  ...picturesJa,
  ...oauthPagesJa,
} as const satisfies Messages;
