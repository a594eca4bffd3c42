/**
 * Guild scheduled events through a real discord.js client: Manage Events checked, the reference's
 * rules refused as Discord refuses them, status transitions, and the gateway events a bot sees,
 * including an event a member deletes in Discord's own app.
 */
import { once } from 'node:events';
import {
  type Client,
  Events,
  GatewayIntentBits,
  type Guild,
  type GuildScheduledEvent,
  GuildScheduledEventEntityType,
  GuildScheduledEventPrivacyLevel,
  GuildScheduledEventStatus,
  Options,
  Partials,
  PermissionFlagsBits,
  Routes,
} from 'discord.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeDiscord, startFakeDiscord } from '../../fakes/discord/fake-discord.js';
import { loggedInClient } from '../../fakes/discord/logged-in-client.js';
import { refusal } from './refusal.js';

const HOUR = 3_600_000;
const INTENTS = [GatewayIntentBits.Guilds, GatewayIntentBits.GuildScheduledEvents];

/** A watch party as /party would make it: an external event with a place and an end. */
function party(name = 'Frieren Ep 5 watch party', startsInMs = HOUR) {
  const start = Date.now() + startsInMs;
  return {
    name,
    description: 'Watching together in #anime',
    scheduledStartTime: new Date(start),
    scheduledEndTime: new Date(start + HOUR / 2),
    privacyLevel: GuildScheduledEventPrivacyLevel.GuildOnly,
    entityType: GuildScheduledEventEntityType.External,
    entityMetadata: { location: '#anime' },
  } as const;
}

