/** The daily digest post: the programs of the next 24 hours, as Discord timestamps. */
import type { Translator } from '../i18n/translator.js';
import { LIMITS, truncate } from '../render/format.js';
import { programLine } from '../render/program.js';
import type { Program } from '../service/index.js';
import type { OutgoingMessage } from './poster.js';

export interface DigestInfo {
  localDate: string;
  timezone: string;
  at: Date;
}

const DIGEST_COLOR = 0xf59e0b;

/** Program lines until the description is full, then "…and N more". */
function describe(programs: Program[], t: Translator): string {
  const room = LIMITS.description - 40;
  const parts: string[] = [];
  let used = 0;
  for (const [index, program] of programs.entries()) {
    const line = programLine(program, t);
    if (used + line.length + 2 > room) {
      parts.push(t('jobs.digest.more', { count: programs.length - index }));
      break;
    }
    parts.push(line);
    used += line.length + 2;
  }
  return parts.join('\n\n');
}

export function digestMessage(programs: Program[], info: DigestInfo, t: Translator): OutgoingMessage {
  return {
    embeds: [
      {
        title: truncate(t('jobs.digest.title', { date: info.localDate }), LIMITS.title),
        description: programs.length > 0 ? describe(programs, t) : t('jobs.digest.empty'),
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
