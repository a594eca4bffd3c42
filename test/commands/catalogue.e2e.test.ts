import { ComponentType } from 'discord-api-types/v10';
import { describe, expect, it } from 'vitest';
import { customIds } from '../fakes/discord/fake-discord.js';
import { DEMO_GINGA, DEMO_USERS, DEMO_WORKS } from '../fakes/emulator/seed.js';
import { slashAsAlice, USERS, useStack } from '../support/stack.js';

/** The catalogue commands through a real discord.js client, the real composition root and the emulator. */
describe('catalogue commands end to end', () => {
  const stack = useStack();

  const slash = slashAsAlice(() => stack);

  it('pages through every work of a 120-work search, each seen once', async () => {
    const first = await (await slash('work', 'search', { title: DEMO_GINGA.fragment })).reply(15_000);
    const seen: number[] = [];
    let reply = first;
    for (let guard = 0; guard < 30; guard++) {
      // Each page's entries are in its Open… menu, by id.
      for (const row of reply.components ?? []) {
        if (row.type !== ComponentType.ActionRow) continue;
        for (const component of row.components)
          if (component.type === ComponentType.StringSelect)
            seen.push(...component.options.map((option) => Number(option.value)));
      }
      const next = customIds(reply.components).find(
        (id) => id.startsWith('pg:') && id.endsWith(`:${guard + 2}`),
      );
      const nextButton = JSON.stringify(reply.components).includes('"disabled":false') && next;
      if (!nextButton || !reply.embeds[0]?.footer?.text.includes(`Page ${guard + 1} of`)) break;
      const pressed = await stack.discord.button({
        customId: next,
        user: USERS.alice,
        message: reply.message ?? '',
      });
      reply = await pressed.reply(15_000);
      expect(reply.type).toBe(7);
    }
    expect(seen).toHaveLength(DEMO_GINGA.count);
    expect(new Set(seen).size).toBe(DEMO_GINGA.count);
    expect(Math.min(...seen)).toBe(DEMO_GINGA.firstId);
    expect(Math.max(...seen)).toBe(DEMO_GINGA.lastId);
  });

  it('refuses another user’s paging button', async () => {
    const first = await (await slash('work', 'search', { title: DEMO_GINGA.fragment })).reply(15_000);
    const next = customIds(first.components).find((id) => id.endsWith(':2'));
    expect(next).toBeDefined();
    const forged = await (await stack.discord.button({ customId: next ?? '', user: USERS.stranger })).reply();
    expect(forged.ephemeral).toBe(true);
    expect(forged.content).toMatch(/Only the person who ran this command/);
  });

  it('/work info shows the work with a cover, an episodes button and a status select', async () => {
    const reply = await (await slash('work', 'info', { work: String(DEMO_WORKS.soraNote) })).reply(15_000);
    const embed = reply.embeds[0];
    expect(embed?.url).toContain(`/works/${DEMO_WORKS.soraNote}`);
    expect(embed?.fields?.map((f) => f.name)).toEqual(expect.arrayContaining(['Season', 'Watchers']));
    expect(customIds(reply.components)).toEqual([
      `work:episodes:${DEMO_WORKS.soraNote}`,
      `work:credits:${DEMO_WORKS.soraNote}`,
      `work:status:${DEMO_WORKS.soraNote}`,
    ]);
  });

  it('/work info by free text uses the best title match, or says nothing matched', async () => {
    const matched = await (await slash('work', 'info', { work: '銀河' }, 'ja')).reply(15_000);
    expect(matched.embeds[0]?.title).toContain('銀河');
    // Past a new install's first read of the English titles (until then, English text is told to wait).
    await stack.kiroku.deps.titles.markRefreshed();
    const none = await (await slash('work', 'info', { work: 'no such title anywhere' })).reply(15_000);
    expect(none.ephemeral).toBe(true);
    expect(none.content).toContain('No work matched “no such title anywhere”.');
  });

  it('/work search refuses a malformed season with a clear, private message', async () => {
    const reply = await (await slash('work', 'search', { season: 'autumn-2024' })).reply(15_000);
    expect(reply.ephemeral).toBe(true);
    expect(reply.content).toContain('`season`: must look like 2024-autumn');
  });

  it('/episode list and /episode info by number', async () => {
    const list = await (await slash('episode', 'list', { work: String(DEMO_WORKS.soraNote) })).reply(15_000);
    expect(list.embeds[0]?.title).toMatch(/^Episodes of /);
    expect(list.embeds[0]?.description).toMatch(/^Ep 1 .+ · \d+ records$/m);
    expect(customIds(list.components)).toContain(`episode:open:${DEMO_WORKS.soraNote}`);
    const info = await (
      await slash('episode', 'info', { work: String(DEMO_WORKS.soraNote), number: '#2' })
    ).reply(15_000);
    expect(info.embeds[0]?.title).toBeTruthy();
    expect(info.embeds[0]?.url).toMatch(/\/episodes\/\d+$/);
  });

  it('autocompletes works by title and episodes of the chosen work', async () => {
    const works = await (
      await stack.discord.autocomplete({
        name: 'work',
        subcommand: 'info',
        options: { work: '銀河' },
        focused: 'work',
        // Japanese readers see the Japanese titles (English readers the English ones).
        user: { ...USERS.alice, locale: 'ja' },
        locale: 'ja',
      })
    ).reply(15_000);
    expect(works.type).toBe(8);
    expect(works.choices?.length).toBeGreaterThan(0);
    expect(works.choices?.every((c) => /^\d+$/.test(String(c.value)) && c.name.includes('銀河'))).toBe(true);

    const episodes = await (
      await stack.discord.autocomplete({
        name: 'record',
        subcommand: 'list',
        options: { work: String(DEMO_WORKS.soraNote), episode: '' },
        focused: 'episode',
        user: USERS.alice,
      })
    ).reply(15_000);
    expect(episodes.choices?.length).toBeGreaterThan(0);
  });

  it('a repeated autocomplete is answered from the cache without a service request', async () => {
    const ask = () =>
      stack.discord.autocomplete({
        name: 'work',
        subcommand: 'info',
        options: { work: 'ドラゴン' },
        focused: 'work',
        user: USERS.alice,
      });
    await (await ask()).reply(15_000);
    const before = stack.emulator.stats.requests;
    const again = await (await ask()).reply(15_000);
    expect(again.type).toBe(8);
    expect(stack.emulator.stats.requests).toBe(before);
  });

  it('/people, /user profile|followers|following|activities and /record list', async () => {
    const people = await (await slash('people', undefined, { name: 'a' })).reply(15_000);
    expect(people.embeds[0]?.title).toContain('People matching');

    const profile = await (await slash('user', 'profile', { username: DEMO_USERS.bob.username })).reply(
      15_000,
    );
    expect(profile.embeds[0]?.title).toContain('@bob');
    const followers = await (await slash('user', 'followers', { username: 'alice' })).reply(15_000);
    expect(followers.embeds[0]?.title).toBe('Followers of alice');
    expect(followers.embeds[0]?.description).toMatch(/\*\*\w+\*\*/);
    const following = await (await slash('user', 'following', { username: 'alice' })).reply(15_000);
    expect(following.embeds[0]?.title).toBe('alice follows');
    const activities = await (await slash('user', 'activities', { username: 'alice' })).reply(15_000);
    expect(activities.embeds[0]?.title).toBe('Activity of alice');
    expect(activities.embeds[0]?.description).toContain('**alice**');
    const unknown = await (await slash('user', 'profile', { username: 'nobody_here' })).reply(15_000);
    // The name is quoted escaped (Discord shows `nobody_here`): typed input cannot inject Markdown.
    expect(unknown.content).toBe('No user named “nobody\\_here”.');

    const records = await (
      await slash('record', 'list', { work: String(DEMO_WORKS.soraNote), episode: '#1' })
    ).reply(15_000);
    expect(records.embeds[0]?.title).toMatch(/^Records of /);
    // Comments are hidden behind spoiler tags.
    expect(records.embeds[0]?.description ?? '').toMatch(/\|\|[^|]/);
  });

  it('/help is private and answers in Japanese for locale ja', async () => {
    const help = await (await slash('help', undefined, {}, 'ja')).reply(15_000);
    expect(help.ephemeral).toBe(true);
    expect(help.embeds[0]?.title).toBe('kiroku: Discordでアニメの視聴記録');
    const info = await (await slash('work', 'info', { work: String(DEMO_WORKS.soraNote) }, 'ja')).reply(
      15_000,
    );
    expect(info.embeds[0]?.fields?.map((f) => f.name)).toContain('視聴者数');
  });
});
