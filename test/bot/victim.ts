/**
 * The victim of the fuzz: a linked user who has shown paging and confirm buttons and started an OAuth
 * link, and owns records, statuses and subscriptions. A snapshot of all of it is compared before
 * and after the attack.
 */
import { customIds } from '../fakes/discord/fake-discord.js';
import { DEMO_USERS } from '../fakes/emulator/seed.js';
import { type Stack, USERS } from '../support/stack.js';
import type { VictimKnowledge } from './fuzz-interactions.js';

const TIMEOUT = 15_000;
export const VICTIM = USERS.alice;
const SERVICE_USER = DEMO_USERS.alice.id;

/** Runs the victim's commands; returns what an attacker could read off the victim's messages. */
export async function prepareVictim(stack: Stack): Promise<VictimKnowledge> {
  await stack.link(VICTIM.id, 'alice');
  const user = VICTIM;
  const run = async (options: Parameters<Stack['discord']['slash']>[0]) =>
    (await stack.discord.slash({ user, ...options })).reply(TIMEOUT);
  const recordIds = [...stack.emulator.data.records.values()]
    .filter((record) => record.userId === SERVICE_USER)
    .map((record) => record.id);
  const search = await run({ name: 'work', subcommand: 'search', options: { title: '銀河' } });
  const unlink = await run({ name: 'account', subcommand: 'unlink' });
  const remove = await run({
    name: 'record',
    subcommand: 'delete',
    options: { record: String(recordIds[0] ?? 1) },
  });
  const oauth = await run({ name: 'account', subcommand: 'link', options: { method: 'oauth' } });
  const second = stack.discord.guildIds[1] ?? '';
  const [feedChannel = '', scheduleChannel = ''] = stack.discord.channelIds(second);
  await run({ name: 'subscription', subcommand: 'feed', options: { channel: feedChannel }, guildId: second });
  await run({
    name: 'subscription',
    subcommand: 'schedule',
    options: { channel: scheduleChannel, time: '07:30' },
    guildId: second,
  });
  const ids = [search, unlink, remove, oauth].flatMap((reply) => customIds(reply.components));
  const oauthStates = ids
    .filter((id) => id.startsWith('account:entercode:'))
    .map((id) => id.split(':')[2] ?? '');
  const shown = ids.filter((id) => !id.startsWith('account:entercode:'));
  if (!shown.some((id) => id.startsWith('pg:')) || oauthStates.length === 0)
    throw new Error(`the victim's buttons are missing: ${ids.join(', ')}`);
  return { discordUserId: VICTIM.id, customIds: shown, oauthStates, recordIds };
}

/** Everything about the victim an attacker must not be able to change. */
export async function victimSnapshot(stack: Stack, knowledge: VictimKnowledge): Promise<unknown> {
  const data = stack.emulator.data;
  const { vault, subscriptions, oauthStates } = stack.kiroku.deps;
  const linkedToVictim: string[] = [];
  for await (const discordUserId of vault.userIds()) {
    if ((await vault.get(discordUserId))?.serviceUserId === SERVICE_USER) linkedToVictim.push(discordUserId);
  }
  return {
    records: [...data.records.values()]
      .filter((record) => record.userId === SERVICE_USER)
      .map(({ id, comment, rating, ratingState, isModified }) => ({
        id,
        comment,
        rating,
        ratingState,
        isModified,
      })),
    statuses: [...(data.statuses.get(SERVICE_USER) ?? new Map()).entries()],
    vault: await vault.get(VICTIM.id),
    linkedToVictim: linkedToVictim.sort(),
    subscriptions: await subscriptions.all(
      (s) => s.ownerId === VICTIM.id || s.guildId === (stack.discord.guildIds[1] ?? ''),
    ),
    oauthStateStillTheVictims: await Promise.all(
      knowledge.oauthStates.map((state) => oauthStates.belongsTo(state, VICTIM.id)),
    ),
    serviceTokenRevoked: [...data.tokens.values()].filter((t) => t.userId === SERVICE_USER && t.revoked)
      .length,
  };
}
