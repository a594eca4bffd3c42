/**
 * What fans really write (emoji titles, emoji comments, essays, `|||`) through the real
 * discord.js client, the bot and the emulator. The fake Discord refuses any body that breaks a
 * documented limit or is not well-formed Unicode, as Discord does, so each reply arriving at all is
 * half of the check; the rest is what the reader sees.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_USERS } from '../fakes/emulator/seed.js';
import { slashAsAlice, USERS, useStack } from '../support/stack.js';

const TIMEOUT = 15_000;
const EMOJI_TITLE = '😭🔥'.repeat(150);
const ESSAY = `${'😭🔥'.repeat(700)} 👨‍👩‍👧🇯🇵1️⃣`;

function wellFormed(text: string): boolean {
  return Buffer.from(text, 'utf8').toString('utf8') === text;
}

describe('emoji, essays and spoilers end to end', () => {
  let workId = 0;

  const stack = useStack();
  beforeAll(async () => {
    const data = stack.emulator.data;
    const work = data.createWork({ title: EMOJI_TITLE });
    workId = work.id;
    const episode = data.createEpisode({
      workId,
      number: 1,
      numberText: '😭'.repeat(60),
      title: '🔥'.repeat(200),
    } as never);
    const bob = DEMO_USERS.bob.id;
    for (let i = 0; i < 12; i++) data.createRecord({ userId: bob, episodeId: episode.id, comment: ESSAY });
    data.createRecord({
      userId: bob,
      episodeId: episode.id,
      comment: 'x ||| secret [Free Nitro](https://evil.example)',
    });
    await stack.link(USERS.alice.id, 'alice');
  });

  const slash = slashAsAlice(() => stack);

  it('/work search and /work info answer for an emoji title', async () => {
    const search = await (await slash('work', 'search', { title: '😭🔥' })).reply(TIMEOUT);
    const description = search.embeds[0]?.description ?? '';
    // The line shows the title, cut between whole emoji; the Open menu carries the work's id.
    expect(description.startsWith('**😭🔥')).toBe(true);
    expect(JSON.stringify(search.components)).toContain(`"value":"${workId}"`);
    expect(wellFormed(JSON.stringify(search.embeds))).toBe(true);
    expect(wellFormed(JSON.stringify(search.components))).toBe(true);
    const info = await (await slash('work', 'info', { work: String(workId) })).reply(TIMEOUT);
    expect(info.embeds[0]?.title?.length).toBeLessThanOrEqual(256);
    expect(info.embeds[0]?.title?.startsWith('😭🔥')).toBe(true);
  });

  it('autocomplete offers the emoji-titled work', async () => {
    const works = await (
      await stack.discord.autocomplete({
        name: 'work',
        subcommand: 'info',
        options: { work: '😭🔥' },
        focused: 'work',
        user: USERS.alice,
      })
    ).reply(TIMEOUT);
    expect(works.type).toBe(8);
    expect(works.choices?.map((c) => String(c.value))).toContain(String(workId));
    for (const choice of works.choices ?? []) {
      expect(choice.name.length).toBeLessThanOrEqual(100);
      expect(wellFormed(choice.name)).toBe(true);
    }
  });

  it('/record list shows every record of a page of essays, spoilers closed', async () => {
    const list = await (await slash('record', 'list', { work: String(workId), episode: '#1' })).reply(
      TIMEOUT,
    );
    const description = list.embeds[0]?.description ?? '';
    expect(description.length).toBeLessThanOrEqual(4096);
    // Every record of the page has its line (who and when; its comment under it): none dropped silently.
    const shown = description.split('\n').filter((l) => !l.startsWith('||') && /<t:\d+:R>/.test(l));
    const more = description.match(/…and (\d+) more$/);
    const footer = list.embeds[0]?.footer?.text ?? '';
    const perPage = Math.min(13, Number(footer.match(/(\d+) in all/)?.[1] ?? 13));
    expect(shown.length + Number(more?.[1] ?? 0)).toBeGreaterThanOrEqual(Math.min(perPage, 10));
    // `secret` stays inside its spoiler: between the opening `||` and the next raw `||`.
    const line = description.split('\n').find((l) => l.includes('secret')) ?? '';
    expect(line.startsWith('||')).toBe(true);
    expect(line.indexOf('||', 2)).toBe(line.length - 2);
  });

  it('/feed shows bob’s emoji records', async () => {
    const feed = await (await slash('feed', undefined)).reply(TIMEOUT);
    expect(feed.embeds[0]?.description?.length ?? 0).toBeGreaterThan(0);
    expect(wellFormed(JSON.stringify(feed.embeds))).toBe(true);
  });

  it('an error that quotes typed emoji is cut between emoji and still sent', async () => {
    const reply = await (await slash('work', 'info', { work: '💥'.repeat(80) })).reply(TIMEOUT);
    expect(reply.content).toMatch(/💥…/);
    expect(wellFormed(reply.content ?? '')).toBe(true);
  });
});
