import { describe, expect, it } from 'vitest';
import { customIds } from '../fakes/discord/fake-discord.js';
import { DEMO_USERS } from '../fakes/emulator/seed.js';
import { USERS, useStack } from '../support/stack.js';

const TIMEOUT = 15_000;

describe('token lifecycle and the Watched button', () => {
  // The test asks the emulator directly whether tokens still work: no per-IP limit for that.
  const stack = useStack({ oauth: true, emulatorRateLimit: false });

  const as = (user: { id: string; username: string }) => ({ user, locale: 'en-US' });

  /** /account link method:oauth, then the code modal with a fresh code for `who`. */
  async function linkWithOAuth(user: { id: string; username: string }, who: keyof typeof DEMO_USERS) {
    const start = await (
      await stack.discord.slash({
        name: 'account',
        subcommand: 'link',
        options: { method: 'oauth' },
        ...as(user),
      })
    ).reply(TIMEOUT);
    const state = (customIds(start.components).find((id) => id.startsWith('account:entercode:')) ?? '').split(
      ':',
    )[2];
    const code = stack.emulator.data.issueAuthorizationCode(DEMO_USERS[who].id, ['read', 'write']);
    const linked = await (
      await stack.discord.modal({ customId: `account:code:${state}`, fields: { code }, ...as(user) })
    ).reply(TIMEOUT);
    expect(linked.content).toContain(DEMO_USERS[who].username);
    return (await stack.kiroku.deps.vault.get(user.id))?.token ?? '';
  }

  const accepted = async (token: string) =>
    (await fetch(`${stack.emulator.url}/v1/me`, { headers: { authorization: `Bearer ${token}` } })).status;

  it('linking again with OAuth revokes the previous OAuth token', async () => {
    const user = { id: '310000000000000101', username: 'erin_discord' };
    const first = await linkWithOAuth(user, 'erin');
    expect(await accepted(first)).toBe(200);
    const second = await linkWithOAuth(user, 'erin');
    expect(second).not.toBe(first);
    expect(await accepted(first)).toBe(401);
    expect(await accepted(second)).toBe(200);
  });

  it('unlinking a personal token tells the person to revoke it at the service, with the link', async () => {
    await stack.link(USERS.bob.id, 'bob');
    const confirm = await (
      await stack.discord.slash({ name: 'account', subcommand: 'unlink', ...as(USERS.bob) })
    ).reply(TIMEOUT);
    const [unlink] = customIds(confirm.components);
    const done = await (await stack.discord.button({ customId: unlink ?? '', ...as(USERS.bob) })).reply(
      TIMEOUT,
    );
    expect(done.content).toContain('still works at Annict');
    expect(done.content).toContain('https://annict.com/settings/apps');
    const ja = await (async () => {
      await stack.link(USERS.bob.id, 'bob');
      const again = await (
        await stack.discord.slash({ name: 'account', subcommand: 'unlink', user: USERS.bob, locale: 'ja' })
      ).reply(TIMEOUT);
      const [button] = customIds(again.components);
      return (await stack.discord.button({ customId: button ?? '', user: USERS.bob, locale: 'ja' })).reply(
        TIMEOUT,
      );
    })();
    expect(ja.content).toContain('取り消してください');
  });

  it('the Watched button pressed twice at once (a double click) records once', async () => {
    await stack.link(USERS.alice.id, 'alice');
    const episode = [...stack.emulator.data.episodes.values()][1];
    const recordsOfAlice = () =>
      [...stack.emulator.data.records.values()].filter(
        (r) => r.userId === DEMO_USERS.alice.id && r.episodeId === episode?.id,
      ).length;
    const before = recordsOfAlice();
    const customId = `subscription:watched:${episode?.id}`;
    const presses = await Promise.all([
      stack.discord.button({ customId, ...as(USERS.alice) }),
      stack.discord.button({ customId, ...as(USERS.alice) }),
    ]);
    const replies = await Promise.all(presses.map((press) => press.reply(TIMEOUT)));
    const texts = replies.map((reply) => reply.content ?? '').sort();
    expect(texts[0]).toMatch(/^Recorded /);
    expect(texts[1]).toMatch(/already recorded/);
    expect(recordsOfAlice()).toBe(before + 1);
    // Pressed again later: still once.
    const later = await (await stack.discord.button({ customId, ...as(USERS.alice) })).reply(TIMEOUT);
    expect(later.content).toMatch(/already recorded/);
    expect(recordsOfAlice()).toBe(before + 1);
    // Someone else pressing the same alert records for them.
    await stack.link(USERS.bob.id, 'bob');
    const bob = await (await stack.discord.button({ customId, ...as(USERS.bob) })).reply(TIMEOUT);
    expect(bob.content).toMatch(/^Recorded /);
  });

  it('an alert’s Watched claim is the episode’s: `1` and `01` (a forged or edited id) record once', async () => {
    await stack.link(USERS.alice.id, 'alice');
    const episode = [...stack.emulator.data.episodes.values()][3];
    const recordsOfAlice = () =>
      [...stack.emulator.data.records.values()].filter(
        (r) => r.userId === DEMO_USERS.alice.id && r.episodeId === episode?.id,
      ).length;
    const before = recordsOfAlice();
    const first = await (
      await stack.discord.button({ customId: `subscription:watched:${episode?.id}`, ...as(USERS.alice) })
    ).reply(TIMEOUT);
    expect(first.content).toMatch(/^Recorded /);
    // Before: the claim was keyed on the text, so a leading zero was another claim and a second record.
    for (const spelled of [`0${episode?.id}`, `00${episode?.id}`]) {
      const again = await (
        await stack.discord.select({
          customId: `subscription:rate:${spelled}`,
          values: ['good'],
          ...as(USERS.alice),
        })
      ).reply(TIMEOUT);
      expect(again.content).toMatch(/already recorded/);
    }
    expect(recordsOfAlice()).toBe(before + 1);
  });

  it('an alert’s rating menu after its Watched button records nothing more', async () => {
    await stack.link(USERS.alice.id, 'alice');
    const episode = [...stack.emulator.data.episodes.values()][2];
    const recordsOfAlice = () =>
      [...stack.emulator.data.records.values()].filter(
        (r) => r.userId === DEMO_USERS.alice.id && r.episodeId === episode?.id,
      ).length;
    const before = recordsOfAlice();
    const watched = await (
      await stack.discord.button({ customId: `subscription:watched:${episode?.id}`, ...as(USERS.alice) })
    ).reply(TIMEOUT);
    expect(watched.content).toMatch(/^Recorded /);
    const rated = await (
      await stack.discord.select({
        customId: `subscription:rate:${episode?.id}`,
        values: ['great'],
        ...as(USERS.alice),
      })
    ).reply(TIMEOUT);
    expect(rated.content).toMatch(/already recorded/);
    expect(recordsOfAlice()).toBe(before + 1);
  });
});
