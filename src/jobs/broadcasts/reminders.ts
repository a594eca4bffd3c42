/**
 * DM reminders: N minutes before each of a person's programs first airs (rebroadcasts left out), a
 * DM in their language with the Record controls and a Stop button. The programs come from the
 * shared copy of owner-programs.ts (none extra when the person also owns alerts or airing
 * subscriptions); the outbox key `remind:<program>` in their DM channel makes each DM exactly-once.
 * A DM that Discord refuses (DMs closed) turns the person's reminders off, and is not retried.
 *
 * One tick serves people in turn, one DM each per round, the program that starts first first, and at
 * most MAX_DMS_PER_PERSON per person: someone whose `/remind minutes:1440` makes 200 programs due at
 * once does not hold back another person's reminder; their others are sent on the next ticks, while
 * the programs are still ahead.
 */
import { ButtonStyle, ComponentType } from 'discord-api-types/v10';
import { stopButtonId } from '../../components/remind-ids.js';
import type { Translator } from '../../i18n/translator.js';
import { LIMITS, plain, truncate } from '../../render/format.js';
import { relativeTime } from '../../render/relative-time.js';
import type { Program } from '../../service/index.js';
import type { Reminders } from '../../viewing/reminders.js';
import type { SubscriptionJobDeps } from '../owners/job-deps.js';
import { DEFAULT_POST_LANGUAGES } from '../posting/post-language.js';
import type { OutgoingMessage } from '../posting/poster.js';
import { recordControls } from './airing-message.js';
import { programTitle, upcomingProgramEmbed } from './alert-message.js';
import type { OwnerPrograms } from './owner-programs.js';

const MINUTE = 60_000;
const REMINDER_COLOR = 0x6366f1;
/** Reminders one person is sent per tick (ticks run every 30 s); the rest wait for the next ticks. */
export const MAX_DMS_PER_PERSON = 5;

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
  /** Reminders due but left for the next tick (beyond MAX_DMS_PER_PERSON). */
  deferred: number;
}

/** One person's reminders due in this tick, earliest program first. */
interface DuePerson {
  userId: string;
  channelId: string;
  t: Translator;
  due: Program[];
  /** Their DMs were refused: nothing more is sent to them. */
  closed: boolean;
}

/** The outbox's key of a program's reminder: one DM per program, whatever happens. */
function reminderKey(program: Program): string {
  return `remind:${program.id}`;
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
    // Phone notifications show the content, not the embed: it says what starts, in plain words.
    content: truncate(
      t('remind.content', {
        title: plain(programTitle(program)(t)),
        when: relativeTime(minutes * MINUTE, t.locale, 'long'),
      }),
      LIMITS.content,
    ),
    embeds: [upcomingProgramEmbed(program, t, REMINDER_COLOR)],
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
    const report: ReminderTickReport = { people: people.length, sent: 0, turnedOff: 0, deferred: 0 };
    const waiting: DuePerson[] = [];
    for (const [userId, reminder] of people) {
      const due = await this.#dueFor(userId, reminder.minutes * MINUTE);
      if (due.length === 0) continue;
      const channelId = await this.#deps.openDm(userId);
      if (!channelId) {
        if (await this.#deps.reminders.turnOff(userId)) report.turnedOff += 1;
        continue;
      }
      // Those sent by an earlier tick are done: the cap counts only what is still to send.
      const unsent: Program[] = [];
      for (const program of due)
        if (!(await this.#deps.outbox.isDone(channelId, reminderKey(program)))) unsent.push(program);
      if (unsent.length === 0) continue;
      report.deferred += Math.max(0, unsent.length - MAX_DMS_PER_PERSON);
      const t = (this.#deps.languages ?? DEFAULT_POST_LANGUAGES).of(reminder.locale);
      waiting.push({ userId, channelId, t, due: unsent.slice(0, MAX_DMS_PER_PERSON), closed: false });
    }
    // In turns: everyone's first reminder before anyone's second.
    for (let round = 0; round < MAX_DMS_PER_PERSON; round++) {
      for (const person of waiting) {
        const program = person.due[round];
        if (program && !person.closed) await this.#send(person, program, report);
      }
    }
    return report;
  }

  /** The person's programs whose reminder is due now (first airings only), the earliest first. */
  async #dueFor(userId: string, lead: number): Promise<Program[]> {
    const programs = await this.#deps.programs.get(userId, { rebroadcast: false, unwatched: false }, lead);
    if (!programs) return [];
    const now = this.#deps.now().getTime();
    const startOf = (program: Program) => Date.parse(program.started_at ?? '');
    return programs
      .filter(
        (program) => !program.is_rebroadcast && now >= startOf(program) - lead && now < startOf(program),
      )
      .sort((a, b) => startOf(a) - startOf(b));
  }

  async #send(person: DuePerson, program: Program, report: ReminderTickReport): Promise<void> {
    const { userId, channelId, t } = person;
    const now = this.#deps.now().getTime();
    const minutes = Math.max(1, Math.round((Date.parse(program.started_at ?? '') - now) / MINUTE));
    const result = await this.#deps.outbox.deliver(channelId, reminderKey(program), () =>
      reminderMessage(program, minutes, userId, t),
    );
    if (result.status === 'posted') report.sent += 1;
    if (result.status === 'failed' && result.reason === 'forbidden') {
      // DMs closed: reminders go off for good (the person turns them on again), never retried.
      person.closed = true;
      if (await this.#deps.reminders.turnOff(userId)) report.turnedOff += 1;
      this.#deps.logger.info({ userId }, 'reminders: DM refused; reminders turned off');
    }
  }
}
