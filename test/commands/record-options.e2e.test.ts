/**
 * `/record` as people say it: `rating` is the four levels, the share options
 * name where they share, every description names Annict, `/record edit` and `delete` pick from your
 * recent records (a typed id still works), and the public post looks finished: cover, a link to the
 * record on Annict, no internal id, no "(no comment)". In English and Japanese, through discord.js.
 */
import type { APIApplicationCommandOption } from 'discord-api-types/v10';
import { describe, expect, it } from 'vitest';
import { DEMO_USERS, DEMO_WORKS } from '../fakes/emulator/seed.js';
import { slashAsAlice, USERS, useStack } from '../support/stack.js';

const TIMEOUT = 15_000;

describe('/record options and posts people read', () => {
  const stack = useStack({ emulatorRateLimit: false }, { link: ['alice'] });
  const slash = slashAsAlice(() => stack);
  const autocomplete = (subcommand: string, typed: string, locale = 'en-US') =>
    stack.discord.autocomplete({
      name: 'record',
      subcommand,
      options: { record: typed },
      focused: 'record',
      user: { ...USERS.alice, locale },
      locale,
    });
  const aliceRecords = () =>
    [...stack.emulator.data.records.values()].filter((r) => r.userId === DEMO_USERS.alice.id);

  it('registers `rating` as the four levels, shares named for where they go, and Annict in every description', () => {
    // The service is called by its name, never "the viewing-record site".
    const everything = JSON.stringify(stack.discord.registeredCommands());
    expect(everything).not.toMatch(/viewing-record (site|account)|視聴記録サイト/);
    const record = stack.discord.registeredCommands().find((c) => c.name === 'record');
    const subs = (record?.options ?? []) as unknown as Array<
      APIApplicationCommandOption & { options?: APIApplicationCommandOption[] }
    >;
    const post = subs.find((o) => o.name === 'post');
    const names = post?.options?.map((o) => o.name);
    expect(names).toEqual([
      'work',
      'episode',
      'through',
      'rating',
      'comment',
      'share_on_x',
      'share_on_facebook',
    ]);
    const rating = post?.options?.find((o) => o.name === 'rating') as { choices?: Array<{ value: string }> };
    expect(rating.choices?.map((c) => c.value)).toEqual(['great', 'good', 'average', 'bad']);
    for (const name of ['post', 'edit', 'delete']) {
      const sub = subs.find((o) => o.name === name);
      for (const text of [
        sub,
        ...(sub?.options ?? []).filter((o) => o.name !== 'work' && o.name !== 'episode'),
      ]) {
        if (!text) continue;
        if (name === 'post' && text.name === 'episode') continue;
        expect(text.description, `${name} ${text.name}`).toContain('Annict');
        expect(text.description_localizations?.ja, `${name} ${text.name}`).toContain('Annict');
      }
    }
  });

  it('posts a finished record in English: cover, link to the record, no id, no “(no comment)”', async () => {
    const reply = await (
      await slash('record', 'post', { work: String(DEMO_WORKS.soraNote), episode: '#5', rating: 'great' })
    ).reply(TIMEOUT);
    const created = aliceRecords().at(-1);
    expect(created).toMatchObject({ ratingState: 'great', rating: null });
    const embed = reply.embeds[0];
    expect(embed?.title).toMatch(/^Sky Blue Notebook Ep 5 /);
    expect(embed?.url).toBe(`https://annict.com/@alice/records/${created?.id}`);
    expect(embed?.thumbnail?.url).toMatch(/^https:\/\//);
    expect(embed?.description).toBeUndefined();
    expect(embed?.footer?.text).toBe('by alice');
    expect(JSON.stringify(embed)).not.toMatch(/#\d|no comment/);
  });

  it('posts in Japanese with the comment behind a spoiler; share_on_x is taken', async () => {
    const reply = await (
      await slash(
        'record',
        'post',
        { work: String(DEMO_WORKS.soraNote), episode: '#6', comment: '良かった', share_on_x: true },
        'ja',
      )
    ).reply(TIMEOUT);
    const embed = reply.embeds[0];
    expect(embed?.title).toMatch(/^空色ノート 第6話 /);
    expect(embed?.url).toBe(`https://annict.com/@alice/records/${aliceRecords().at(-1)?.id}`);
    expect(embed?.description).toBe('||良かった||');
    expect(embed?.fields ?? []).toEqual([]);
    expect(embed?.footer?.text).toBe('aliceさん');
    expect(embed?.thumbnail?.url).toMatch(/^https:\/\//);
    expect(JSON.stringify(embed)).not.toContain('コメントなし');
  });

  it('/record edit picks from your recent records (English), and still takes a typed id', async () => {
    const choices = (await (await autocomplete('edit', '')).reply(TIMEOUT)).choices ?? [];
    const newest = aliceRecords().at(-1);
    expect(choices[0]).toEqual({
      name: expect.stringMatching(/^Sky Blue Notebook Ep 6 · now$/),
      value: String(newest?.id),
    });
    const great = choices.find((c) => c.name.includes('Ep 5'));
    expect(great?.name).toMatch(/^Sky Blue Notebook Ep 5 · Great · now$/);
    // Typing narrows the list by what the choice says.
    const narrowed = (await (await autocomplete('edit', 'great')).reply(TIMEOUT)).choices ?? [];
    expect(narrowed.length).toBeLessThan(choices.length);
    expect(narrowed[0]).toEqual(great);
    expect(narrowed.every((c) => c.name.includes('Great'))).toBe(true);

    const edited = await (
      await slash('record', 'edit', { record: String(great?.value), rating: 'good' })
    ).reply(TIMEOUT);
    expect(edited.content).toMatch(/^Updated your record of \*\*Sky Blue Notebook Ep 5 /);
    expect(stack.emulator.data.records.get(Number(great?.value))).toMatchObject({ ratingState: 'good' });
    const typed = await (
      await slash('record', 'edit', { record: `#${great?.value}`, comment: 'typed id' })
    ).reply(TIMEOUT);
    expect(typed.content).toMatch(/^Updated your record of/);
    expect(stack.emulator.data.records.get(Number(great?.value))).toMatchObject({
      ratingState: 'good',
      comment: 'typed id',
    });
  });

  it('in Japanese: choices in Japanese; text that is no id is refused; someone else’s record is not yours', async () => {
    const choices = (await (await autocomplete('delete', '', 'ja')).reply(TIMEOUT)).choices ?? [];
    expect(choices[0]?.name).toMatch(/^空色ノート 第6話 · 今$/);
    expect(choices.find((c) => c.name.includes('第5話'))?.name).toMatch(/^空色ノート 第5話 · 良い · 今$/);

    const before = stack.emulator.data.records.size;
    const typo = await (await slash('record', 'delete', { record: '空色ノート' }, 'ja')).reply(TIMEOUT);
    expect(typo.content).toBe('`record`: 一覧から自分の記録を選ぶか、998877のような記録IDを入力してください');
    const bobs = [...stack.emulator.data.records.values()].find((r) => r.userId === DEMO_USERS.bob.id);
    const other = await (await slash('record', 'delete', { record: String(bobs?.id) }, 'ja')).reply(TIMEOUT);
    expect(other.content).toContain('そのIDの記録はAnnictのあなたの記録にありません');

    const confirm = await (await slash('record', 'delete', { record: choices[0]?.value ?? '' }, 'ja')).reply(
      TIMEOUT,
    );
    expect(confirm.content).toMatch(/^\*\*空色ノート 第6話 .+\*\*の記録を削除しますか？/);
    expect(stack.emulator.data.records.size).toBe(before);
  });
});
