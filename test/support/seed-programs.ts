/** The demo seed's program of a work's episode on a channel (airing posts and alerts in e2e suites). */
import type { EmulatorData } from '../fakes/emulator/data.js';

export function seedProgram(data: EmulatorData, workId: number, channelId: number, number: number) {
  const episodeId = data.episodesOfWork(workId).find((e) => e.number === number)?.id;
  const found = [...data.programs.values()].find(
    (p) => p.workId === workId && p.channelId === channelId && p.episodeId === episodeId,
  );
  if (!found) throw new Error('seed program missing');
  return found;
}
