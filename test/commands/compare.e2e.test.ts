/**
 * `/compare` and the **Compare viewing** context menu through the real discord.js client against the
 * fake Discord and the emulator's seeds, in English and Japanese: two sharing members side by side,
 * a list opened whole, Plan to Watch pressed by its owner and refused to anyone else, and refusals for
 * members who do not share, who never linked, or who unlinked.
 */
import { describe, expect, it } from 'vitest';
import type { InteractionReply } from '../fakes/discord/interaction-result.js';
import { customIds } from '../fakes/discord/interaction-result.js';
import { DEMO_USERS, DEMO_WORKS } from '../fakes/emulator/seed.js';
import { USERS, useStack } from '../support/stack.js';

const TIMEOUT = 20_000;
const CAROL = { id: '310000000000000003', username: 'carol_discord' };

describe('/compare end to end', () => {
  const stack = useStack({ emulatorRateLimit: false }, { link: ['alice', 'bob'] });

  const compare = async (
    user: { id: string; username: string },
    options: Record<string, string>,
    locale = 'en-US',
  ) =>
    (await stack.discord.slash({ name: 'compare', options, user: { ...user, locale }, locale })).reply(
      TIMEOUT,
    );

  const press = async (
    shown: InteractionReply,
    customId: string,
    user: { id: string; username: string },
    locale = 'en-US',
  ) =>
    (
      await stack.discord.button({
        customId,
        user: { ...user, locale },
        locale,
        ...(shown.message ? { message: shown.message } : {}),
      })
    ).reply(TIMEOUT);

  const fields = (reply: InteractionReply) =>
    Object.fromEntries((reply.embeds[0]?.fields ?? []).map((field) => [field.name, field.value]));

  const share = async (user: { id: string; username: string }) => {
    const answer = await (
      await stack.discord.slash({
        name: 'account',
        subcommand: 'visibility',
        options: { shared: true },
        user,
      })
    ).reply(TIMEOUT);
    expect(answer.content).toMatch(/Others can now see/);
  };

  it('compares two sharing members for a season, from the seeds (English)', async () => {
    await share(USERS.alice);
    await share(USERS.bob);
    stack.emulator.resetStats();
    const shown = await compare(USERS.bob, { member: USERS.alice.id, season: '2024-spring' });
    expect(shown.ephemeral).toBe(true);
    const embed = shown.embeds[0];
    expect(embed?.title).toBe('You and alice · Spring 2024');
    // Both rated 空色ノート: bob Great then Average (Good), alice Great then Good (Great).
    expect(embed?.description).toBe('Your ratings agree on **0** of the 1 works you both rated (**0%**).');
    expect(fields(shown)).toEqual({
      'Both watched (1)': '**Sky Blue Notebook**',
      'Only you (1)': '**A Bakery Even in Another World**',
      'Only alice (1)': '**Seaside Café Lumina**',
      'alice rated Great, not on your list (1)': '**Seaside Café Lumina**',
    });
    // One page of activities each, and bob's library checked for the Great work: three requests.
    expect(stack.emulator.stats.requests).toBe(3);
    const ids = customIds(shown.components);
    expect(ids).toContain(`compare:want:${USERS.bob.id}:${DEMO_WORKS.cafeLumina}`);
  });

  it('compares all time in Japanese and opens a list whole', async () => {
    const shown = await compare(USERS.bob, { member: USERS.alice.id }, 'ja');
    expect(shown.embeds[0]?.title).toBe('あなたとaliceさん・これまでのすべて');
    const shownFields = fields(shown);
    // Newest activity first: alice's 銀河 second season is her latest.
    expect(shownFields).toEqual({
      'ふたりとも見た（2）': '**空色ノート**\n**鋼の旋律**',
      'あなただけ（1）': '**異世界でもパン屋さん**',
      'aliceさんだけ（3）': '**銀河鉄道の旅 第2期**\n**海辺のカフェ・ルミナ**\n**放課後の竜**',
      'aliceさんが「とても良い」と評価した、あなたのリストにない作品（1）': '**海辺のカフェ・ルミナ**',
    });
    const listId = customIds(shown.components).find((id) => id.startsWith('compare:list:theirs:'));
    expect(listId).toBe(`compare:list:theirs:${USERS.alice.id}:`);
    const list = await press(shown, listId ?? '', USERS.bob, 'ja');
    expect(list.ephemeral).toBe(true);
    expect(list.embeds[0]?.author?.name).toBe('aliceさんだけ（3）');
    expect(list.embeds[0]?.description).toBe(shownFields['aliceさんだけ（3）']);
  });

  it('Plan to Watch sets the status for the one who asked and refuses anyone else', async () => {
    const shown = await compare(USERS.bob, { member: USERS.alice.id, season: '2024-spring' });
    const want = `compare:want:${USERS.bob.id}:${DEMO_WORKS.cafeLumina}`;
    const refused = await press(shown, want, USERS.alice);
    expect(refused.ephemeral).toBe(true);
    // The command is a clickable mention once its id is known.
    expect(refused.content).toMatch(
      /^Only the person who asked for this comparison can add these to their list: run <\/compare:\d+> to get your own\.$/,
    );
    const refusedJa = await press(shown, want, USERS.alice, 'ja');
    expect(refusedJa.content).toMatch(/^これは比較を頼んだ人だけが自分のリストに追加できるボタンです。/);
    expect(stack.emulator.data.statusOf(DEMO_USERS.alice.id, DEMO_WORKS.cafeLumina)).toBe('watching');
    expect(stack.emulator.data.statusOf(DEMO_USERS.bob.id, DEMO_WORKS.cafeLumina)).toBeUndefined();

    const done = await press(shown, want, USERS.bob);
    expect(done.ephemeral).toBe(true);
    expect(done.content).toBe('Set **Seaside Café Lumina** to Plan to Watch.');
    expect(stack.emulator.data.statusOf(DEMO_USERS.bob.id, DEMO_WORKS.cafeLumina)).toBe('wanna_watch');
    // Now on bob's list: no longer offered.
    const again = await compare(USERS.bob, { member: USERS.alice.id, season: '2024-spring' });
    expect(fields(again)['alice rated Great, not on your list (0)']).toBe('None.');
    expect(customIds(again.components).some((id) => id.startsWith('compare:want:'))).toBe(false);
  });

  it('compares from a right-click (Compare viewing), in Japanese', async () => {
    const shown = await (
      await stack.discord.contextMenu({
        name: 'Compare viewing',
        target: { user: USERS.bob },
        user: { ...USERS.alice, locale: 'ja' },
        locale: 'ja',
      })
    ).reply(TIMEOUT);
    expect(shown.ephemeral).toBe(true);
    expect(shown.embeds[0]?.title).toBe('あなたとbobさん・これまでのすべて');
    expect(Object.keys(fields(shown))).toEqual([
      'ふたりとも見た（2）',
      'あなただけ（3）',
      'bobさんだけ（1）',
      'bobさんが「とても良い」と評価した、あなたのリストにない作品（0）',
    ]);
    expect(shown.embeds[0]?.description).toBe(
      'ふたりとも評価した1作品のうち、評価が一致したのは**0**作品です（**0%**）。',
    );
  });

  it('refuses members who do not share or never linked, and yourself, revealing nothing', async () => {
    await stack.link(CAROL.id, 'carol');
    stack.emulator.resetStats();
    for (const member of [CAROL, USERS.stranger]) {
      const refused = await compare(USERS.bob, { member: member.id });
      expect(refused.ephemeral).toBe(true);
      expect(refused.embeds).toEqual([]);
      expect(refused.content).toMatch(
        new RegExp(
          `^<@${member.id}> has not shared their viewing record, so there is nothing to compare with \\(people link an account and share it with </account visibility:\\d+>\\)\\.$`,
        ),
      );
    }
    // Nothing was read about them.
    expect(stack.emulator.stats.requests).toBe(0);
    const ja = await compare(USERS.bob, { member: CAROL.id }, 'ja');
    expect(ja.content).toContain(`<@${CAROL.id}>さんは視聴記録を公開していないため、比べられません`);
    const self = await compare(USERS.bob, { member: USERS.bob.id });
    expect(self.content).toBe('Pick someone else: a comparison needs two people.');
    const notLinked = await compare(USERS.stranger, { member: USERS.alice.id });
    expect(notLinked.embeds).toEqual([]);
    expect(JSON.stringify(notLinked)).toMatch(/link/i);
  });

  it('autocompletes seasons in words and refuses a season it cannot read', async () => {
    const choices = await (
      await stack.discord.autocomplete({
        name: 'compare',
        options: { member: USERS.alice.id, season: '2024' },
        focused: 'season',
        user: USERS.bob,
      })
    ).reply(TIMEOUT);
    expect(choices.choices?.map((c) => c.value)).toEqual([
      '2024-autumn',
      '2024-summer',
      '2024-spring',
      '2024-winter',
      '2024-all',
    ]);
    expect(choices.choices?.[0]?.name).toBe('Fall 2024');
    stack.emulator.resetStats();
    const refused = await compare(USERS.bob, { member: USERS.alice.id, season: 'autumn' });
    expect(refused.ephemeral).toBe(true);
    expect(refused.content).toMatch(/^`season`: /);
    expect(stack.emulator.stats.requests).toBe(0);
  });

  it('stops comparing with a member the moment they stop sharing or unlink', async () => {
    const before = await compare(USERS.bob, { member: USERS.alice.id });
    expect(before.embeds).toHaveLength(1);
    const optOut = await (
      await stack.discord.slash({
        name: 'account',
        subcommand: 'visibility',
        options: { shared: false },
        user: USERS.alice,
      })
    ).reply(TIMEOUT);
    expect(optOut.content).toMatch(/private/);
    // What was read of her a moment ago is still cached, and not shown.
    const hidden = await compare(USERS.bob, { member: USERS.alice.id });
    expect(hidden.content).toMatch(/has not shared their viewing record/);
    expect(hidden.embeds).toEqual([]);
    await share(USERS.alice);
    await stack.kiroku.deps.accounts.unlink(USERS.alice.id);
    const refused = await compare(USERS.bob, { member: USERS.alice.id });
    expect(refused.content).toMatch(/has not shared their viewing record/);
    expect(JSON.stringify(refused)).not.toContain('Seaside');
    // Her side of a list bob had open is gone too.
    const list = await press(before, `compare:list:theirs:${USERS.alice.id}:`, USERS.bob);
    expect(list.embeds).toEqual([]);
    expect(list.content).toMatch(/has not shared their viewing record/);
  });
});
