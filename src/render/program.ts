import type { Translator } from '../i18n/translator.js';
import type { Program } from '../service/index.js';
import { type BroadcastTime, clockText } from './broadcast-day.js';
import { discordTime, plain } from './format.js';
import { localEpisodeNumber, localTitle, WORK_EPISODE_FIELDS } from './names.js';

/** The fields a schedule line renders. */
export const PROGRAM_FIELDS = ['id', 'started_at', 'is_rebroadcast', 'channel.name', ...WORK_EPISODE_FIELDS];

/** A program after its time: ` · channel`, then the work, episode and rebroadcast mark on a line of their own. */
function programRest(program: Program, t: Translator): string {
  const episode = program.episode?.id ? ` ${plain(localEpisodeNumber(program.episode, t))}` : '';
  const channel = program.channel?.name ? ` · ${plain(program.channel.name)}` : '';
  const rebroadcast = program.is_rebroadcast ? ` · ${t('schedule.rebroadcast')}` : '';
  return `${channel}\n**${plain(localTitle(program.work, t))}**${episode}${rebroadcast}`;
}

export function programLine(program: Program, t: Translator): string {
  const when = `${discordTime(program.started_at, 'f')} (${discordTime(program.started_at, 'R')})`;
  return `${when}${programRest(program, t)}`;
}

/**
 * A program at its broadcast-day time in the digest's zone, as Japanese listings write it (`25:30`,
 * under the day headings of that zone), with a live countdown beside it ("in 3 hours"): true for
 * every reader, where the reader's own clock time repeated the zone's ("22:00 (22:00)") for those in it.
 */
export function broadcastProgramLine(program: Program, time: BroadcastTime, t: Translator): string {
  return `${clockText(time)} (${discordTime(program.started_at, 'R')})${programRest(program, t)}`;
}
