/**
 * End to end in both languages: `/work info` shows the person's own status
 * (the menu pre-selected), the aired episodes they have not recorded with Record for the next, and a
 * Cast & staff button opening a paged list; `/library` shows each work's status and what is left.
 */
import type { APIEmbed } from 'discord-api-types/v10';
import { describe, expect, it } from 'vitest';
import type { InteractionReply } from '../fakes/discord/interaction-reply.js';
import { DEMO_USERS, DEMO_WORKS } from '../fakes/emulator/seed.js';
import { slashAsAlice, USERS, useStack } from '../support/stack.js';

const TIMEOUT = 15_000;

interface Control {
  id: string;
  label: string;
  options?: Array<{ value: string; default?: boolean }>;
}

function controls(reply: InteractionReply): Control[] {
  return reply.components.flatMap((row) =>
    'components' in row
      ? row.components.map((c) => ({
          id: 'custom_id' in c ? String(c.custom_id) : '',
          label: 'label' in c ? String(c.label) : '',
          ...('options' in c ? { options: c.options as Control['options'] } : {}),
        }))
      : [],
  );
}

const field = (embed: APIEmbed | undefined, name: string) =>
  embed?.fields?.find((f) => f.name.startsWith(name))?.value;

describe('/work info and /library: your own progress, cast and staff', () => {
  const stack = useStack({ emulatorRateLimit: false }, { link: ['alice'] });
  const slash = slashAsAlice(() => stack);
  const press = async (customId: string, reply: InteractionReply, locale = 'en-US') =>
    (
      await stack.discord.button({
        customId,
        user: { ...USERS.alice, locale },
        locale,
        ...(reply.message ? { message: reply.message } : {}),
      })
    ).reply(TIMEOUT);

  it('shows your status selected and the aired episodes you have not recorded, and records the next', async () => {
    // alice watches 空色ノート and recorded episodes 1 to 3; episode 4 aired 12 hours ago.
    stack.emulator.resetStats();
    const reply = await (await slash('work', 'info', { work: String(DEMO_WORKS.soraNote) })).reply(TIMEOUT);
    // The work, then at once the next airing, the status and the backlog (no reviews to read).
    expect(stack.emulator.stats.requests).toBe(4);
    const embed = reply.embeds[0];
    expect(field(embed, 'Aired, not yet recorded by you (1)')).toBe('Ep 4');
    const menu = controls(reply).find((c) => c.options);
    expect(menu?.options?.filter((o) => o.default).map((o) => o.value)).toEqual(['watching']);
    const record = controls(reply).find((c) => c.label === 'Record Ep 4');
    expect(record).toBeDefined();
    const recorded = await press(record?.id ?? '', reply);
    expect(recorded.content).toContain('Ep 4');
    const episodes = [...stack.emulator.data.records.values()]
      .filter((r) => r.userId === DEMO_USERS.alice.id && r.workId === DEMO_WORKS.soraNote)
      .map((r) => stack.emulator.data.episodes.get(r.episodeId)?.number);
    expect(episodes).toContain(4);

    // Once recorded, nothing is left: no backlog field, no Record button.
    const again = await (await slash('work', 'info', { work: String(DEMO_WORKS.soraNote) }, 'ja')).reply(
      TIMEOUT,
    );
    expect(again.embeds[0]?.fields?.some((f) => f.name.startsWith('あなたが未記録'))).toBe(false);
    expect(controls(again).some((c) => c.label.endsWith('を記録'))).toBe(false);
    expect(
      controls(again)
        .find((c) => c.options)
        ?.options?.find((o) => o.default)?.value,
    ).toBe('watching');
  });

  it('in Japanese, the backlog and the Record button in the service’s words; someone unlinked sees no status', async () => {
    // 鋼の旋律 episode 6 aired an hour ago; alice watches it.
    const reply = await (await slash('work', 'info', { work: String(DEMO_WORKS.haganeMelody) }, 'ja')).reply(
      TIMEOUT,
    );
    expect(field(reply.embeds[0], 'あなたが未記録の放送済みエピソード（1話）')).toBe('第6話');
    expect(controls(reply).map((c) => c.label)).toContain('第6話を記録');

    const stranger = await (
      await stack.discord.slash({
        name: 'work',
        subcommand: 'info',
        options: { work: String(DEMO_WORKS.haganeMelody) },
        user: USERS.stranger,
      })
    ).reply(TIMEOUT);
    expect(
      controls(stranger)
        .find((c) => c.options)
        ?.options?.some((o) => o.default),
    ).toBe(false);
    expect(
      controls(stranger)
        .map((c) => c.label)
        .slice(0, 3),
    ).toEqual(['Episodes', 'Cast & staff', '']);
  });

  it('Cast & staff opens a paged list: character — actor, roles in the reader’s language', async () => {
    const info = await (await slash('work', 'info', { work: String(DEMO_WORKS.soraNote) })).reply(TIMEOUT);
    const button = controls(info).find((c) => c.label === 'Cast & staff');
    const credits = await press(button?.id ?? '', info);
    const embed = credits.embeds[0];
    expect(embed?.title).toBe('Cast & staff: Sky Blue Notebook');
    expect(field(embed, 'Cast')?.split('\n')[0]).toMatch(/^Hinata Sorano — \S/);
    const staff = field(embed, 'Staff') ?? '';
    expect(staff).toContain('**Director**: ');
    expect(staff).toContain('**Studio**: Studio Aozora');
    // A role outside the service's list, in the staff member's own words.
    expect(staff).toContain('**Color Design**: ');

    const ja = await (await slash('work', 'info', { work: String(DEMO_WORKS.soraNote) }, 'ja')).reply(
      TIMEOUT,
    );
    const jaCredits = await press(
      controls(ja).find((c) => c.label === 'キャスト・スタッフ')?.id ?? '',
      ja,
      'ja',
    );
    expect(field(jaCredits.embeds[0], 'キャスト')?.split('\n')[0]).toMatch(/^空野ひなた — \S/);
    expect(field(jaCredits.embeds[0], 'スタッフ')).toContain('**監督**: ');
    expect(field(jaCredits.embeds[0], 'スタッフ')).toContain('**色彩設計**: ');
  });

  it('a large cast turns pages; the staff list simply ends first', async () => {
    const info = await (await slash('work', 'info', { work: String(DEMO_WORKS.haganeMelody) })).reply(
      TIMEOUT,
    );
    const credits = await press(controls(info).find((c) => c.label === 'Cast & staff')?.id ?? '', info);
    // 鋼の旋律's ensemble is longer than a page; its three staff credits fit on the first.
    expect(credits.embeds[0]?.footer?.text).toMatch(/^Page 1 of \d/);
    const next = controls(credits).find((c) => c.label === 'Next');
    expect(next).toBeDefined();
    const second = await press(next?.id ?? '', credits);
    expect(field(second.embeds[0], 'Cast')).toBeTruthy();
    expect(field(second.embeds[0], 'Staff')).toBeUndefined();
  });

  it('/library shows your status and what is left per work, from two requests, not the watchers count', async () => {
    stack.emulator.resetStats();
    const reply = await (await slash('library', undefined, { status: 'watching' })).reply(TIMEOUT);
    expect(stack.emulator.stats.requests).toBe(2);
    const lines = reply.embeds[0]?.description?.split('\n') ?? [];
    expect(lines.find((l) => l.includes('Melody of Steel'))).toMatch(/· Watching · 1 aired not recorded$/);
    // 空色ノート's aired episodes are all recorded by now (the first test): its status alone.
    expect(lines).toContain('**Sky Blue Notebook** · Spring 2024 · Watching');
    expect(reply.embeds[0]?.description).not.toMatch(/\d watching/);

    const ja = await (await slash('library', undefined, { status: 'watching' }, 'ja')).reply(TIMEOUT);
    expect(ja.embeds[0]?.description?.split('\n').find((l) => l.includes('鋼の旋律'))).toMatch(
      /· 見てる · 未記録1話$/,
    );
  });
});
