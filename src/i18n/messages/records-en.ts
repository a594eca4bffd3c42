/**
 * English texts of keeping a record: recording, editing and deleting episode records (`/record`), and reviews
 * of whole works (`/review`). Spread into the English catalogue (en.ts); the Japanese ones are in
 * records-ja.ts.
 */
import type { CatalogueOf } from '../catalogue-types.js';

export const recordsEn = {
  // episode records
  'record.listTitleFor': (p: { title: string }) => `Records of ${p.title}`,
  'record.rating': 'Rating',
  'record.by': (p: { username: string }) => `by ${p.username}`,
  'record.edited': 'Your record was updated.',
  'record.editedNamed': (p: { what: string }) => `Updated your record of **${p.what}**.`,
  'record.notYours':
    'You have no record with that id on {service}. Pick one of your records from the list as you type.',
  'record.nothingToEdit': 'Nothing to change: give a new rating, comment or share option.',
  'record.deleteButton': 'Delete',
  'record.deleted': 'Your record was deleted.',
  'record.deleteConfirmNamed': (p: { what: string }) =>
    `Delete your record of **${p.what}**? This cannot be undone.`,
  'record.recordedNext': (p: { episode: string }) =>
    `Recorded the next episode you had not recorded: **${p.episode}**.`,
  'record.whichEpisode':
    'kiroku could not tell which episode is next for you (no unrecorded episodes on your schedule and none of this work in your recent activity). Give the `episode` option.',
  'record.throughRecorded': (p: { episodes: string; count: number }) =>
    `Recorded ${p.count === 1 ? 'one episode' : `${p.count} episodes`} on {service}: **${p.episodes}**.`,
  'record.throughExtrasOn': (p: { episode: string }) =>
    `Your rating, comment and shares went on ${p.episode} only.`,
  'record.throughExtrasLost':
    'Your rating, comment and shares were for the last episode, which was not recorded: they were not saved.',
  'record.throughSkipped': (p: { episodes: string }) => `Already on your record, so left out: ${p.episodes}.`,
  'record.throughNotRecorded': (p: { episodes: string; reason: string }) =>
    `**Not recorded: ${p.episodes}.**\n${p.reason}`,
  'record.throughNothing': (p: { episodes: string }) =>
    `Nothing to record: ${p.episodes} are already on your record.`,
  'record.throughTooMany': (p: { count: number; max: number }) =>
    `That is ${p.count} episodes, and kiroku records at most ${p.max} at once. Give a nearer \`through\`, then record the rest.`,
  'record.throughMissing': (p: { number: number }) => `This work has no episode ${p.number} on {service}.`,
  'record.throughBefore': (p: { episode: string }) =>
    `\`through\` comes before ${p.episode}, where recording would start.`,
  'record.noEpisodesReview':
    '{service} lists no episodes for this work (a film, for instance), so there is no episode to record: rate the whole work with `/review post`.',

  // reviews
  'review.overall': 'Overall',
  'review.animation': 'Animation',
  'review.music': 'Music',
  'review.story': 'Story',
  'review.character': 'Character',
  'review.link': 'Reviews of this work',
  'review.modalTitle': (p: { title: string }) => `Review: ${p.title}`,
  'review.modalTitlePlain': 'Your review',
  'review.bodyLabel': 'Your review (shown behind a spoiler)',
  'review.bodyPlaceholder': 'What you thought of the whole work',
  'review.editBodyLabel': 'Your review (empty: keep the current text)',
  'review.posted': (p: { title: string }) => `Posted your review of **${p.title}**.`,
  'review.edited': (p: { title: string }) => `Updated your review of **${p.title}**.`,
  'review.deleteConfirm': (p: { title: string }) =>
    `Delete your review of **${p.title}**? This cannot be undone.`,
  'review.deleteButton': 'Delete review',
  'review.deleted': (p: { title: string }) => `Deleted your review of **${p.title}**.`,
  'review.notFound':
    'kiroku could not find that review among yours. Pick one from the list that opens as you type in `review`.',
  'review.emptyBody':
    'A review needs some words: nothing was posted. Run `/review post` again and write a line or more.',
  'review.workTooLong':
    'That title is too long to carry to the review form: pick the work from the list instead.',
  'review.choice': (p: { title: string; rating: string; when: string }) =>
    `${p.title} · ${p.rating} · ${p.when}`,
} as const;

export type RecordMessages = CatalogueOf<typeof recordsEn>;