describe('guild scheduled events', () => {
  let fake: FakeDiscord;
  let client: Client<true>;
  let guild: Guild;

  beforeAll(async () => {
    fake = await startFakeDiscord();
    client = await loggedInClient(fake, { intents: INTENTS });
    guild = client.guilds.cache.first() as Guild;
  });
  afterAll(async () => {
    await client?.destroy();
    await fake?.close();
  });

  it('refuses a bot without Manage Events (403, 50013), then creates once a manager grants it', async () => {
    const missing = await refusal(guild.scheduledEvents.create(party()));
    expect([missing.status, missing.code]).toEqual([403, 50013]);
    expect(guild.members.me?.permissions.has(PermissionFlagsBits.ManageEvents)).toBe(false);

    const granted = once(client, Events.GuildMemberUpdate);
    fake.setBotPermissions(guild.id, PermissionFlagsBits.ManageEvents);
    await granted;
    expect(guild.members.me?.permissions.has(PermissionFlagsBits.ManageEvents)).toBe(true);

    const announced = once(client, Events.GuildScheduledEventCreate);
    const event = await guild.scheduledEvents.create(party());
    expect(event).toMatchObject({
      name: 'Frieren Ep 5 watch party',
      status: GuildScheduledEventStatus.Scheduled,
      entityType: GuildScheduledEventEntityType.External,
      entityMetadata: { location: '#anime' },
      creatorId: fake.applicationId,
      channelId: null,
    });
    const [seen] = (await announced) as [GuildScheduledEvent];
    expect(seen.id).toBe(event.id);
    expect(fake.scheduledEvents(guild.id).map((e) => e.id)).toContain(event.id);
  });

  it('refuses what the reference forbids: a start in the past, an end before it, a missing place or end', async () => {
    const past = await refusal(guild.scheduledEvents.create(party('late', -HOUR)));
    expect([past.status, past.code]).toEqual([400, 50035]);
    expect(JSON.stringify(past.rawError)).toContain('GUILD_SCHEDULED_EVENT_SCHEDULE_PAST');
    const backwards = await refusal(
      guild.scheduledEvents.create({ ...party(), scheduledEndTime: new Date(Date.now() + HOUR / 2) }),
    );
    expect(JSON.stringify(backwards.rawError)).toContain('scheduled_end_time');
    const nowhere = await refusal(
      guild.scheduledEvents.create({ ...party(), entityMetadata: { location: '' } }),
    );
    expect(JSON.stringify(nowhere.rawError)).toContain('entity_metadata');
    const endless = await refusal(guild.scheduledEvents.create({ ...party(), scheduledEndTime: undefined }));
    expect(JSON.stringify(endless.rawError)).toContain('scheduled_end_time');
    const longName = await refusal(guild.scheduledEvents.create(party('あ'.repeat(101))));
    expect(longName.code).toBe(50035);
    const inText = await refusal(
      guild.scheduledEvents.create({
        ...party(),
        entityType: GuildScheduledEventEntityType.Voice,
        channel: fake.channelIds(guild.id)[0] ?? '',
        entityMetadata: undefined,
      }),
    );
    expect(JSON.stringify(inText.rawError)).toContain('channel_id');
  });

  it('lists and fetches events (user_count only when asked), starts, ends and cancels them as the reference allows', async () => {
    const event = await guild.scheduledEvents.create(party('to start'));
    const listed = await guild.scheduledEvents.fetch({ cache: false });
    expect(listed.has(event.id)).toBe(true);
    const counted = await client.rest.get(`/guilds/${guild.id}/scheduled-events/${event.id}`, {
      query: new URLSearchParams({ with_user_count: 'true' }),
    });
    expect(counted).toMatchObject({ id: event.id, user_count: 0 });
    expect(await client.rest.get(`/guilds/${guild.id}/scheduled-events/${event.id}`)).not.toHaveProperty(
      'user_count',
    );

    const active = await event.setStatus(GuildScheduledEventStatus.Active);
    expect(active.status).toBe(GuildScheduledEventStatus.Active);
    const back = await refusal(
      client.rest.patch(Routes.guildScheduledEvent(guild.id, event.id), {
        body: { status: GuildScheduledEventStatus.Scheduled },
      }),
    );
    expect([back.status, back.code]).toEqual([400, 50035]);
    const done = await active.setStatus(GuildScheduledEventStatus.Completed);
    const finished = await refusal(done.setName('again'));
    expect([finished.status, finished.code]).toEqual([400, 180000]);

    const other = await guild.scheduledEvents.create(party('to cancel'));
    const updated = once(client, Events.GuildScheduledEventUpdate);
    const canceled = await other.setStatus(GuildScheduledEventStatus.Canceled);
    expect(canceled.status).toBe(GuildScheduledEventStatus.Canceled);
    await updated;
    expect((await refusal(guild.scheduledEvents.fetch('123456789012345678'))).code).toBe(10070);
  });

  it('deletes the bot’s event (204), and tells the bot when a member deletes one in Discord', async () => {
    const mine = await guild.scheduledEvents.create(party('mine'));
    const deleted = once(client, Events.GuildScheduledEventDelete);
    await mine.delete();
    expect(((await deleted) as [GuildScheduledEvent])[0].id).toBe(mine.id);

    const theirs = await guild.scheduledEvents.create(party('theirs'));
    const gone = once(client, Events.GuildScheduledEventDelete);
    expect(fake.deleteScheduledEvent(guild.id, theirs.id)).toBe(true);
    expect(((await gone) as [GuildScheduledEvent])[0].id).toBe(theirs.id);
    expect(fake.scheduledEvents(guild.id).map((e) => e.id)).not.toContain(theirs.id);
    expect(fake.deleteScheduledEvent(guild.id, theirs.id)).toBe(false);
  });

  it('reaches a client that caches no events only with the partial, and none without the intent', async () => {
    const uncached = await loggedInClient(fake, {
      intents: INTENTS,
      partials: [Partials.GuildScheduledEvent],
      makeCache: Options.cacheWithLimits({ GuildScheduledEventManager: 0 }),
    });
    const deaf = await loggedInClient(fake, { intents: [GatewayIntentBits.Guilds] });
    const heard: string[] = [];
    deaf.on(Events.Raw, (packet: { t?: string }) => {
      if (packet.t?.startsWith('GUILD_SCHEDULED_EVENT')) heard.push(packet.t);
    });
    try {
      const event = await guild.scheduledEvents.create(party('partial'));
      const gone = once(uncached, Events.GuildScheduledEventDelete);
      fake.deleteScheduledEvent(guild.id, event.id);
      // discord.js builds the partial from the id alone: enough to find the party it belonged to.
      const [partial] = (await gone) as [GuildScheduledEvent];
      expect([partial.id, partial.partial]).toEqual([event.id, true]);
      // A new session learns the events there are from GUILD_CREATE.
      expect(uncached.guilds.cache.get(guild.id)).toBeTruthy();
      expect(heard).toEqual([]);
    } finally {
      await uncached.destroy();
      await deaf.destroy();
    }
  });

  it('sends the events there are in GUILD_CREATE to a new session', async () => {
    const event = await guild.scheduledEvents.create(party('still there'));
    const fresh = await loggedInClient(fake, { intents: INTENTS });
    try {
      expect(fresh.guilds.cache.get(guild.id)?.scheduledEvents.cache.has(event.id)).toBe(true);
    } finally {
      await fresh.destroy();
    }
  });
});
