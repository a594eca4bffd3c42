/**
 * The Comments button beside a post's Record button (airing posts and alerts of subscriptions with
 * `comments`): it opens, or joins, the episode's thread (commands/subscription/comments-button.ts).
 */
import {
  type APIActionRowComponent,
  type APIComponentInMessageActionRow,
  ButtonStyle,
  ComponentType,
} from 'discord-api-types/v10';
import { commentsButtonId } from '../../components/alert-ids.js';
import type { Translator } from '../../i18n/translator.js';

type Rows = Array<APIActionRowComponent<APIComponentInMessageActionRow>>;

/** The rows with the Comments button added to the first (the Record button's row). */
export function withComments(rows: Rows, episodeId: number, t: Translator): Rows {
  const [first, ...rest] = rows;
  if (!first) return rows;
  const comments = {
    type: ComponentType.Button,
    style: ButtonStyle.Secondary,
    custom_id: commentsButtonId(episodeId),
    label: t('verdict.commentsButton'),
  } as const;
  return [{ ...first, components: [...first.components, comments] }, ...rest];
}
