/** `/work info` and `/work search` extras: countdown, link buttons, seasons. */
import type { APIButtonComponentWithURL } from 'discord-api-types/v10';
import { describe, expect, it } from 'vitest';
import { DEMO_WORKS } from '../fakes/emulator/seed.js';
import { askWorkInfo, slashAsAlice, USERS, useStack } from '../support/stack.js';

const TIMEOUT = 15_000;
/** The whole stack runs in the summer of 2023: the season of the 空色ノート film. */
const OFFSET = Date.parse('2023-08-01T03:00:00Z') - Date.now();

describe('/work extras', () => {
  const stack = useStack(
    { emulatorRateLimit: false, now: () => new Date(Date.now() + OFFSET) },
    { link: ['alice'] },
  );

  const slash = slashAsAlice(() => stack);

  it('/work info counts down to the person’s next episode and links the work’s pages', async () => {
    const reply = await (await slash('work', 'info', { work: String(DEMO_WORKS.soraNote) })).reply(TIMEOUT);
    const next = reply.embeds[0]?.fields?.find((f) => f.name === 'Your next episode');
    // 空色ノート #4 airs on BS11 later today (the earlier TOKYO MX airing has passed).
    expect(next?.value).toMatch(/^ep 4 · <t:\d+:f> \(<t:\d+:R>\) · BS11$/);
    const links = reply.components
      .flatMap((row): unknown[] => ('components' in row ? [...row.components] : []))
      .filter((c): c is APIButtonComponentWithURL => typeof c === 'object' && c !== null && 'url' in c);
    expect(links.map((l) => l.label)).toEqual(expect.arrayContaining(['MyAnimeList', 'Syobocal']));
    expect(links.find((l) => l.label === 'MyAnimeList')?.url).toBe(
      `https://myanimelist.net/anime/${50000 + DEMO_WORKS.soraNote * 7}`,
    );
    expect(links.find((l) => l.label === 'Syobocal')?.url).toBe(
      `https://cal.syoboi.jp/tid/${6800 + DEMO_WORKS.soraNote}`,
    );

    // Someone without a link sees the work without a countdown, at no extra request.
    stack.emulator.resetStats();
    const stranger = await askWorkInfo(stack, DEMO_WORKS.soraNote, USERS.stranger, TIMEOUT);
    expect(stranger.embeds[0]?.fields?.some((f) => f.name === 'Your next episode')).toBe(false);
    expect(stack.emulator.stats.requests).toBe(0);
  });

  it('/work info sends the service’s addresses as Discord takes them: a Japanese Wikipedia page normalised, a broken one left out', async () => {
    // A work no other test here opened: its details are not in the bot's lookup cache yet.
    const work = stack.emulator.data.works.get(DEMO_WORKS.haganeMelody);
    if (!work) throw new Error('seed work missing');
    const wikipedia = 'https://ja.wikipedia.org/wiki/空色ノート_(アニメ)';
    const saved = { ...work };
    Object.assign(work, {
      wikipediaUrl: wikipedia,
      officialSiteUrl: 'http://exa mple.jp/<x>',
      title: '<@&424242424242424242> 空色',
    });
    try {
      // The fake Discord refuses, as Discord does, a body whose URL is not a URI in Discord's description.
      const reply = await askWorkInfo(stack, DEMO_WORKS.haganeMelody, USERS.alice, TIMEOUT);
      const links = reply.components
        .flatMap((row): unknown[] => ('components' in row ? [...row.components] : []))
        .filter((c): c is APIButtonComponentWithURL => typeof c === 'object' && c !== null && 'url' in c);
      expect(links.find((l) => l.label === 'Wikipedia')?.url).toBe(new URL(wikipedia).href);
      expect(links.map((l) => l.label)).not.toContain('Official site');
    } finally {
      Object.assign(work, saved);
    }
  });

  it('season autocompletes the current season first, then the coming one; a year offers its seasons', async () => {
    const ask = async (typed: string) =>
      (
        await (
          await stack.discord.autocomplete({
            name: 'work',
            subcommand: 'search',
            options: { season: typed },
            focused: 'season',
            user: USERS.alice,
          })
        ).reply(TIMEOUT)
      ).choices?.map((c) => c.value);
    expect((await ask(''))?.slice(0, 3)).toEqual(['2023-summer', '2023-autumn', '2023-spring']);
    expect(await ask('2019')).toEqual([
      '2019-autumn',
      '2019-summer',
      '2019-spring',
      '2019-winter',
      '2019-all',
    ]);
    expect(await ask('2023')).toEqual([
      '2023-autumn',
      '2023-summer',
      '2023-spring',
      '2023-winter',
      '2023-all',
    ]);
  });

  /** The lines of a search's first page, and how many service requests it took. */
  async function search(options: Record<string, string>): Promise<{ lines: string[]; requests: number }> {
    stack.emulator.resetStats();
    const reply = await (await slash('work', 'search', { title: '空色ノート', ...options })).reply(TIMEOUT);
    return {
      lines: (reply.embeds[0]?.description ?? '').split('\n'),
      requests: stack.emulator.stats.requests,
    };
  }

  it('without a season, most watched first and this season’s matches at the top, in one request', async () => {
    const { lines, requests } = await search({});
    expect(requests).toBe(1);
    // Most watched first puts the series (4,210) above the film (1,660); the film is this season's, so it leads.
    // An English reader sees the works' English titles (title_en).
    expect(lines[0]).toContain('Sky Blue Notebook the Movie');
    expect(lines[1]).toContain('**Sky Blue Notebook**');
    expect(lines.join('\n').match(/Sky Blue Notebook/g)).toHaveLength(2);
  });

  it('a chosen order is the service’s, this season’s matches still first on the first page', async () => {
    // Newest season first puts the 2024 series above the 2023 film; the film is this season's.
    const { lines, requests } = await search({ sort: 'season' });
    expect(requests).toBe(1);
    expect(lines[0]).toContain('Sky Blue Notebook the Movie');
    expect(lines[1]).toContain('**Sky Blue Notebook**');
  });

  it('with a season, the service’s order alone', async () => {
    const { lines, requests } = await search({ season: '2024-all' });
    expect(requests).toBe(1);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain('**Sky Blue Notebook**');
  });
});
