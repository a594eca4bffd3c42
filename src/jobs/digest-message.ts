/**
 * The daily digest post: the programs of the next 24 hours. English digests write each program as
 * Discord timestamps; Japanese ones group programs by broadcast day and write late-night programs
 * past 24:00 of the previous day (25:30), each with its Discord timestamp beside it.
 */
import type { Locale } from '../i18n/locale.js';
import type { Translator } from '../i18n/translator.js';
import { broadcastTime, DEFAULT_BROADCAST_DAY_START, japaneseDate } from '../render/broadcast-day.js';
import { LIMITS, truncate } from '../render/format.js';
import { broadcastProgramLine, programLine } from '../render/program.js';
import type { Program } from '../service/index.js';
import type { OutgoingMessage } from './poster.js';

export interface DigestInfo {
  localDate: string;
  timezone: string;
  at: Date;
  /** Language of the post (default English). */
  locale?: Locale;
  /** Minutes after midnight at which a broadcast day starts (Japanese digests; default 05:00). */
  broadcastDayStart?: number;
}

const DIGEST_COLOR = 0xf59e0b;

/** One block of text per program; a Japanese block opens with its broadcast day when the day changes. */
function programBlocks(programs: Program[], info: DigestInfo, t: Translator): string[] {
  if (info.locale !== 'ja') return programs.map((program) => programLine(program, t));
  const dayStart = info.broadcastDayStart ?? DEFAULT_BROADCAST_DAY_START;
  let day: string | undefined;
  return programs.map((program) => {
    const started = program.started_at ? new Date(program.started_at) : undefined;
    if (!started || Number.isNaN(started.getTime())) return programLine(program, t);
    const time = broadcastTime(started, info.timezone, dayStart);
    const heading = time.date === day ? '' : `__**${japaneseDate(time.date)}**__\n`;
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
  const date = info.locale === 'ja' ? japaneseDate(info.localDate, true) : info.localDate;
  return {
    embeds: [
      {
        title: truncate(t('jobs.digest.title', { date }), LIMITS.title),
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
