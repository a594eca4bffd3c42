/**
 * DM reminders: N minutes before each of a person's programs first airs (rebroadcasts left out), a
 * DM in their language with the Record controls and a Stop button. The programs come from the
 * shared copy of owner-programs.ts (none extra when the person also owns alerts or airing
 * subscriptions); the outbox key `remind:<program>` in their DM channel makes each DM exactly-once.
 * A DM that Discord refuses (DMs closed) turns the person's reminders off, and is not retried.
 */
import { ButtonStyle, ComponentType } from 'discord-api-types/v10';
import { stopButtonId } from '../../components/remind-ids.js';
import type { Translator } from '../../i18n/translator.js';
import { LIMITS, truncate } from '../../render/format.js';
import { programLine } from '../../render/program.js';
import type { Program } from '../../service/index.js';
import type { Reminders } from '../../viewing/reminders.js';
import { DEFAULT_POST_LANGUAGES } from '../delivery/post-language.js';
import type { OutgoingMessage } from '../delivery/poster.js';
import type { SubscriptionJobDeps } from '../owners/job-deps.js';
import { recordControls } from './airing-message.js';
import type { OwnerPrograms } from './owner-programs.js';

const MINUTE = 60_000;

export interface DmRemindersDeps extends SubscriptionJobDeps {
  programs: OwnerPrograms;
  reminders: Reminders;
  /** Opens (or finds) the bot's DM channel with a person; undefined when Discord refuses. */
  openDm(discordUserId: string): Promise<string | undefined>;
  /** The people this process reminds (default: everyone). */
  servesOwner?: (discordUserId: string) => boolean;
}

export interface ReminderTickReport {
  people: number;
  sent: number;
  turnedOff: number;
}

export function reminderMessage(
  program: Program,
  minutes: number,
  userId: string,
  t: Translator,
): OutgoingMessage {
  const episode = program.episode;
  const stop = {
    type: ComponentType.ActionRow as const,
    components: [
      {
        type: ComponentType.Button as const,
        style: ButtonStyle.Secondary as const,
        label: t('remind.stopButton'),
        custom_id: stopButtonId(userId),
      },
    ],
  };
  return {
    embeds: [
      {
        title: truncate(t('remind.title', { minutes }), LIMITS.title),
        description: truncate(programLine(program, t), LIMITS.description),
        ...(program.started_at ? { timestamp: program.started_at } : {}),
      },
    ],
    components: [
      ...(typeof episode?.id === 'number' ? recordControls({ ...episode, id: episode.id }, t) : []),
      stop,
    ],
  };
}

export class DmReminders {
  readonly #deps: DmRemindersDeps;

  constructor(deps: DmRemindersDeps) {
    this.#deps = deps;
  }

  async tick(): Promise<ReminderTickReport> {
    const people = await this.#deps.reminders.all(this.#deps.servesOwner);
    const report: ReminderTickReport = { people: people.length, sent: 0, turnedOff: 0 };
    for (const [userId, reminder] of people) {
      const lead = reminder.minutes * MINUTE;
      const programs = await this.#deps.programs.get(userId, { rebroadcast: false, unwatched: false }, lead);
      if (!programs) continue;
      const now = this.#deps.now().getTime();
      const due = programs.filter((program) => {
        const start = Date.parse(program.started_at ?? '');
        return !program.is_rebroadcast && now >= start - lead && now < start;
      });
      if (due.length === 0) continue;
      const channelId = await this.#deps.openDm(userId);
      if (!channelId) {
        if (await this.#deps.reminders.turnOff(userId)) report.turnedOff += 1;
        continue;
      }
      const t = (this.#deps.languages ?? DEFAULT_POST_LANGUAGES).of(reminder.locale);
      for (const program of due) {
        const minutes = Math.max(1, Math.round((Date.parse(program.started_at ?? '') - now) / MINUTE));
        const result = await this.#deps.outbox.deliver(channelId, `remind:${program.id}`, () =>
          reminderMessage(program, minutes, userId, t),
        );
        if (result.status === 'posted') report.sent += 1;
        if (result.status === 'failed' && result.reason === 'forbidden') {
          // DMs closed: reminders go off for good (the person turns them on again), never retried.
          if (await this.#deps.reminders.turnOff(userId)) report.turnedOff += 1;
          this.#deps.logger.info({ userId }, 'reminders: DM refused; reminders turned off');
          break;
        }
      }
    }
    return report;
  }
}
