/**
 * English texts of works, their episodes, cast and staff, and a fan’s progress through them: `/work`,
 * `/people` and the Look up anime app. Spread into the English catalogue (en.ts); the Japanese ones are in
 * works-ja.ts.
 */
import type { CatalogueOf } from '../catalogue-types.js';

export const worksEn = {
  // works
  'work.searchTitle': (p: { query: string }) => (p.query ? `Works matching “${p.query}”` : 'Works'),
  'work.season': 'Season',
  'work.noSeason': 'No season',
  'work.media': 'Media',
  'work.episodes': 'Episodes',
  'work.watchers': 'Watchers',
  'work.released': 'Released',
  'work.firstAired': 'First aired',
  'work.onSale': 'On sale',
  'work.links': 'Links',
  'work.officialSite': 'Official site',
  'work.wikipedia': 'Wikipedia',
  'work.showEpisodes': 'Episodes',
  'work.setStatusPlaceholder': 'Set your watch status…',
  'work.untitled': '(untitled)',
  'work.nextEpisode': 'Your next episode',
  'work.nextEpisodeAt': (p: { episode: string; when: string; channel: string }) =>
    `${p.episode} · ${p.when}${p.channel}`,
  'work.links.official': 'Official site',
  'work.links.mal': 'MyAnimeList',
  'work.links.syobocal': 'Syobocal',
  'work.links.wikipedia': 'Wikipedia',
  'work.noEpisodesTitle': 'No episodes',
  'work.noEpisodesReview':
    '{service} lists no episodes for this work (a film, for instance): rate the whole work with `/review post`.',

  // episodes
  'episode.listTitle': (p: { title: string }) => `Episodes of ${p.title}`,
  'episode.number': (p: { number: string }) => `Ep ${p.number}`,
  'episode.unnumbered': 'Unnumbered episode',
  'episode.untitled': '(no title)',
  'episode.records': 'Records',
  'episode.comments': 'Comments',
  'episode.previous': 'Previous episode',
  'episode.next': 'Next episode',
  'episode.recordButton': (p: { episode: string }) => `Record ${p.episode}`,
  'episode.run': (p: { from: string; to: string }) => `Ep ${p.from}–${p.to}`,

  // your progress through a work
  'progress.backlogTitle': (p: { count: string }) => `Aired, not yet recorded by you (${p.count})`,
  'progress.backlogMore': (p: { episodes: string }) => `${p.episodes} …`,
  'progress.reviewsTitle': 'Reviews',
  'progress.left': (p: { count: string }) => `${p.count} aired not recorded`,

  // cast and staff
  'people.title': (p: { query: string }) => `People matching “${p.query}”`,
  'people.casts': 'Casts',
  'people.staffs': 'Staff',
  'people.favorites': 'Favourites',
  'credits.button': 'Cast & staff',
  'credits.title': (p: { title: string }) => `Cast & staff: ${p.title}`,
  'credits.cast': 'Cast',
  'credits.staff': 'Staff',
  'credits.empty': '{service} lists no cast or staff for this work yet.',

  // the Look up anime app
  'lookup.empty': 'That message has no text to search for.',
  'lookup.title': (p: { query: string }) => `Works matching “${p.query}”`,
  'lookup.none': (p: { query: string }) => `No work matches “${p.query}”.`,
} as const;

export type WorksMessages = CatalogueOf<typeof worksEn>;
