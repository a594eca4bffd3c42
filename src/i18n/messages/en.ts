import type { CatalogueOf } from '../catalogue-types.js';
import { accountEn } from './account-en.js';
import { channelPostsEn } from './channel-posts-en.js';
import { compareEn } from './compare-en.js';
import { errorsEn } from './errors-en.js';
import { helpEn } from './help-en.js';
import { listsEn } from './lists-en.js';
import { oauthPagesEn } from './oauth-pages-en.js';
import { partyEn } from './party-en.js';
import { picturesEn } from './pictures-en.js';
import { recordsEn } from './records-en.js';
import { subscriptionsEn } from './subscriptions-en.js';
import { usersEn } from './users-en.js';
import { verdictEn } from './verdict-en.js';
import { viewingEn } from './viewing-en.js';
import { vocabularyEn } from './vocabulary-en.js';
import { worksEn } from './works-en.js';

/**
 * The English catalogue, one file per capability (named `<capability>-en.ts`). `Messages` is its type:
 * the Japanese catalogue must provide every key with the same parameters (checked by the compiler),
 * and test/i18n/catalogues.test.ts keeps both in the same order. Messages with placeholders are
 * functions of a typed parameter object; `{service}` stands for the service's name.
 */
export const en = {
  ...errorsEn,
  ...vocabularyEn,
  ...listsEn,
  ...worksEn,
  ...recordsEn,
  ...viewingEn,
  ...usersEn,
  ...accountEn,
  ...subscriptionsEn,
  ...channelPostsEn,
  ...helpEn,
  ...compareEn,
  ...partyEn,
  ...verdictEn,
  ...picturesEn,
  ...oauthPagesEn,
} as const;

export type Messages = CatalogueOf<typeof en>;
