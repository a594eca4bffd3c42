/** English texts of `/compare` and the **Compare viewing** context menu. Spread into the English catalogue. */
import type { CatalogueOf } from '../catalogue-types.js';

export const compareEn = {
  'compare.title': (p: { member: string; season: string }) => `You and ${p.member} · ${p.season}`,
  'compare.allTime': 'All time',
  'compare.both': (p: { count: string }) => `Both watched (${p.count})`,
  'compare.onlyMine': (p: { count: string }) => `Only you (${p.count})`,
  'compare.onlyTheirs': (p: { member: string; count: string }) => `Only ${p.member} (${p.count})`,
  'compare.theirGreat': (p: { member: string; count: string }) =>
    `${p.member} rated Great, not on your list (${p.count})`,
  'compare.agreement': (p: { agreed: string; rated: string; percent: string }) =>
    `Your ratings agree on **${p.agreed}** of the ${p.rated} works you both rated (**${p.percent}%**).`,
  'compare.noAgreement': 'No work is rated by both of you yet, so there is no agreement to show.',
  'compare.none': 'None.',
  'compare.truncated': (p: { count: string }) => `Counted from each of your latest ${p.count} activities.`,
  'compare.openBoth': 'Both watched',
  'compare.openMine': 'Only you',
  'compare.openTheirs': (p: { member: string }) => `Only ${p.member}`,
  'compare.openGreat': (p: { member: string }) => `${p.member}’s Great`,
  'compare.want': (p: { title: string }) => `Plan to Watch: ${p.title}`,
  'compare.notYours':
    'Only the person who asked for this comparison can add these to their list: run `/compare` to get your own.',
  'compare.notShared': (p: { user: string }) =>
    `${p.user} has not shared their viewing record, so there is nothing to compare with (people link an account and share it with \`/account visibility\`).`,
  'compare.self': 'Pick someone else: a comparison needs two people.',
} as const;

export type CompareMessages = CatalogueOf<typeof compareEn>;
