/**
 * A steady interactive load: one interaction every 1000/perSecond ms, cycling through a mix of
 * autocomplete, /work info, /work search and /help by different users, each timed like a burst.
 */
import { createTranslator } from '#src/i18n/translator.js';
import type { FakeDiscord, InteractionReply } from '../test/fakes/discord/fake-discord.js';
import { seededRandom } from '../test/fakes/emulator/faults.js';
import { burst, type Sample } from './burst.js';
import { sleep } from './stats.js';

export type LoadKind = 'autocomplete' | 'work info' | 'work search' | 'help';
/** Per 5 interactions: 2 autocomplete keystrokes, 1 lookup, 1 search, 1 help. */
export const LOAD_MIX: readonly LoadKind[] = [
  'autocomplete',
  'work info',
  'autocomplete',
  'work search',
  'help',
];

export interface LoadPools {
  /** Texts typed in autocomplete (a small pool, so repeats hit the cache as in real typing). */
  autocomplete: readonly string[];
  /** Titles searched. */
  search: readonly string[];
  /** Work ids looked up. */
  workIds: readonly number[];
}

export interface LoadSample extends Sample {
  kind: LoadKind;
  /** ms from the load's start to this interaction's dispatch. */
  at: number;
}

const busyText = createTranslator('en')('error.busy');

function classify(kind: LoadKind) {
  return (reply: InteractionReply): string => {
    if (kind === 'autocomplete') return (reply.choices?.length ?? 0) > 0 ? 'ok' : 'empty';
    if (reply.embeds.length > 0) return 'ok';
    return reply.content === busyText ? 'busy' : 'error';
  };
}

export async function runLoad(
  discord: FakeDiscord,
  options: { perSecond: number; durationMs: number; pools: LoadPools; seed: number; userBase: bigint },
): Promise<LoadSample[]> {
  const random = seededRandom(options.seed);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
  const pending: Promise<LoadSample>[] = [];
  const interval = 1000 / options.perSecond;
  const began = performance.now();
  for (let i = 0; performance.now() - began < options.durationMs; i++) {
    const kind = LOAD_MIX[i % LOAD_MIX.length] ?? 'help';
    const user = { id: String(options.userBase + BigInt(i)), username: `load${i}` };
    const send = () => {
      switch (kind) {
        case 'autocomplete':
          return discord.autocomplete({
            name: 'work',
            subcommand: 'info',
            options: { work: pick(options.pools.autocomplete) },
            focused: 'work',
            user,
          });
        case 'work info':
          return discord.slash({
            name: 'work',
            subcommand: 'info',
            options: { work: String(pick(options.pools.workIds)) },
            user,
          });
        case 'work search':
          return discord.slash({
            name: 'work',
            subcommand: 'search',
            options: { title: pick(options.pools.search) },
            user,
          });
        default:
          return discord.slash({ name: 'help', user });
      }
    };
    const at = performance.now() - began;
    pending.push(burst(1, send, classify(kind)).then(([sample]) => ({ ...(sample as Sample), kind, at })));
    const nextAt = began + (i + 1) * interval;
    await sleep(Math.max(0, nextAt - performance.now()));
  }
  return Promise.all(pending);
}
