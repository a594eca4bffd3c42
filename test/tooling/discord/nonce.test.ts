import { DiscordAPIError, REST, Routes } from 'discord.js';
import type { APIMessage } from 'discord-api-types/v10';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeDiscord, startFakeDiscord } from '../../fakes/discord/fake-discord.js';

let fake: FakeDiscord;
let rest: REST;

beforeAll(async () => {
  fake = await startFakeDiscord();
  rest = new REST({ api: fake.restUrl, retries: 0 }).setToken(fake.botToken);
});
afterAll(async () => {
  await fake.close();
});

const post = async (channelId: string, body: Record<string, unknown>) =>
  (await rest.post(Routes.channelMessages(channelId), { body })) as APIMessage;

describe('fake Discord: message nonces', () => {
  it('returns the existing message for a repeated nonce with enforce_nonce', async () => {
    const [channel] = fake.channelIds() as [string];
    const first = await post(channel, { content: 'hello', nonce: 'abc123', enforce_nonce: true });
    const again = await post(channel, { content: 'hello again', nonce: 'abc123', enforce_nonce: true });
    expect(again.id).toBe(first.id);
    expect(first.nonce).toBe('abc123');
    expect(fake.channelMessages(channel)).toHaveLength(1);
    expect(fake.channelMessages(channel)[0]?.content).toBe('hello');
  });

  it('creates a new message without enforce_nonce, or in another channel', async () => {
    const [first, second] = fake.channelIds() as [string, string];
    await post(first, { content: 'x', nonce: 'same', enforce_nonce: true });
    await post(first, { content: 'y', nonce: 'same' });
    await post(second, { content: 'z', nonce: 'same', enforce_nonce: true });
    expect(fake.channelMessages(first).filter((m) => m.nonce === 'same')).toHaveLength(2);
    expect(fake.channelMessages(second)).toHaveLength(1);
  });

  it('refuses a nonce longer than 25 characters', async () => {
    const [channel] = fake.channelIds() as [string];
    await expect(post(channel, { content: 'x', nonce: 'n'.repeat(26) })).rejects.toBeInstanceOf(
      DiscordAPIError,
    );
  });
});
