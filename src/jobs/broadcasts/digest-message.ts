/**
 * The daily digest post: one member's programs of the next 24 hours, titled with that member's
 * name. Both languages group programs by day under a heading and write each time short, with its
 * Discord timestamp beside it (so every reader also sees their own zone's time): Japanese digests
 * by broadcast day, late-night programs past 24:00 of the previous day (25:30); English ones by
 * calendar day (Wed, Nov 26 · 01:30).
 */
import type { Locale } from '../../i18n/locale.js';
import type { Translator } from '../../i18n/translator.js';
import { broadcastTime, DEFAULT_BROADCAST_DAY_START, japaneseDate } from '../../render/broadcast-day.js';
import { LIMITS, truncate } from '../../render/format.js';
import { broadcastProgramLine, programLine } from '../../render/program.js';
import { userUrl } from '../../render/user.js';
import type { Program } from '../../service/index.js';
import type { OutgoingMessage } from '../posting/poster.js';

export interface DigestInfo {
  localDate: string;
  timezone: string;
  at: Date;
  /** Language of the post (default English). */
  locale?: Locale;
  /** Minutes after midnight at which a broadcast day starts (Japanese digests; default 05:00). */
  broadcastDayStart?: number;
  /** Whose schedule it is (the owner's name on the service); the title names them. */
  owner?: string;
}

/** Built on the first digest, not at the start (the first date format loads ICU's data). */
let englishDay: Intl.DateTimeFormat | undefined;

/** A YYYY-MM-DD date as an English heading: `Wed, Nov 26`. */
function englishDate(date: string): string {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  englishDay ??= new Intl.DateTimeFormat('en-US', {
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    timeZone: 'UTC',
  });
  return englishDay.format(new Date(Date.UTC(year, month - 1, day)));
}

const DIGEST_COLOR = 0xf59e0b;

/** One block of text per program; a block opens with its day when the day changes. */
function programBlocks(programs: Program[], info: DigestInfo, t: Translator): string[] {
  const japanese = info.locale === 'ja';
  // English readers count days from midnight; Japanese listings from the broadcast day's start.
  const dayStart = japanese ? (info.broadcastDayStart ?? DEFAULT_BROADCAST_DAY_START) : 0;
  let day: string | undefined;
  return programs.map((program) => {
    const started = program.started_at ? new Date(program.started_at) : undefined;
    if (!started || Number.isNaN(started.getTime())) return programLine(program, t);
    const time = broadcastTime(started, info.timezone, dayStart);
    const date = japanese ? japaneseDate(time.date) : englishDate(time.date);
    const heading = time.date === day ? '' : `__**${date}**__\n`;
    day = time.date;
    return `${heading}${broadcastProgramLine(program, time, t)}`;
  });
}

/** The most one program's block may take, so that a page always shows programs, not only "…and N more". */
const ENTRY_ROOM = 1000;

/** Program blocks until the description is full, then "…and N more". */
function describe(programs: Program[], info: DigestInfo, t: Translator): string {
  const room = LIMITS.description - 40;
  const parts: string[] = [];
  let used = 0;
  for (const [index, whole] of programBlocks(programs, info, t).entries()) {
    // A block with a very long title or channel name is shortened, not left out.
    const block = truncate(whole, ENTRY_ROOM);
    if (used + block.length + 2 > room) {
      parts.push(t('jobs.digest.more', { count: programs.length - index }));
      break;
    }
    parts.push(block);
    used += block.length + 2;
  }
  return parts.join('\n\n');
}

export function digestMessage(programs: Program[], info: DigestInfo, t: Translator): OutgoingMessage {
  const date = info.locale === 'ja' ? japaneseDate(info.localDate, true) : englishDate(info.localDate);
  const title = info.owner
    ? t('jobs.digest.titleFor', { owner: info.owner, date })
    : t('jobs.digest.title', { date });
  const ownerUrl = info.owner ? userUrl(info.owner, t) : undefined;
  return {
    embeds: [
      {
        title: truncate(title, LIMITS.title),
        // The owner's page on the service, where the schedule's works and records are.
        ...(ownerUrl ? { url: ownerUrl } : {}),
        description: programs.length > 0 ? describe(programs, info, t) : t('jobs.digest.empty'),
        color: DIGEST_COLOR,
        footer: {
          text: truncate(
            t('jobs.digest.footer', { count: programs.length, timezone: info.timezone }),
            LIMITS.footer,
          ),
        },
        timestamp: info.at.toISOString(),
      },
    ],
  };
}
