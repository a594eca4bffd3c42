/**
 * English texts of the pictures: the weekly server summary and the season card, drawn
 * and as their text alternative. Spread into the English catalogue (en.ts); the Japanese ones are
 * in pictures-ja.ts.
 */
const plural = (count: string, one: string, many: string) => (count === '1' ? one : many);

import type { CatalogueOf } from '../catalogue-types.js';

export const picturesEn = {
  'picture.footer': 'kiroku · viewing records from {service}',
  'picture.weekly.eyebrow': 'WEEKLY SUMMARY',
  'picture.weekly.episodesLabel': (p: { count: string }) =>
    plural(p.count, 'episode recorded', 'episodes recorded'),
  'picture.weekly.byMembers': (p: { count: string }) =>
    `by ${p.count} ${plural(p.count, 'member', 'members')}`,
  'picture.weekly.members': 'Who watched',
  'picture.weekly.others': (p: { episodes: string }) =>
    `Everyone else: ${p.episodes} ${plural(p.episodes, 'episode', 'episodes')}`,
  'picture.weekly.noSharers':
    'Members who share their viewing record (/account visibility) appear here by name.',
  'picture.weekly.ratings': 'Ratings',
  'picture.weekly.topWorks': 'Most watched this week',
  'picture.weekly.workStats': (p: { episodes: string; members: string }) =>
    `${p.episodes} ${plural(p.episodes, 'ep', 'eps')} · ${p.members} ${plural(p.members, 'member', 'members')}`,
  'picture.weekly.noWorks': 'Nothing was recorded this week.',
  'picture.weekly.mostCommented': 'Most commented',
  'picture.weekly.comments': (p: { count: string }) => `${p.count} ${plural(p.count, 'comment', 'comments')}`,
  'picture.season.eyebrow': 'SEASON CARD',
  'picture.season.episodes': 'Episodes recorded',
  'picture.season.finished': 'Works finished',
  'picture.season.completion': 'Completion',
  'picture.season.completionOf': (p: { finished: string; watched: string }) =>
    `${p.finished} of ${p.watched} works`,
  'picture.season.topRated': 'Top rated',
  'picture.season.noTopRated': 'No rated works this season yet.',
  'picture.season.share': 'Share in channel',
  'picture.season.notYours': 'Only the person this card belongs to can share it.',
  'picture.season.cannotShare':
    'kiroku cannot post pictures here (it needs View Channel, Send Messages and Attach Files). Share your card in another channel, or ask a server manager.',

  'picture.weekly.alt.title': (p: { server: string; week: string }) =>
    `Weekly summary of ${p.server}, ${p.week}.`,
  'picture.weekly.alt.total': (p: { episodes: string; members: string }) =>
    `${p.episodes} ${plural(p.episodes, 'episode', 'episodes')} recorded by ${p.members} ${plural(p.members, 'member', 'members')}.`,
  'picture.weekly.alt.members': (p: { list: string }) => `Who watched: ${p.list}.`,
  'picture.weekly.alt.member': (p: { name: string; episodes: string }) => `${p.name} ${p.episodes}`,
  'picture.weekly.alt.others': (p: { episodes: string }) => `everyone else ${p.episodes}`,
  'picture.weekly.alt.topWorks': (p: { list: string }) => `Most watched: ${p.list}.`,
  'picture.weekly.alt.work': (p: { title: string; episodes: string; members: string }) =>
    `${p.title} (${p.episodes} ${plural(p.episodes, 'episode', 'episodes')}, ${p.members} ${plural(p.members, 'member', 'members')})`,
  'picture.weekly.alt.ratings': (p: { list: string }) => `Ratings: ${p.list}.`,
  'picture.weekly.alt.mostCommented': (p: { work: string; episode: string; comments: string }) =>
    `Most commented: ${p.work} ${p.episode} (${p.comments} ${plural(p.comments, 'comment', 'comments')}).`,
  'picture.season.alt.title': (p: { user: string; season: string }) =>
    `${p.season} season card of ${p.user}.`,
  'picture.season.alt.stats': (p: { episodes: string; finished: string; watched: string; percent: string }) =>
    `${p.episodes} ${plural(p.episodes, 'episode', 'episodes')} recorded; ${p.finished} of ${p.watched} works finished (${p.percent}%).`,
  'picture.season.alt.topRated': (p: { list: string }) => `Top rated: ${p.list}.`,
  'picture.season.alt.work': (p: { title: string; rating: string }) => `${p.title} (${p.rating})`,
} as const;

export type PictureMessages = CatalogueOf<typeof picturesEn>;
