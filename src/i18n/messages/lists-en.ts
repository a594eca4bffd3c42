/**
 * English texts of lists: paging, the Open menu, and what each list says when it is empty. Spread into the
 * English catalogue (en.ts); the Japanese ones are in lists-ja.ts.
 */
import type { CatalogueOf } from '../catalogue-types.js';

export const listsEn = {
  // paging
  'paging.previous': 'Previous',
  'paging.next': 'Next',
  'paging.footer': (p: { page: number; pages: number; total: number }) =>
    `Page ${p.page} of ${p.pages} · ${p.total} in all`,
  'paging.empty': 'Nothing here yet. `/help` shows what kiroku can do.',
  'paging.more': (p: { count: number }) => `…and ${p.count} more`,

  // the Open menu
  'open.placeholder': 'Open…',

  // empty lists
  'empty.works':
    'No work matches this search. Try fewer words, the title in kana, or another season with `/work search`.',
  'empty.worksEnglishPending':
    'No work found yet: kiroku is still reading the English titles after its first start (a minute or two). Search again shortly, or search by the Japanese title.',
  'empty.episodes':
    '{service} lists no episodes for this work yet (movies and some specials have none). You can still set its status with `/status`.',
  'empty.records': 'Nobody has recorded this yet. Be the first with `/record post`.',
  'empty.library':
    'No works here yet: your library lists the works you gave a watch status. Find one with `/work search`, then set it with `/status`.',
  'empty.schedule':
    'Nothing airs in this window. Your schedule shows only works you marked Plan to Watch or Watching: mark some with `/status`.',
  'empty.feed':
    'No activity yet from the people you follow on {service}. Look someone up with `/user profile` and follow them on {service}.',
  'empty.people': 'No person matches this name. Try the name in kana or another spelling with `/people`.',
  'empty.users': 'Nobody here yet. Look someone up with `/user profile`.',
  'empty.activities':
    'No activity yet. Records show up here once an episode is recorded with `/record post`.',
} as const;

export type ListMessages = CatalogueOf<typeof listsEn>;
