/**
 * Linked users and subscriptions in bulk: service users with tokens in the emulator, their tokens
 * in the bot's vault (as a finished /account link leaves them), and channel subscriptions.
 */
import type { Kiroku } from '#src/app.js';
import { type ScheduleSettings, type Subscription, Subscriptions } from '#src/subscriptions/model.js';
import type { EmulatorData } from '../test/fakes/emulator/data.js';

export interface Owner {
  discordId: string;
  serviceUserId: number;
  username: string;
  token: string;
}

/** Discord user ids of bench owners: 34xxxxxxxxxxxxxxxx, far from the e2e and scenario-1 ids. */
export function ownerDiscordId(index: number): string {
  return String(340000000000000000n + BigInt(index));
}

/** Runs `task` over the items with at most `limit` at once (bulk store writes). */
export async function inBatches<T>(
  items: readonly T[],
  limit: number,
  task: (item: T, index: number) => Promise<void>,
) {
  for (let start = 0; start < items.length; start += limit) {
    await Promise.all(items.slice(start, start + limit).map((item, i) => task(item, start + i)));
  }
}

/**
 * Creates `count` service users (each with a read/write token), links each to a Discord user in
 * the vault, and calls `prepare` on the service data for each (follows, statuses ...).
 */
export async function createOwners(
  kiroku: Kiroku,
  data: EmulatorData,
  count: number,
  options: { prefix: string; prepare?: (serviceUserId: number, index: number) => void },
): Promise<Owner[]> {
  const owners: Owner[] = [];
  for (let i = 0; i < count; i++) {
    const username = `${options.prefix}${i}`;
    const user = data.createUser({ username });
    const token = data.issueToken(user.id, ['read', 'write']);
    options.prepare?.(user.id, i);
    owners.push({ discordId: ownerDiscordId(i), serviceUserId: user.id, username, token });
  }
  const linkedAt = new Date().toISOString();
  await inBatches(owners, 50, (owner) =>
    kiroku.deps.vault.put(owner.discordId, {
      token: owner.token,
      scopes: ['read', 'write'],
      serviceUserId: owner.serviceUserId,
      serviceUsername: owner.username,
      method: 'token',
      linkedAt,
    }),
  );
  return owners;
}

export function feedSubscription(ownerId: string, guildId: string, channelId: string) {
  return { kind: 'feed' as const, guildId, channelId, ownerId, feed: { actions: [] } };
}

export function scheduleSubscription(
  ownerId: string,
  guildId: string,
  channelId: string,
  schedule: ScheduleSettings,
) {
  return { kind: 'schedule' as const, guildId, channelId, ownerId, schedule };
}

/**
 * Creates the subscriptions (50 store writes at a time), straight into the store: a subscription
 * made with /subscription also reads its owner's feed position once (one request each), a cost of
 * the command that the job figures leave out.
 */
export async function subscribeAll(
  kiroku: Kiroku,
  inputs: ReadonlyArray<Parameters<Kiroku['deps']['subscriptions']['create']>[0]>,
  now: Date,
): Promise<Subscription[]> {
  const created: Subscription[] = [];
  const subscriptions = new Subscriptions(kiroku.store);
  await inBatches(inputs, 50, async (input) => {
    created.push(await subscriptions.create(input, now));
  });
  return created;
}

/** Every text channel of every guild of the fake, guild by guild. */
export function allChannels(discord: { guildIds: string[]; channelIds(guildId?: string): string[] }) {
  return discord.guildIds.flatMap((guildId) =>
    discord.channelIds(guildId).map((channelId) => ({ guildId, channelId })),
  );
}
