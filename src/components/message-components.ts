/**
 * The rows of buttons and menus a message carries. Stated here, below the bot layer, because the
 * builders in this folder (episode buttons) and the handlers' reply types both name it.
 */
import type { APIActionRowComponent, APIComponentInMessageActionRow } from 'discord-api-types/v10';

export type MessageComponents = APIActionRowComponent<APIComponentInMessageActionRow>[];
