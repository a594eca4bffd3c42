/**
 * Keeps each party's message true: posts it when the party starts, edits it in place when who
 * watched changes (a press, someone unlinking, a cancel), and stops a party whose channel refuses
 * kiroku, telling its host. The commands (after a press or a cancel) and the party job (at the start
 * and on each step) share it; Discord is reached through the ports given, never directly.
 */
import type { Locale } from '../i18n/locale.js';
import type { Translator } from '../i18n/translator.js';
import type { Logger } from '../logger.js';
import { messageDigest, type PartyMessage, partyMessage } from './message.js';
import type { Parties, Party } from './model.js';

/** How a Discord write went: done, refused for good (403/404), or worth another try. */
export type PartyWrite = { ok: true; messageId: string } | { ok: false; reason: 'gone' | 'failed' };

export interface PartyDiscord {
  /** Posts the party's message (the nonce folds a repeat from another process into one message). */
  post(channelId: string, message: PartyMessage, nonce: string): Promise<PartyWrite>;
  edit(channelId: string, messageId: string, message: PartyMessage): Promise<PartyWrite>;
  /** A direct message to the host; best effort. */
  notifyUser(userId: string, content: string): Promise<void>;
}

export interface PartyBoardDeps {
  parties: Parties;
  discord: PartyDiscord;
  /** Whether a person shares their viewing record (`/account visibility`): only then by name. */
  shares(userId: string): Promise<boolean>;
  /** Whether a person is linked now: someone who unlinked leaves every list. */
  isLinked(userId: string): Promise<boolean>;
  translator(locale: Locale): Translator;
  logger: Logger;
  now: () => Date;
}

export class PartyBoard {
  constructor(private readonly deps: PartyBoardDeps) {}

  /** The message as it should read now. */
  async render(party: Party): Promise<PartyMessage> {
    const shown = [];
    for (const attendee of await this.deps.parties.attendees(party.id)) {
      if (!(await this.deps.isLinked(attendee.userId))) continue;
      const name = (await this.deps.shares(attendee.userId)) ? attendee.name : undefined;
      shown.push({ name, rating: attendee.rating });
    }
    return partyMessage(party, shown, this.deps.translator(party.locale));
  }

  /** Posts a due party's message once; a channel that refuses stops the party. */
  async open(due: Party): Promise<void> {
    // Read again: another step (or process) may have opened, cancelled or stopped it meanwhile.
    const party = await this.deps.parties.get(due.id);
    if (party?.state !== 'scheduled') return;
    const message = await this.render(party);
    const posted = await this.deps.discord.post(party.channelId, message, `party-${party.id}`.slice(0, 25));
    if (!posted.ok) {
      if (posted.reason === 'gone') await this.#stop(party);
      return;
    }
    const digest = messageDigest(message);
    await this.deps.parties.change(
      party.id,
      (current) =>
        current.state === 'scheduled'
          ? { ...current, state: 'open', messageId: posted.messageId, shown: digest }
          : undefined,
      this.deps.now(),
    );
  }

  /** Edits an open or just-cancelled party's message when it would read differently. */
  async refresh(partyId: string): Promise<void> {
    const party = await this.deps.parties.get(partyId);
    if (!party?.messageId || party.state === 'stopped') return;
    const message = await this.render(party);
    const digest = messageDigest(message);
    if (digest === party.shown) return;
    const edited = await this.deps.discord.edit(party.channelId, party.messageId, message);
    if (!edited.ok) {
      if (edited.reason === 'gone') await this.#stop(party);
      return;
    }
    await this.deps.parties.change(party.id, (current) => ({ ...current, shown: digest }), this.deps.now());
  }

  /**
   * Brings every open party's message up to date: after someone unlinked, their name and rating
   * leave the lists now rather than at the party job's next step. Never throws (an unlink goes on).
   */
  async refreshOpen(): Promise<void> {
    try {
      for (const party of await this.deps.parties.all((p) => p.state === 'open'))
        await this.refresh(party.id);
    } catch (error) {
      this.deps.logger.warn({ err: error }, 'party: lists not brought up to date');
    }
  }

  /** The channel refused kiroku: no more posts or edits there, and the host is told why. */
  async #stop(party: Party): Promise<void> {
    let stoppedHere = false;
    await this.deps.parties.change(
      party.id,
      (current) => {
        // Decided by the write that lands: of two processes, one tells the host.
        stoppedHere = current.state !== 'stopped';
        return stoppedHere ? { ...current, state: 'stopped' } : undefined;
      },
      this.deps.now(),
    );
    if (!stoppedHere) return;
    this.deps.logger.warn({ party: party.id, channel: party.channelId }, 'party: the channel refused kiroku');
    const t = this.deps.translator(party.locale);
    await this.deps.discord.notifyUser(
      party.hostId,
      t('party.channelLost', { channel: `<#${party.channelId}>`, work: party.workTitle }),
    );
  }
}
