/**
 * English texts of a server's verdict on an episode (the line on airing posts and alerts).
 * Spread into the English catalogue.
 */
import type { CatalogueOf } from '../catalogue-types.js';

export const verdictEn = {
  'verdict.watched': (p: { count: string }) => `**${p.count}** of the server watched`,
  'verdict.rating': (p: { rating: string; count: string }) => `${p.rating} ${p.count}`,
  'verdict.names': (p: { names: string }) => `Watched: ${p.names}`,
  'verdict.namesMore': (p: { names: string; more: string }) => `Watched: ${p.names} and ${p.more} more`,
  'verdict.commentsButton': 'Comments',
  'verdict.comment': (p: { name: string; comment: string }) => `**${p.name}**: ||${p.comment}||`,
  'verdict.threadName': (p: { title: string }) => `${p.title} · comments`,
  'verdict.commentsOpened': (p: { thread: string }) =>
    `Comments on this episode: ${p.thread}. Members’ comments from their records appear there behind spoilers (only of members who share their viewing record).`,
  'verdict.needsThreads':
    'I cannot open a comments thread here: give me Create Public Threads and Send Messages in Threads in this channel, then press again.',
  'verdict.commentsGone':
    'This post no longer has a comments thread (it is too old, or its channel stopped getting posts).',
  'verdict.commentsFailed': 'Discord did not open the thread just now. Press again in a moment.',
  'verdict.nameSeparator': ', ',
} as const;

export type VerdictMessages = CatalogueOf<typeof verdictEn>;
