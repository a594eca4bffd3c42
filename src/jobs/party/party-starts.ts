/**
 * The watch parties' step: posts each party's message when its time comes, and brings open parties'
 * messages up to date (someone who unlinked leaves the list; a press in another process shows).
 * Any process may run it: the party's state moves from scheduled to open in one atomic write, and
 * the post's nonce folds two processes' posts of one party into one message.
 */
import type { Logger } from '../../logger.js';
import type { PartyBoard } from '../../parties/board.js';
import type { Parties } from '../../parties/model.js';
import { Ticker } from '../run/ticker.js';

export interface PartyStepReport {
  opened: number;
  refreshed: number;
}

export interface PartyStartsDeps {
  parties: Parties;
  board: PartyBoard;
  logger: Logger;
  now: () => Date;
  /** How often the step runs (default 30 s, on the clock's :00 and :30 like the alerts). */
  intervalMs?: number;
}

const STEP_MS = 30_000;

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

  ticker(isReady: () => boolean): Ticker {
    const intervalMs = this.deps.intervalMs ?? STEP_MS;
    return new Ticker({
      name: 'parties',
      intervalMs,
      alignToClock: intervalMs === STEP_MS,
      isReady,
      isIdle: (report) => report.opened === 0,
      logger: this.deps.logger,
      step: () => this.tick(),
    });
  }
}
