/**
 * The post of an airing subscription when an episode of a followed work first airs: the program,
 * a Record button named for the episode and the rating menu. Both record for whoever presses them,
 * with their own link (answered by /subscription, like the alerts: components/alert-ids.ts).
 */
import {
  type APIActionRowComponent,
  type APIComponentInMessageActionRow,
  ButtonStyle,
  ComponentType,
} from 'discord-api-types/v10';
import { RATING_MENU, rateSelectId, watchedButtonId } from '../../components/alert-ids.js';
import type { Translator } from '../../i18n/translator.js';
import { coverUrl, LIMITS, ratingStateText, truncate } from '../../render/format.js';
import { localTitle } from '../../render/names.js';
import { programLine } from '../../render/program.js';
import type { Program } from '../../service/index.js';
import { shortEpisode } from '../../viewing/episode-short.js';
import type { OutgoingMessage } from '../posting/poster.js';
import { programLink } from './alert-message.js';
import { withComments } from './comments-row.js';

const AIRING_COLOR = 0x22c55e;

export function recordControls(
  episode: { id: number; number?: number | null; number_text?: string | null },
  t: Translator,
): Array<APIActionRowComponent<APIComponentInMessageActionRow>> {
  const label = shortEpisode({ number: episode.number, numberText: episode.number_text }, t);
  return [
    {
      type: ComponentType.ActionRow,
      components: [
        {
          type: ComponentType.Button,
          style: ButtonStyle.Success,
          custom_id: watchedButtonId(episode.id),
          label: truncate(t('watch.recordButton', { episode: label }), 80),
        },
      ],
    },
    {
      type: ComponentType.ActionRow,
      components: [
        {
          type: ComponentType.StringSelect,
          custom_id: rateSelectId(episode.id),
          placeholder: truncate(t('watch.ratePlaceholder', { episode: label }), 150),
          min_values: 1,
          max_values: 1,
          options: RATING_MENU.map((value) => ({ value, label: ratingStateText(value, t) ?? value })),
        },
      ],
    },
  ];
}

/** Only programs with an episode are announced (airing-posts.ts), so the controls are always there. */
export function airingMessage(
  program: Program & { episode: { id: number } },
  t: Translator,
  options: { comments?: boolean } = {},
): OutgoingMessage {
  const url = programLink(program, t);
  const cover = coverUrl(program.work);
  return {
    embeds: [
      {
        title: truncate(t('airing.title', { work: localTitle(program.work, t) }), LIMITS.title),
        ...(url ? { url } : {}),
        description: truncate(programLine(program, t), LIMITS.description),
        color: AIRING_COLOR,
        ...(cover ? { thumbnail: { url: cover } } : {}),
        ...(program.started_at ? { timestamp: program.started_at } : {}),
      },
    ],
    components: options.comments
      ? withComments(recordControls(program.episode, t), program.episode.id, t)
      : recordControls(program.episode, t),
  };
}
