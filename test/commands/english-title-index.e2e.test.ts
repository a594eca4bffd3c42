/**
 * Typed English titles found, through the real discord.js client against the fake
 * Discord and the emulator, in English and Japanese: the service matches only the Japanese title and
 * its reading, so the bot keeps a local index of its English titles (a daily refresh of recent
 * seasons, and every work page it fetched) that `/work search` and autocomplete consult first.
 */
import { describe, expect, it } from 'vitest';
import { DEMO_TOKENS, DEMO_WORKS } from '../fakes/emulator/seed.js';
import { USERS, useStack } from '../support/stack.js';

const TIMEOUT = 15_000;
/** Summer 2024 in Japan: the refresh reads summer and autumn 2024, spring and winter 2024. */
const SUMMER_2024 = Date.parse('2024-08-10T12:00:00+09:00');

describe('English titles found end to end', () => {
  const started = Date.now();
  /** Works requests the operator's token (the refresh's) made. */
  const operatorWorks: string[] = [];
  const stack = useStack(
    {
      now: () => new Date(SUMMER_2024 + (Date.now() - started)),
      onServiceRequest: ({ token, path }) => {
        if (token === DEMO_TOKENS.carol && path.endsWith('/works')) operatorWorks.push(path);
      },
    },
    { link: ['alice'] },
  );

  const autocomplete = async (typed: string, locale: string) =>
    (
      await (
        await stack.discord.autocomplete({
          name: 'work',
          subcommand: 'info',
          options: { work: typed },
          focused: 'work',
          user: { ...USERS.alice, locale },
          locale,
        })
      ).reply(TIMEOUT)
    ).choices ?? [];

  const search = async (options: Record<string, string>, locale: string) =>
    (
      await (
        await stack.discord.slash({
          name: 'work',
          subcommand: 'search',
          options,
          user: { ...USERS.alice, locale },
          locale,
        })
      ).reply(TIMEOUT)
    ).embeds[0]?.description ?? '';

  const info = async (work: string, locale: string) =>
    (
      await (
        await stack.discord.slash({
          name: 'work',
          subcommand: 'info',
          options: { work },
          user: { ...USERS.alice, locale },
          locale,
        })
      ).reply(TIMEOUT)
    ).content ?? '';

  it('finds nothing by an English title before the index knows it (the service matches Japanese only)', async () => {
    expect(await search({ title: 'Moonshadow' }, 'en-US')).not.toContain('Moonshadow');
    expect(await autocomplete('moonshadow', 'en-US')).toEqual([]);
  });

  it('says the English titles are still being read on a new install, not that nothing matched', async () => {
    // No refresh has run yet (the tests drive the jobs): a new install's first minute or two.
    expect(await search({ title: 'Moonshadow' }, 'en-US')).toContain('still reading the English titles');
    expect(await search({ title: 'Moonshadow' }, 'ja')).toContain('英語タイトルを読み込んでいる');
    expect(await info('Moonshadow', 'en-US')).toContain('No work matched “Moonshadow” yet');
    // Japanese text never waits for the index: its usual answer.
    expect(await info('存在しない作品名', 'ja')).toContain('一致する作品はありませんでした');
  });

  it('refreshes this, the coming and the two previous seasons in one request each here', async () => {
    const refresh = stack.kiroku.jobs.titles;
    expect(refresh).toBeDefined();
    const before = operatorWorks.length;
    const report = await refresh?.refresh();
    // Four seasons, each under a page of 50 in the seed: four requests, on the operator's token.
    expect(report?.requests).toBe(4);
    expect(operatorWorks.length - before).toBe(4);
    expect(report?.works).toBeGreaterThanOrEqual(3);
    // A second look the same day makes no request.
    expect(await refresh?.refreshIfDue()).toBeUndefined();
    expect(operatorWorks.length - before).toBe(4);
  });

  it('/work search finds a work by its English title after the refresh (English and Japanese)', async () => {
    const english = await search({ title: 'Moonshadow' }, 'en-US');
    expect(english.split('\n')[0]).toContain('**Swordsman of the Moonshadow**');
    const japanese = await search({ title: 'moonshadow' }, 'ja');
    expect(japanese.split('\n')[0]).toContain('**月影の剣士**');
    // Case- and accent-insensitive, and narrowed by a season.
    expect(await search({ title: 'CAFE LUMINA', season: '2024-spring' }, 'en-US')).toContain(
      '**Seaside Café Lumina**',
    );
    expect(await search({ title: 'cafe lumina', season: '2024-summer' }, 'en-US')).not.toContain('Lumina');
  });

  it('autocomplete offers it by its English title, named in the reader’s language', async () => {
    expect((await autocomplete('moonsh', 'en-US'))[0]).toEqual({
      name: 'Swordsman of the Moonshadow (Summer 2024)',
      value: String(DEMO_WORKS.tsukikage),
    });
    expect((await autocomplete('Moonsh', 'ja'))[0]).toEqual({
      name: '月影の剣士 (2024年夏)',
      value: String(DEMO_WORKS.tsukikage),
    });
    // Japanese input still goes to the service.
    expect((await autocomplete('つきかげ', 'ja'))[0]?.value).toBe(String(DEMO_WORKS.tsukikage));
  });

  it('once the titles are read, an English text that matches nothing gets the usual answer', async () => {
    expect(await search({ title: 'Zzyzx' }, 'en-US')).toContain('No work matches this search');
    expect(await info('Zzyzx', 'en-US')).toContain('No work matched “Zzyzx”. Pick one');
  });

  it('keeps the English title of every work page it fetched, older seasons too, without a request', async () => {
    expect(await autocomplete('promised summer', 'en-US')).toEqual([]);
    await (
      await stack.discord.slash({
        name: 'work',
        subcommand: 'info',
        options: { work: String(DEMO_WORKS.soraNoteMovie) },
        user: USERS.alice,
      })
    ).reply(TIMEOUT);
    const before = operatorWorks.length;
    expect((await autocomplete('promised summer', 'en-US'))[0]?.value).toBe(String(DEMO_WORKS.soraNoteMovie));
    expect(operatorWorks.length).toBe(before);
  });

  it('keeps the index across a restart (it is in the store)', async () => {
    await stack.restart();
    expect((await search({ title: 'Moonshadow' }, 'en-US')).split('\n')[0]).toContain(
      '**Swordsman of the Moonshadow**',
    );
  });
});
