/**
 * Part of the fair_share scenario: one person alone on an idle bot, at a person's pace (an
 * action every 2.5 s: autocomplete, title searches, lookups, an episode list, its Open menu and Next
 * button), with the production share. Counted: the actions refused (told to wait or try again, or an
 * autocomplete left empty). The share must not exist where nobody else waits: the target is 0.
 */
import type { FakeDiscord, InteractionReply } from '../../test/fakes/discord/fake-discord.js';
import { customIds, firstSelectOption } from '../../test/fakes/discord/fake-discord.js';
import type { FragmentPool } from '../fragments.js';
import { sleep } from '../stats.js';

const PACE_MS = 2_500;
const TIMEOUT_MS = 15_000;
/** What a refusal says (English): the share, a wait, or the interaction limits. */
const REFUSED = /not sent|could not be sent|going too fast/;

export interface LonePerson {
  actions: number;
  refused: number;
  /** What each refused action answered (for results.json). */
  refusals: string[];
  /** Service requests the person's actions made. */
  requests: number;
}

/** The person's actions in order, each answering its reply, or why it could not be made. */
function personActions(
  discord: FakeDiscord,
  fragments: FragmentPool,
  workIds: readonly number[],
): Array<(last: InteractionReply | undefined) => Promise<InteractionReply | string>> {
  const user = { id: '370000000000000037', username: 'lone_person', locale: 'en-US' };
  const answer = (sent: Promise<{ reply(ms: number): Promise<InteractionReply> }>) =>
    sent.then((result) => result.reply(TIMEOUT_MS));
  const work = () => String(workIds[Math.floor(Math.random() * workIds.length)] ?? 1);
  return [
    () =>
      answer(
        discord.autocomplete({
          name: 'work',
          subcommand: 'info',
          options: { work: fragments.take() },
          focused: 'work',
          user,
        }),
      ),
    () =>
      answer(
        discord.slash({ name: 'work', subcommand: 'search', options: { title: fragments.take() }, user }),
      ),
    () => answer(discord.slash({ name: 'work', subcommand: 'info', options: { work: work() }, user })),
    () => answer(discord.slash({ name: 'episode', subcommand: 'list', options: { work: work() }, user })),
    async (last) => {
      const menu = last && firstSelectOption(last.components);
      if (!last || !menu) return 'the Open menu was missing';
      return answer(discord.select({ ...menu, values: [menu.value], message: last.message ?? '', user }));
    },
    () => answer(discord.slash({ name: 'episode', subcommand: 'list', options: { work: work() }, user })),
    async (last) => {
      const next = last && customIds(last.components).find((id) => id.startsWith('pg:') && id.endsWith(':2'));
      if (!last || !next) return answer(discord.slash({ name: 'help', user }));
      return answer(discord.button({ customId: next, message: last.message ?? '', user }));
    },
    () =>
      answer(
        discord.autocomplete({
          name: 'record',
          subcommand: 'list',
          options: { work: work(), episode: '' },
          focused: 'episode',
          user,
        }),
      ),
  ];
}

/** One person's actions at a person's pace for `durationMs`, nothing else using the bot. */
export async function lonePerson(
  discord: FakeDiscord,
  fragments: FragmentPool,
  workIds: readonly number[],
  durationMs: number,
  requests: () => number,
): Promise<LonePerson> {
  const actions = personActions(discord, fragments, workIds);
  const count = Math.floor(durationMs / PACE_MS);
  const outcome: LonePerson = { actions: count, refused: 0, refusals: [], requests: 0 };
  const before = requests();
  let last: InteractionReply | undefined;
  const began = performance.now();
  for (let i = 0; i < count; i++) {
    await sleep(Math.max(0, began + i * PACE_MS - performance.now()));
    const reply = await (actions[i % actions.length] ?? actions[0])?.(last);
    const why =
      typeof reply === 'string'
        ? reply
        : reply?.type === 8
          ? (reply.choices?.length ?? 0) > 0
            ? undefined
            : 'no choices'
          : REFUSED.test(reply?.content ?? '')
            ? reply?.content
            : undefined;
    if (why !== undefined) {
      outcome.refused += 1;
      outcome.refusals.push(`${i}: ${why}`);
    }
    if (typeof reply !== 'string' && reply?.type !== 8) last = reply;
  }
  outcome.requests = requests() - before;
  return outcome;
}
