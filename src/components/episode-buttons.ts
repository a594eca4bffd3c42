/**
 * Buttons under an episode (episode info, a record post): the previous and next episodes, and
 * "Record Ep N". Previous/next open that episode privately (`episode:show:<work>:<episode>`,
 * answered by /episode); recording reuses the airing alert's button (one claim per person and
 * episode, answered by /subscription), so one episode is recorded once however it was pressed.
 */
import { ButtonStyle, ComponentType } from 'discord-api-types/v10';
import type { Translator } from '../i18n/translator.js';
import { fitText } from '../render/fit.js';
import { localEpisodeNumber } from '../render/names.js';
import type { Episode } from '../service/index.js';
import { watchedButtonId } from './alert-ids.js';
import type { CommandName } from './command-names.js';
import { customIds } from './custom-id.js';
import type { MessageComponents } from './message-components.js';

export const EPISODE_COMMAND = 'episode' satisfies CommandName;
/** Previous/next buttons carry the work and the episode; the list's "Open…" menu the work (its value, the episode). */
export const episodeIds = customIds(EPISODE_COMMAND, { show: ['workId', 'episodeId'], open: ['workId'] });
/** Discord's limit on a button label. */
const LABEL_MAX = 80;

type Neighbour = Partial<Pick<Episode, 'id' | 'number' | 'number_text'>>;

function showEpisodeId(workId: number, episodeId: number): string {
  return episodeIds.show.build(workId, episodeId);
}

/** The service's episode text (any emoji, any length) cut between whole characters, within the limit. */
function label(text: string): string {
  return fitText(text, LABEL_MAX);
}

export function episodeButtons(
  workId: number,
  episode: Pick<Episode, 'id'> &
    Neighbour & { prev_episode?: Neighbour | null; next_episode?: Neighbour | null },
  t: Translator,
): MessageComponents {
  const buttons = [];
  const prev = episode.prev_episode;
  if (prev?.id)
    buttons.push({
      type: ComponentType.Button as const,
      style: ButtonStyle.Secondary as const,
      label: label(`◀ ${t('episode.previous')}: ${localEpisodeNumber(prev, t)}`),
      custom_id: showEpisodeId(workId, prev.id),
    });
  buttons.push({
    type: ComponentType.Button as const,
    style: ButtonStyle.Success as const,
    label: label(t('episode.recordButton', { episode: localEpisodeNumber(episode, t) })),
    custom_id: watchedButtonId(episode.id),
  });
  const next = episode.next_episode;
  if (next?.id)
    buttons.push({
      type: ComponentType.Button as const,
      style: ButtonStyle.Secondary as const,
      label: label(`${t('episode.next')}: ${localEpisodeNumber(next, t)} ▶`),
      custom_id: showEpisodeId(workId, next.id),
    });
  return [{ type: ComponentType.ActionRow, components: buttons }];
}
