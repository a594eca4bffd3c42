/** The demo data set: the ids and credentials tests name (seed-ids.ts), and seedDemo, which fills the emulator. */
import type { EmulatorData } from './data.js';
import { seedPeople, seedWorks } from './seed-catalogue.js';
import { seedCredits } from './seed-credits.js';
import { seedChosenChannels, seedDatedReviews, seedHistory, seedPrograms } from './seed-history.js';
import { seedUsers } from './seed-users.js';

export {
  DEMO_CHANNELS,
  DEMO_GINGA,
  DEMO_OAUTH_CLIENT,
  DEMO_PEOPLE,
  DEMO_STUDIOS,
  DEMO_TOKENS,
  DEMO_USERS,
  DEMO_WORKS,
} from './seed-ids.js';

/** The demo data set; everything relative to now comes from data.now() at seeding time. */
export function seedDemo(data: EmulatorData): void {
  const now = data.now();
  seedUsers(data);
  seedWorks(data);
  seedPeople(data);
  seedCredits(data);
  seedHistory(data, now);
  seedDatedReviews(data, now);
  seedPrograms(data, now);
  seedChosenChannels(data);
}
