/**
 * English texts of the daily viewing loop (issue 26): `/watch`, recording the next episode, channels
 * that follow chosen works, DM reminders and `/work info`'s extras. Spread into the English
 * catalogue (en.ts); the Japanese ones are in viewing-ja.ts.
 */
import type { CatalogueOf } from '../catalogue-types.js';

export const viewingEn = {
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
  'episode.run': (p: { from: string; to: string }) => `Ep ${p.from}–${p.to}`,

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

  'subscription.kind.airing': 'airing',
  'airing.created': (p: { id: string; channel: string; work: string; count: number }) =>
    `${p.channel} will get a post when each new episode of **${p.work}** first airs (subscription \`${p.id}\`, ${p.count} ${p.count === 1 ? 'work' : 'works'}).`,
  'airing.alreadyFollowed': (p: { work: string; channel: string }) =>
    `${p.channel} already gets posts for **${p.work}**.`,
  'airing.cap': (p: { max: number }) =>
    `This channel already gets posts for ${p.max} works, the most one channel can. Remove one first.`,
  'airing.notWatched': (p: { work: string }) =>
    `**${p.work}** is not on your Watching or Plan to Watch list, so {service} has no programs of it for you. Set its status with \`/status\` first.`,
  'airing.title': (p: { work: string }) => `Now airing: ${p.work}`,
  'airing.follows': (p: { works: string }) => `new episodes of ${p.works}`,
  'airing.removedWork': (p: { work: string; id: string }) =>
    `Subscription \`${p.id}\` no longer posts for **${p.work}**.`,
  'airing.notFollowed': (p: { id: string }) => `Subscription \`${p.id}\` does not post for that work.`,

  'remind.on': (p: { minutes: number }) =>
    `Reminders on: a DM ${p.minutes} min before each of your programs first airs. \`/remind minutes:0\` or the Stop button turns them off.`,
  'remind.off': 'Reminders off.',
  'remind.alreadyOff': 'Reminders were already off.',
  'remind.content': (p: { title: string; when: string }) => `${p.title} starts ${p.when}`,
  'remind.stopButton': 'Stop reminders',
  'remind.stopped': 'Reminders stopped. Turn them on again with `/remind`.',

  'work.nextEpisode': 'Your next episode',
  'work.nextEpisodeAt': (p: { episode: string; when: string; channel: string }) =>
    `${p.episode} · ${p.when}${p.channel}`,
  'work.links.official': 'Official site',
  'work.links.mal': 'MyAnimeList',
  'work.links.syobocal': 'Syobocal',
  'work.links.wikipedia': 'Wikipedia',
} as const;

export type ViewingMessages = CatalogueOf<typeof viewingEn>;
