/** The four-level rating and reviews through the whole bot, in English and Japanese. */
import { describe, expect, it } from 'vitest';
import { DEMO_USERS, DEMO_WORKS } from '../fakes/emulator/seed.js';
import { slashAsAlice, USERS, useStack } from '../support/stack.js';

const TIMEOUT = 15_000;

describe('four-level ratings and reviews end to end', () => {
  const stack = useStack({ emulatorRateLimit: false }, { link: ['alice'] });

  const slash = slashAsAlice(() => stack);
  const record = (id: number) => stack.emulator.data.records.get(id);

  it('/record post sets the four-level rating; /record edit keeps it unless it is changed', async () => {
    const posted = await (
      await slash(
        'record',
        'post',
        { work: String(DEMO_WORKS.soraNote), episode: '#4', rating: 'great', comment: '神回' },
        'ja',
      )
    ).reply(TIMEOUT);
    const embed = posted.embeds[0];
    expect(embed?.fields).toEqual([{ name: '評価', value: 'とても良い', inline: true }]);
    const id = Number(/\/records\/(\d+)$/.exec(embed?.url ?? '')?.[1]);
    expect(record(id)).toMatchObject({ ratingState: 'great', rating: null, comment: '神回' });

    // Only the comment changes: the service would clear rating_state if it were left out.
    await (await slash('record', 'edit', { record: String(id), comment: 'やっぱり神回' })).reply(TIMEOUT);
    expect(record(id)).toMatchObject({ ratingState: 'great', comment: 'やっぱり神回' });
    await (await slash('record', 'edit', { record: String(id), rating: 'good' })).reply(TIMEOUT);
    expect(record(id)).toMatchObject({ ratingState: 'good', comment: 'やっぱり神回' });

    // A list shows the state, never the deprecated number beside it.
    const list = await (
      await slash('record', 'list', { work: String(DEMO_WORKS.soraNote), episode: '#4' })
    ).reply(TIMEOUT);
    const line = (list.embeds[0]?.description ?? '').split('\n').find((l) => l.startsWith('**alice**'));
    expect(line).toContain(' · Good · ');
    expect(line).not.toContain('★');
  });

  it('the airing alert’s rating menu records the chosen state; an old numeric value still works', async () => {
    // One episode per pick: an alert records once per person and episode.
    const episodes = stack.emulator.data.episodesOfWork(DEMO_WORKS.cafeLumina);
    const pick = async (value: string, number: number) => {
      const episode = episodes.find((e) => e.number === number);
      const reply = await (
        await stack.discord.select({
          customId: `subscription:rate:${episode?.id}`,
          values: [value],
          user: USERS.alice,
        })
      ).reply(TIMEOUT);
      const mine = [...stack.emulator.data.records.values()].filter(
        (r) => r.userId === DEMO_USERS.alice.id && r.episodeId === episode?.id,
      );
      return { reply, record: mine.at(-1) };
    };
    const average = await pick('average', 2);
    expect(average.reply.content).toMatch(/^Recorded /);
    expect(average.record).toMatchObject({ ratingState: 'average', rating: null });
    const legacy = await pick('4', 3);
    expect(legacy.reply.content).toMatch(/^Recorded /);
    expect(legacy.record).toMatchObject({ ratingState: null, rating: 4 });
    const none = await pick('none', 4);
    expect(none.reply.content).toMatch(/^Recorded /);
    expect(none.record).toMatchObject({ ratingState: null, rating: null });
  });

  it('/feed offers reviews and shows them; /user activities shows them too', async () => {
    const feed = await (await slash('feed', undefined, { action: 'create_review' }, 'ja')).reply(TIMEOUT);
    const text = feed.embeds[0]?.description ?? '';
    expect(text).toContain('**carol**が**放課後の竜**の感想を書きました · 全体: とても良い');
    expect(text).toContain(`https://annict.com/works/${DEMO_WORKS.houkagoDragon}/records`);
    expect(text).toContain('||竜と少年の友情を丁寧に描いた傑作。最終回は涙なしには見られない。||');
    // Only reviews: the service was asked for that one action.
    expect(
      text
        .split('\n')
        .filter((l) => l.startsWith('**'))
        .every((l) => l.includes('感想')),
    ).toBe(true);

    const activities = await (await slash('user', 'activities', { username: 'carol' })).reply(TIMEOUT);
    // English readers see the work's English title.
    expect(activities.embeds[0]?.description).toMatch(
      /\*\*carol\*\* reviewed \*\*[^*]+\*\* · Overall: Great/,
    );
  });
});
