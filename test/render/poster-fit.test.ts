/**
 * The jobs' poster fits what it sends like the responder does: a direct message listing many ids or
 * quoting long names, and a channel post with too much embed text, arrive within Discord's limits
 * (the fake Discord refuses anything longer, as Discord does).
 */
import { REST } from 'discord.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRestPoster } from '#src/jobs/posting/poster.js';
import { createLogger } from '#src/logger.js';
import { isWellFormed } from '#src/render/fit.js';
import { type FakeDiscord, startFakeDiscord } from '../fakes/discord/fake-discord.js';

describe('the jobs’ poster', () => {
  let discord: FakeDiscord;
  let poster: ReturnType<typeof createRestPoster>;

  beforeAll(async () => {
    discord = await startFakeDiscord({ guilds: 1, channelsPerGuild: 1 });
    const rest = new REST({ api: discord.restUrl, retries: 0 }).setToken(discord.botToken);
    poster = createRestPoster(rest, createLogger('silent'));
  });
  afterAll(async () => {
    await discord.close();
  });

  it('sends a direct message longer than 2000 characters cut between whole emoji', async () => {
    const userId = '300000000000000001';
    await poster.notifyUser(userId, `Quarantined: ${'😭'.repeat(1500)}`);
    const [dm] = discord.directMessages(userId);
    expect(dm?.content.length).toBeLessThanOrEqual(2000);
    expect(dm?.content.startsWith('Quarantined: 😭')).toBe(true);
    expect(isWellFormed(dm?.content ?? '')).toBe(true);
  });

  it('posts a channel message whose embeds exceed 6000 characters in all', async () => {
    const channelId = discord.channelIds()[0] ?? '';
    const embeds = Array.from({ length: 3 }, () => ({ description: '🔥'.repeat(2048) }));
    const outcome = await poster.post(channelId, { embeds, nonce: 'fit-test-1' });
    expect(outcome.ok).toBe(true);
    const [message] = discord.channelMessages(channelId);
    expect(message?.embeds).toHaveLength(3);
  });
});
