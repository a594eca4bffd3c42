/** The airing alert: the program, a "Watched" button and a rating select (handled by /subscription). */
import {
  type APIActionRowComponent,
  type APIComponentInMessageActionRow,
  ButtonStyle,
  ComponentType,
} from 'discord-api-types/v10';
import { RATING_VALUES, rateSelectId, watchedButtonId } from '../components/alert-ids.js';
import type { Translator } from '../i18n/translator.js';
import { LIMITS, ratingStateText, truncate } from '../render/format.js';
import { programLine } from '../render/program.js';
import type { Program } from '../service/index.js';
import type { OutgoingMessage } from './poster.js';

const ALERT_COLOR = 0xef4444;

function controls(
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
          label: t('jobs.alert.watched'),
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
          options: RATING_VALUES.map((value) => ({
            value,
            label: ratingStateText(value, t) ?? t('jobs.alert.rateNone'),
          })),
        },
      ],
    },
  ];
}

/** `minutes`: how long until the program starts, as the alert text says it. */
export function alertMessage(program: Program, minutes: number, t: Translator): OutgoingMessage {
  const episodeId = program.episode?.id;
  return {
    embeds: [
      {
        title: truncate(t('jobs.alert.title', { minutes }), LIMITS.title),
        description: truncate(programLine(program, t), LIMITS.description),
        color: ALERT_COLOR,
        ...(program.started_at ? { timestamp: program.started_at } : {}),
      },
    ],
    // Without an episode there is nothing to record.
    ...(typeof episodeId === 'number' ? { components: controls(episodeId, t) } : {}),
  };
}
