import { ComponentType } from 'discord-api-types/v10';
import { beforeAll, describe, expect, it } from 'vitest';
import { customIds } from '../fakes/discord/fake-discord.js';
import { DEMO_TOKENS, DEMO_WORKS } from '../fakes/emulator/seed.js';
import { useStack } from '../support/stack.js';

const TIMEOUT = 15_000;

/**
 * What a fan meets first, through the real discord.js client: the /account link panel,
 * clickable command mentions, lists that open what they show, and empty lists that say what to do,
 * in English and Japanese.
 */
describe('onboarding, Open menus and empty states end to end', () => {
  const en = { id: '310000000000000271', username: 'nora_discord', locale: 'en-US' };
  const ja = { id: '310000000000000272', username: 'yui_discord', locale: 'ja' };

  const stack = useStack({ oauth: true });
  beforeAll(async () => {
    // The command ids are read once; /help waits for them, so later replies carry mentions.
    await (await stack.discord.slash({ name: 'help', user: en, locale: en.locale })).reply(TIMEOUT);
  });

  const slash = (user: typeof en, name: string, subcommand?: string, options = {}) =>
    stack.discord.slash({ name, ...(subcommand ? { subcommand } : {}), options, user, locale: user.locale });
  const mentionOf = (path: string) => {
    const id = stack.discord.registeredCommands().find((c) => c.name === path.split(' ')[0])?.id;
    return `</${path}:${id}>`;
  };
  const selects = (reply: { components: unknown[] }) =>
    (
      reply.components as Array<{
        type: number;
        components: Array<{
          type: number;
          custom_id?: string;
          options?: Array<{ value: string; label: string }>;
        }>;
      }>
    )
      .filter((row) => row.type === ComponentType.ActionRow)
      .flatMap((row) => row.components)
      .filter((c) => c.type === ComponentType.StringSelect);

  it('/account link opens a private panel: what linking allows and keeps private, the token page, OAuth and "I have a token"', async () => {
    const panel = await (await slash(en, 'account', 'link')).reply(TIMEOUT);
    expect(panel.ephemeral).toBe(true);
    const embed = panel.embeds[0];
    expect(embed?.title).toBe('Link your Annict account');
    expect(embed?.description).toContain('What stays private');
    expect(embed?.description).toContain(`${mentionOf('account unlink')}`);
    expect(embed?.description).toContain(`Only ${mentionOf('record post')} posts in the channel`);
    expect(embed?.fields?.[0]?.value).toContain('**read + write**');
    const buttons = JSON.stringify(panel.components);
    expect(buttons).toContain('"url":"https://annict.com/settings/apps"');
    expect(customIds(panel.components)).toEqual(['account:tokenform', 'account:oauth']);

    const oauth = await (
      await stack.discord.button({ customId: 'account:oauth', user: en, message: panel.message ?? '' })
    ).reply(TIMEOUT);
    expect(JSON.stringify(oauth.components)).toContain('/oauth/authorize?client_id=');

    const form = await (
      await stack.discord.button({ customId: 'account:tokenform', user: en, message: panel.message ?? '' })
    ).reply(TIMEOUT);
    expect(form.type).toBe(9);
    expect(form.modal?.title).toBe('Link your Annict account');
    const linked = await (
      await stack.discord.modal({
        customId: 'account:token',
        fields: { token: DEMO_TOKENS.alice },
        user: en,
        locale: en.locale,
      })
    ).reply(TIMEOUT);
    expect(linked.content).toBe('Linked as **alice**.');
    // Three commands to try next, as clickable mentions.
    const next = linked.embeds[0]?.description ?? '';
    for (const path of ['library', 'schedule', 'record post']) expect(next).toContain(mentionOf(path));
  });

  it('in Japanese, the panel names the service and its steps in Japanese, with the same mentions', async () => {
    const panel = await (await slash(ja, 'account', 'link')).reply(TIMEOUT);
    expect(panel.embeds[0]?.title).toBe('Annictアカウントを連携');
    expect(panel.embeds[0]?.fields?.[0]?.value).toContain('**読み込み + 書き込み**');
    expect(panel.embeds[0]?.description).toContain(mentionOf('account unlink'));
    expect(JSON.stringify(panel.components)).toContain('"label":"トークンを入力"');
  });

  it('an unlinked person is told to link with a clickable mention, naming the service', async () => {
    const reply = await (await slash(ja, 'me')).reply(TIMEOUT);
    expect(reply.content).toBe(
      `まだAnnictのアカウントを連携していません。${mentionOf('account link')} から連携できます。`,
    );
  });

  it('a work search opens a work from its Open… menu, no id to retype', async () => {
    const search = await (await slash(en, 'work', 'search', { title: '空色' })).reply(TIMEOUT);
    expect(search.embeds[0]?.description).not.toMatch(/`\d+`/);
    const [menu] = selects(search);
    expect(menu?.custom_id).toBe('work:open');
    const option = menu?.options?.find((o) => o.value === String(DEMO_WORKS.soraNote));
    expect(option?.label).toBe('Sky Blue Notebook');
    const opened = await (
      await stack.discord.select({
        customId: 'work:open',
        values: [option?.value ?? ''],
        user: en,
        locale: en.locale,
        message: search.message ?? '',
      })
    ).reply(TIMEOUT);
    expect(opened.ephemeral).toBe(true);
    expect(opened.embeds[0]?.title).toBe('Sky Blue Notebook');
    expect(opened.embeds[0]?.fields?.find((f) => f.name === 'Season')?.value).toBe('Spring 2024');
    expect(customIds(opened.components)).toContain(`work:episodes:${DEMO_WORKS.soraNote}`);
  });

  it('in Japanese, the menu reads 開く… and the work opens with its Japanese title and season', async () => {
    const search = await (await slash(ja, 'work', 'search', { title: '空色' })).reply(TIMEOUT);
    const [menu] = selects(search);
    expect(JSON.stringify(search.components)).toContain('"placeholder":"開く…"');
    const opened = await (
      await stack.discord.select({
        customId: menu?.custom_id ?? '',
        values: [String(DEMO_WORKS.soraNote)],
        user: ja,
        locale: ja.locale,
        message: search.message ?? '',
      })
    ).reply(TIMEOUT);
    expect(opened.embeds[0]?.title).toBe('空色ノート');
    expect(opened.embeds[0]?.fields?.find((f) => f.name === 'シーズン')?.value).toBe('2024年春');
  });

  it('an empty list says why and mentions the command that fixes it, in both languages', async () => {
    // Past a new install's first read of the English titles (until then, English text is told to wait).
    await stack.kiroku.deps.titles.markRefreshed();
    const none = await (await slash(en, 'work', 'search', { title: 'no such work anywhere' })).reply(TIMEOUT);
    expect(none.embeds[0]?.description).toBe(
      `No work matches this search. Try fewer words, the title in kana, or another season with ${mentionOf('work search')}.`,
    );
    expect(selects(none)).toEqual([]);
    const nashi = await (await slash(ja, 'work', 'search', { title: 'どこにもない作品' })).reply(TIMEOUT);
    expect(nashi.embeds[0]?.description).toContain(`${mentionOf('work search')} で言葉を減らすか`);
  });
});
