/**
 * A server's week from its members' weeks: totals over everyone, names only for members who share
 * their viewing record (`/account visibility`), the most-watched works, the mix of ratings and the
 * most-commented episode. Pure: the job fetches, this adds up, src/pictures draws.
 */
import type { WeeklySummary } from '../../pictures/index.js';
import type { WeekEpisode, WeekWork } from './member-week.js';
import { emptyWeek, type MemberWeek } from './member-week.js';

/** One member of the server and their week; `name` only when they share their viewing record. */
export interface CountedMember {
  name?: string | undefined;
  week: MemberWeek;
}

export interface SummaryFrame {
  server: string;
  week: { start: string; end: string };
}

/** Works in the picture, most-watched first. */
const TOP_WORKS = 5;

interface WorkTotal extends WeekWork {
  members: number;
}

function topWorks(members: readonly CountedMember[]): WorkTotal[] {
  const byId = new Map<number, WorkTotal>();
  for (const { week } of members)
    for (const work of week.works) {
      const total = byId.get(work.id);
      if (total) {
        total.episodes += work.episodes;
        total.members += 1;
      } else byId.set(work.id, { ...work, members: 1 });
    }
  // Ties: more members first, then the title, so that the same week always draws the same picture.
  return [...byId.values()]
    .sort((a, b) => b.episodes - a.episodes || b.members - a.members || a.title.localeCompare(b.title))
    .slice(0, TOP_WORKS);
}

function mostCommented(members: readonly CountedMember[]): WeekEpisode | undefined {
  const byId = new Map<number, WeekEpisode>();
  for (const { week } of members)
    for (const episode of week.commented) {
      const total = byId.get(episode.id);
      if (total) total.comments += episode.comments;
      else byId.set(episode.id, { ...episode });
    }
  return [...byId.values()].sort((a, b) => b.comments - a.comments || a.id - b.id)[0];
}

export function summarize(frame: SummaryFrame, members: readonly CountedMember[]): WeeklySummary {
  const ratings = emptyWeek().ratings;
  let episodes = 0;
  for (const { week } of members) {
    episodes += week.episodes;
    for (const state of Object.keys(ratings) as Array<keyof typeof ratings>)
      ratings[state] += week.ratings[state];
  }
  const sharers = members
    .filter((member): member is CountedMember & { name: string } => !!member.name && member.week.episodes > 0)
    .map((member) => ({ name: member.name, episodes: member.week.episodes }))
    .sort((a, b) => b.episodes - a.episodes || a.name.localeCompare(b.name));
  const commented = mostCommented(members);
  return {
    server: { name: frame.server },
    week: frame.week,
    totals: { episodes, members: members.filter((member) => member.week.episodes > 0).length },
    sharers,
    topWorks: topWorks(members).map((work) => ({
      title: work.title,
      titleEn: work.titleEn,
      coverUrl: work.coverUrl,
      episodes: work.episodes,
      members: work.members,
    })),
    ratings,
    mostCommented: commented
      ? {
          work: commented.work,
          episode: { number: commented.number, numberText: commented.numberText, title: commented.title },
          comments: commented.comments,
        }
      : null,
  };
}
