/**
 * The service's rule for `me/programs` with `filter_unwatched=true` (its `UserSlotsQuery`): only the
 * programs of the broadcast channel each library entry chose (an entry with no chosen channel
 * contributes nothing), only episodes the caller has not recorded, and, once the caller has
 * recorded anything at all, no programs without an episode (an SQL `NOT IN` over recorded ids).
 */
import type { EmulatorData } from './data.js';
import type { ProgramRow } from './model.js';

export function inUnwatchedBacklog(data: EmulatorData, program: ProgramRow, userId: number): boolean {
  if (data.chosenChannels.get(userId)?.get(program.workId) !== program.channelId) return false;
  if (program.episodeId === null) return data.recordsByUser.ids(userId).size === 0;
  return !data.isProgramWatched(program, userId);
}

/** Chooses (or with null clears) the broadcast channel of a user's library entry for a work. */
export function chooseChannel(data: EmulatorData, userId: number, workId: number, channelId: number | null) {
  let byWork = data.chosenChannels.get(userId);
  if (!byWork) {
    byWork = new Map();
    data.chosenChannels.set(userId, byWork);
  }
  if (channelId === null) byWork.delete(workId);
  else byWork.set(workId, channelId);
}
