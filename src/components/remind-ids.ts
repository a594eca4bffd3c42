/**
 * The reminder DM's Stop button: built by the reminders job (src/jobs/broadcasts/reminders.ts), answered by
 * /remind (commands/remind/index.ts); both import this module so the id cannot drift apart.
 */
import type { CommandName } from './command-names.js';
import { customIds } from './custom-id.js';

/** The command whose `components` answer the Stop button, and its action segment. */
export const REMIND_COMMAND = 'remind' satisfies CommandName;
/** The Stop button's id carries the person it was sent to. */
export const remindIds = customIds(REMIND_COMMAND, { stop: ['user'] });
export const REMIND_STOP = remindIds.stop.action;

export function stopButtonId(discordUserId: string): string {
  return remindIds.stop.build(discordUserId);
}
