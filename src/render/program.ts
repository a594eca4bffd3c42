import type { Translator } from '../i18n/translator.js';
import type { Program } from '../service/index.js';
import { discordTime, episodeNumber, plain, workTitle } from './format.js';

/** The fields a schedule line renders. */
export const PROGRAM_FIELDS = [
  'id',
  'started_at',
  'is_rebroadcast',
  'channel.name',
  'work.id',
  'work.title',
  'episode.id',
  'episode.number',
  'episode.number_text',
  'episode.title',
];

export function programLine(program: Program, t: Translator): string {
  const when = `${discordTime(program.started_at, 'f')} (${discordTime(program.started_at, 'R')})`;
  const episode = program.episode?.id ? ` ${plain(episodeNumber(program.episode, t))}` : '';
  const channel = program.channel?.name ? ` · ${plain(program.channel.name)}` : '';
  const rebroadcast = program.is_rebroadcast ? ` · ${t('schedule.rebroadcast')}` : '';
  return `${when}${channel}\n**${plain(workTitle(program.work, t))}**${episode}${rebroadcast}`;
}
