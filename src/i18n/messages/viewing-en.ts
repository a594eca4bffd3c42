/**
 * English texts of your own viewing: `/watch`, `/library`, `/schedule`, `/feed` and DM reminders (`/remind`).
 * Spread into the English catalogue (en.ts); the Japanese ones are in viewing-ja.ts.
 */
import type { CatalogueOf } from '../catalogue-types.js';

export const viewingEn = {
  // `/watch`
  'watch.title': 'To watch',
  'watch.countLine': (p: { work: string; count: number }) => `**${p.work}**: ${p.count} to watch`,
  'watch.recordButton': (p: { episode: string }) => `Record ${p.episode}`,
  'watch.episodeShort': (p: { number: string }) => `ep ${p.number}`,
  'watch.commentButton': 'Comment',
  'watch.rateButton': (p: { episode: string }) => `Rate ${p.episode}…`,
  'watch.backButton': 'Back to the list',
  'watch.ratePlaceholder': (p: { episode: string }) => `Record ${p.episode} with a rating`,
  'watch.commentTitle': (p: { episode: string }) => `Comment on ${p.episode}`,
  'watch.commentLabel': 'Your comment (shown behind a spoiler)',
  'watch.recorded': (p: { episode: string }) => `Recorded **${p.episode}**. Undo within a minute.`,
  'watch.undoButton': (p: { episode: string }) => `Undo ${p.episode}`,
  'watch.undone': (p: { episode: string }) => `Record of **${p.episode}** removed; it is back in the list.`,
  'watch.undoTooLate': 'Undo is only possible within a minute. Use `/record delete` instead.',
  'watch.gone': 'That episode is no longer in this list.',
  'watch.allDone': 'Nothing left to watch in this list. Well done!',
  'watch.empty': (p: { url: string }) =>
    [
      'Nothing to watch: no aired episode is waiting for a record.',
      'If you expected some, the usual causes are:',
      '• no work is marked **Watching** (use `/status`), or',
      `• no broadcast channel is chosen for your works on {service}; its backlog lists only the channel you chose. Choose it on your Watching list on {service}: ${p.url}`,
    ].join('\n'),

  // `/library`, `/schedule`, `/feed`
  'library.title': 'Your library',
  'schedule.title': (p: { hours: number }) => `Your schedule: next ${p.hours} h`,
  'schedule.rebroadcast': 'rebroadcast',
  'feed.title': 'Your timeline',

  // DM reminders
  'remind.on': (p: { minutes: number }) =>
    `Reminders on: a DM ${p.minutes} min before each of your programs first airs. \`/remind minutes:0\` or the Stop button turns them off.`,
  'remind.off': 'Reminders off.',
  'remind.alreadyOff': 'Reminders were already off.',
  'remind.content': (p: { title: string; when: string }) => `${p.title} starts ${p.when}`,
  'remind.stopButton': 'Stop reminders',
  'remind.stopped': 'Reminders stopped. Turn them on again with `/remind`.',
} as const;

export type ViewingMessages = CatalogueOf<typeof viewingEn>;
