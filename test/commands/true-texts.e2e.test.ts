/**
 * Texts that are true, read through the real discord.js client in English and
 * Japanese: Annict's own words (放送開始日, タイムライン, 未視聴エピソード), Japanese spaced as Annict
 * writes it (いいね3件), an empty episode list that does not claim `/status` records a work, and an
 * airing subscription that posts for a work rather than "follows" it.
 */
import { describe, expect, it } from 'vitest';
import { DEMO_WORKS } from '../fakes/emulator/seed.js';
import { slashAsAlice, USERS, useStack } from '../support/stack.js';

const TIMEOUT = 15_000;
/** A half-width space between Japanese and a Latin word or a number. */
const SPACED = /[\u3040-\u30ff\u3400-\u9fff] [A-Za-z0-9]|[A-Za-z0-9] [\u3040-\u30ff\u3400-\u9fff]/u;

describe('texts that are true, in both languages', () => {
  const stack = useStack({ emulatorRateLimit: false }, { link: ['alice'] });
  const slash = slashAsAlice(() => stack);

  it('a TV series shows when it first aired, in Annict’s words', async () => {
    const en = await (await slash('work', 'info', { work: String(DEMO_WORKS.soraNote) })).reply(TIMEOUT);
    const ja = await (await slash('work', 'info', { work: String(DEMO_WORKS.soraNote) }, 'ja')).reply(
      TIMEOUT,
    );
    expect(en.embeds[0]?.fields?.map((f) => f.name)).toContain('First aired');
    expect(ja.embeds[0]?.fields?.map((f) => f.name)).toContain('放送開始日');
    expect(ja.embeds[0]?.fields?.map((f) => f.name)).not.toContain('公開日');
    const movie = await (await slash('work', 'info', { work: String(DEMO_WORKS.soraNoteMovie) }, 'ja')).reply(
      TIMEOUT,
    );
    expect(movie.embeds[0]?.fields?.map((f) => f.name)).toContain('公開日');
  });

  it('a work without episodes says so, and does not claim /status records it', async () => {
    for (const [locale, says, never] of [
      ['en-US', /lists no episodes for this work yet/, /Record the work/],
      ['ja', /エピソードがまだありません/, /記録できます/],
    ] as const) {
      const reply = await (
        await slash('episode', 'list', { work: String(DEMO_WORKS.soraNoteMovie) }, locale)
      ).reply(TIMEOUT);
      const text = `${reply.content ?? ''}${reply.embeds[0]?.description ?? ''}`;
      expect(text).toMatch(says);
      expect(text).not.toMatch(never);
    }
  });

  it('/feed is the timeline and /watch the unwatched episodes; Japanese counts carry no spaces', async () => {
    const feedEn = await (await slash('feed', undefined, {})).reply(TIMEOUT);
    const feedJa = await (await slash('feed', undefined, {}, 'ja')).reply(TIMEOUT);
    expect(feedEn.embeds[0]?.title).toBe('Your timeline');
    expect(feedJa.embeds[0]?.title).toBe('タイムライン');
    const watch = await (await slash('watch', undefined, {}, 'ja')).reply(TIMEOUT);
    expect(watch.embeds[0]?.title).toBe('未視聴エピソード');

    const list = await (
      await slash('record', 'list', { work: String(DEMO_WORKS.soraNote), episode: '#1' }, 'ja')
    ).reply(TIMEOUT);
    const text = [list.embeds[0]?.description ?? '', list.embeds[0]?.footer?.text ?? ''].join('\n');
    expect(text).toMatch(/いいね\d+件/);
    expect(text).toMatch(/全\d+件/);
    expect(text.replace(/\|\|[^|]*\|\|/g, '')).not.toMatch(SPACED);
    // A public list: no internal ids and no "(no comment)" filler, in either language.
    const listEn = await (
      await slash('record', 'list', { work: String(DEMO_WORKS.soraNote), episode: '#1' })
    ).reply(TIMEOUT);
    for (const shown of [text, listEn.embeds[0]?.description ?? '']) {
      expect(shown).not.toMatch(/^`\d+`|no comment|コメントなし/m);
    }
  });

  it('/subscription airing posts for a work; it does not “follow” it (Japanese and English)', async () => {
    const channel = stack.discord.channelIds(stack.discord.guildIds[0] ?? '')[0] ?? '';
    const subscribe = (locale: string, work: number) =>
      stack.discord.slash({
        name: 'subscription',
        subcommand: 'airing',
        options: { channel, work: String(work) },
        user: { ...USERS.alice, locale },
        locale,
      });
    const ja = await (await subscribe('ja', DEMO_WORKS.cafeLumina)).reply(TIMEOUT);
    expect(ja.content).toMatch(/^\*\*海辺のカフェ・ルミナ\*\*の新しいエピソードが初めて放送されたときに、/);
    expect(ja.content).toContain('1作品）');
    expect(ja.content).not.toContain('フォロー');
    const en = await (await subscribe('en-US', DEMO_WORKS.soraNote)).reply(TIMEOUT);
    expect(en.content).toContain('will get a post when each new episode of');
    expect(en.content).toContain(', 2 works)');
    expect(en.content).not.toContain('follows');
  });
});
