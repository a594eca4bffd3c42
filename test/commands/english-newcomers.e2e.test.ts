/**
 * Through the real discord.js client against the fake Discord and the emulator, in
 * English and Japanese: the season in Japan time with the coming one offered, seasons and statuses in
 * the service's own words, English titles for English readers, `/work search` most watched first.
 */
import { describe, expect, it } from 'vitest';
import { DEMO_WORKS } from '../fakes/emulator/seed.js';
import { USERS, useStack } from '../support/stack.js';

const TIMEOUT = 15_000;
/** 00:30 on New Year's Day in Japan: still 31 December (autumn) in UTC. */
const NEW_YEAR_IN_JAPAN = Date.parse('2026-01-01T00:30:00+09:00');

describe('English newcomers end to end', () => {
  // The clock starts at New Year in Japan and runs on.
  const started = Date.now();
  const stack = useStack(
    { now: () => new Date(NEW_YEAR_IN_JAPAN + (Date.now() - started)) },
    { link: ['alice'] },
  );

  const autocomplete = async (
    name: string,
    subcommand: string | undefined,
    focused: string,
    typed: string,
    locale: string,
  ) =>
    (
      await stack.discord.autocomplete({
        name,
        ...(subcommand ? { subcommand } : {}),
        options: { [focused]: typed },
        focused,
        user: { ...USERS.alice, locale },
        locale,
      })
    ).reply(TIMEOUT);

  const slash = async (
    name: string,
    subcommand: string | undefined,
    options: Record<string, string>,
    locale: string,
  ) =>
    (
      await stack.discord.slash({
        name,
        ...(subcommand ? { subcommand } : {}),
        options,
        user: { ...USERS.alice, locale },
        locale,
      })
    ).reply(TIMEOUT);

  it('offers this season in Japan time first, then the coming one, in words (English)', async () => {
    const reply = await autocomplete('work', 'search', 'season', '', 'en-US');
    expect(reply.choices?.slice(0, 3)).toEqual([
      { name: 'Winter 2026', value: '2026-winter' },
      { name: 'Spring 2026', value: '2026-spring' },
      { name: 'Fall 2025', value: '2025-autumn' },
    ]);
    const library = await autocomplete('library', undefined, 'season', 'fall', 'en-US');
    expect(library.choices?.map((c) => c.value)).toEqual(['2025-autumn', '2024-autumn', '2023-autumn']);
  });

  it('offers this season in Japan time first, then the coming one, in words (Japanese)', async () => {
    const reply = await autocomplete('work', 'search', 'season', '2026', 'ja');
    expect(reply.choices).toEqual([
      { name: '2026年春', value: '2026-spring' },
      { name: '2026年冬', value: '2026-winter' },
      { name: '2026年（通年）', value: '2026-all' },
    ]);
    const card = await autocomplete('me', undefined, 'season', '', 'ja');
    expect(card.choices?.slice(0, 2)).toEqual([
      { name: '2026年冬', value: '2026-winter' },
      { name: '2026年春', value: '2026-spring' },
    ]);
  });

  it('names works in the reader’s language with the season in words in the work autocomplete', async () => {
    const english = await autocomplete('work', 'info', 'work', 'そらいろ', 'en-US');
    expect(english.choices?.[0]).toEqual({
      name: 'Sky Blue Notebook (Spring 2024)',
      value: String(DEMO_WORKS.soraNote),
    });
    const japanese = await autocomplete('work', 'info', 'work', 'そらいろ', 'ja');
    expect(japanese.choices?.[0]).toEqual({
      name: '空色ノート (2024年春)',
      value: String(DEMO_WORKS.soraNote),
    });
  });

  /** `/work search` of spring 2024: its heading and the titles of its first `count` lines. */
  const springSearch = async (locale: string, extra: Record<string, string> = {}, count = 3) => {
    const reply = await slash('work', 'search', { season: '2024-spring', ...extra }, locale);
    const lines = (reply.embeds[0]?.description ?? '').split('\n');
    return {
      heading: reply.embeds[0]?.title,
      titles: lines.slice(0, count).map((line) => line.split(' · ')[0]),
    };
  };

  it('/work search lists the most watched first by default, the season in words (English)', async () => {
    expect(await springSearch('en-US')).toEqual({
      heading: 'Works matching “Spring 2024”',
      titles: ['**Sky Blue Notebook**', '**A Bakery Even in Another World**', '**Seaside Café Lumina**'],
    });
    // The other orders are still there: by entry, the café (id 4) comes before the bakery (id 6).
    expect((await springSearch('en-US', { sort: 'id' })).titles[1]).toBe('**Seaside Café Lumina**');
  });

  it('/work search lists the most watched first by default, the season in words (Japanese)', async () => {
    expect(await springSearch('ja')).toEqual({
      heading: '「2024年春」の検索結果',
      titles: ['**空色ノート**', '**異世界でもパン屋さん**', '**海辺のカフェ・ルミナ**'],
    });
  });

  it('names statuses in the service’s own words (English), and keeps the Japanese ones', async () => {
    const setStatus = async (kind: string, locale: string) =>
      (await slash('status', undefined, { work: String(DEMO_WORKS.uchuShokudo), kind }, locale)).content;
    expect(await setStatus('stop_watching', 'en-US')).toContain(
      'Set **Welcome to the Space Diner** to Dropped.',
    );
    const japanese = await setStatus('on_hold', 'ja');
    expect(japanese).toContain('宇宙食堂へようこそ');
    expect(japanese).not.toContain('Welcome to the Space Diner');
  });

  it('/help says what each command does and what the service is, with its sign-up link (English)', async () => {
    const help = (await slash('help', undefined, {}, 'en-US')).embeds[0];
    expect(help?.description).toMatch(
      /^Annict is where anime fans keep a record .*\[Sign up\]\(https?:\/\/[^)]+\/sign_up\)/,
    );
    const lines = (help?.fields ?? []).flatMap((field) => field.value.split('\n'));
    expect(lines).toContain(`</work search:${registeredId('work')}> — Search works by title and season`);
    // Every command line says what it does.
    const commandLines = lines.filter((line) => line.startsWith('</'));
    expect(commandLines.length).toBeGreaterThan(25);
    expect(commandLines.every((line) => / — \S/.test(line))).toBe(true);
  });

  it('/help says what each command does and what the service is, with its sign-up link (Japanese)', async () => {
    const help = (await slash('help', undefined, {}, 'ja')).embeds[0];
    expect(help?.description).toMatch(/^Annictは、見たアニメを.*\[新規登録\]\(https?:\/\/[^)]+\/sign_up\)/);
    const lines = (help?.fields ?? []).flatMap((field) => field.value.split('\n'));
    expect(lines).toContain(`</work search:${registeredId('work')}>：タイトルやシーズンで作品を検索`);
    expect(lines.filter((line) => line.startsWith('</')).every((line) => /^<\/[^>]+>：\S/.test(line))).toBe(
      true,
    );
  });

  it('the account link panel says what the service is, with its sign-up link, in both languages', async () => {
    for (const [locale, signUp] of [
      ['en-US', '[Sign up]('],
      ['ja', '[新規登録]('],
    ] as const) {
      const panel = (
        await (
          await stack.discord.slash({
            name: 'account',
            subcommand: 'link',
            user: { ...USERS.bob, locale },
            locale,
          })
        ).reply(TIMEOUT)
      ).embeds[0];
      expect(panel?.description).toContain(signUp);
      expect(panel?.description).toMatch(/\/sign_up\)/);
    }
  });

  /** The id Discord gave a registered command (the fake's registration). */
  function registeredId(name: string): string {
    return stack.discord.registeredCommands().find((command) => command.name === name)?.id ?? 'unknown';
  }
});
