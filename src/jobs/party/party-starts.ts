/**
 * The watch parties' step: posts each party's message when its time comes, and brings open parties'
 * messages up to date (someone who unlinked leaves the list; a press in another process shows).
 * Any process may run it: the party's state moves from scheduled to open in one atomic write, and
 * the post's nonce folds two processes' posts of one party into one message.
 */
import type { Logger } from '../../logger.js';
import type { PartyBoard } from '../../parties/board.js';
import type { Parties } from '../../parties/model.js';

export interface PartyStepReport {
  opened: number;
  refreshed: number;
}

export interface PartyStartsDeps {
  parties: Parties;
  board: PartyBoard;
  logger: Logger;
  now: () => Date;
}

export class PartyStarts {
  constructor(private readonly deps: PartyStartsDeps) {}

  async tick(): Promise<PartyStepReport> {
    const now = this.deps.now().getTime();
    const live = await this.deps.parties.all((p) => p.state === 'scheduled' || p.state === 'open');
    let opened = 0;
    for (const party of live.filter((p) => p.state === 'scheduled' && Date.parse(p.startsAt) <= now)) {
      await this.deps.board.open(party);
      opened++;
    }
    const open = live.filter((p) => p.state === 'open');
    for (const party of open) await this.deps.board.refresh(party.id);
    return { opened, refreshed: open.length };
  }
}
