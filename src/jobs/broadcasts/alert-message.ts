/**
 * The airing alert: the work and episode (linked to the episode's page), "starts <in 15 minutes> ·
 * channel", the cover, a "Record ep N" button and a rating select (handled by /subscription). The
 * relative time stays true after the program has started, unlike a fixed "in 15 min".
 */
import {
  type APIActionRowComponent,
  type APIComponentInMessageActionRow,
  type APIEmbed,
  ButtonStyle,
  ComponentType,
} from 'discord-api-types/v10';
import { RATING_MENU, rateSelectId, watchedButtonId } from '../../components/alert-ids.js';
import type { Translator } from '../../i18n/translator.js';
import { episodeUrl } from '../../render/episode.js';
import { coverUrl, discordTime, LIMITS, plain, ratingStateText, truncate } from '../../render/format.js';
import { localEpisodeLabel, localTitle } from '../../render/names.js';
import { workUrl } from '../../render/work.js';
import type { Program } from '../../service/index.js';
import type { OutgoingMessage } from '../posting/poster.js';
import { withComments } from './comments-row.js';

const ALERT_COLOR = 0xef4444;

/** "Record ep 5" / 「第5話を記録」; "Record episode" for an episode without a number. */
function recordLabel(episode: Program['episode'], t: Translator): string {
  const number = episode?.number;
  return typeof number === 'number' && Number.isFinite(number)
    ? t('jobs.alert.record', { number: String(number) })
    : t('jobs.alert.watched');
}

function controls(
  program: Program,
  episodeId: number,
  t: Translator,
): Array<APIActionRowComponent<APIComponentInMessageActionRow>> {
  return [
    {
      type: ComponentType.ActionRow,
      components: [
        {
          type: ComponentType.Button,
          style: ButtonStyle.Success,
          custom_id: watchedButtonId(episodeId),
          label: recordLabel(program.episode, t),
        },
      ],
    },
    {
      type: ComponentType.ActionRow,
      components: [
        {
          type: ComponentType.StringSelect,
          custom_id: rateSelectId(episodeId),
          placeholder: t('jobs.alert.ratePlaceholder'),
          min_values: 1,
          max_values: 1,
          options: RATING_MENU.map((value) => ({ value, label: ratingStateText(value, t) ?? value })),
        },
      ],
    },
  ];
}

/** The program's page on the service (its episode's, else its work's), on the configured site. */
export function programLink(program: Program, t: Translator): string | undefined {
  const workId = program.work?.id;
  if (typeof workId !== 'number') return undefined;
  const episodeId = program.episode?.id;
  return typeof episodeId === 'number' ? episodeUrl(workId, episodeId, t) : workUrl(workId, t);
}

/** "Frieren Ep 5 Title": the work and, when the program has one, its episode. */
export function programTitle(program: Program): (t: Translator) => string {
  return (t) =>
    [localTitle(program.work, t), program.episode?.id ? localEpisodeLabel(program.episode, t) : '']
      .filter(Boolean)
      .join(' ');
}

/**
 * The embed of a program about to start (alerts and DM reminders): the work and episode linked to
 * their page, a live countdown ("starts in 15 minutes", which stays true after it has started), the
 * channel and the cover.
 */
export function upcomingProgramEmbed(program: Program, t: Translator, color: number = ALERT_COLOR): APIEmbed {
  const time = discordTime(program.started_at, 'R');
  const channel = program.channel?.name ? plain(program.channel.name) : '';
  const url = programLink(program, t);
  const cover = coverUrl(program.work);
  return {
    title: truncate(programTitle(program)(t), LIMITS.title),
    ...(url ? { url } : {}),
    description: truncate(
      channel ? t('jobs.alert.starts', { time, channel }) : t('jobs.alert.startsNoChannel', { time }),
      LIMITS.description,
    ),
    color,
    ...(cover ? { thumbnail: { url: cover } } : {}),
    ...(program.started_at ? { timestamp: program.started_at } : {}),
  };
}

/** `comments`: the subscription asked for the Comments button (the episode's thread). */
export function alertMessage(
  program: Program,
  t: Translator,
  options: { comments?: boolean } = {},
): OutgoingMessage {
  const episodeId = program.episode?.id;
  if (typeof episodeId !== 'number') return { embeds: [upcomingProgramEmbed(program, t)] };
  // Without an episode there is nothing to record (nor a thread to open).
  const rows = controls(program, episodeId, t);
  return {
    embeds: [upcomingProgramEmbed(program, t)],
    components: options.comments ? withComments(rows, episodeId, t) : rows,
  };
}
