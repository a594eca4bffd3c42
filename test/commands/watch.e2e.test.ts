/** `/watch` end to end: the backlog, recording in place, Undo, rating, comment, paging. */
import { beforeAll, describe, expect, it } from 'vitest';
import type { InteractionReply } from '../fakes/discord/interaction-reply.js';
import { chooseChannel } from '../fakes/emulator/chosen-channels.js';
import { DEMO_CHANNELS, DEMO_TOKENS, DEMO_USERS, DEMO_WORKS } from '../fakes/emulator/seed.js';
import { slashAsAlice, USERS, useStack } from '../support/stack.js';

const TIMEOUT = 15_000;
const HOUR = 3_600_000;
const EPHEMERAL = 64;

/** Every custom id and label on a reply's rows. */
function controls(reply: InteractionReply): Array<{ id: string; label: string }> {
  return reply.components.flatMap((row) =>
    'components' in row
      ? row.components.map((c) => ({
          id: 'custom_id' in c ? String(c.custom_id) : '',
          label: 'label' in c ? String(c.label) : 'placeholder' in c ? String(c.placeholder) : '',
        }))
      : [],
  );
}
const idOf = (reply: InteractionReply, label: string) => {
  const found = controls(reply).find((c) => c.label === label);
  if (!found) throw new Error(`no control "${label}" in ${JSON.stringify(controls(reply))}`);
  return found.id;
};

describe('/watch: the backlog of aired, unrecorded episodes', () => {
  let offset = 0;
  const now = () => new Date(Date.now() + offset);

  const stack = useStack({ emulatorRateLimit: false, now }, { link: ['alice'] });
  beforeAll(async () => {
    const data = stack.emulator.data;
    const episode = (workId: number, n: number) =>
      data.episodesOfWork(workId).find((e) => e.number === n)?.id ?? 0;
    // Beside the seed's 空色ノート #4 (12 h ago) and 鋼の旋律 #6 (1 h ago): three more aired episodes.
    const at = (hours: number) => new Date(Date.now() + hours * HOUR);
    data.createProgram({
      workId: DEMO_WORKS.soraNote,
      episodeId: episode(DEMO_WORKS.soraNote, 5),
      channelId: DEMO_CHANNELS.tokyoMx,
      startedAt: at(-3),
      isRebroadcast: false,
    });
    data.createProgram({
      workId: DEMO_WORKS.soraNote,
      episodeId: episode(DEMO_WORKS.soraNote, 6),
      channelId: DEMO_CHANNELS.tokyoMx,
      startedAt: at(-1.5),
      isRebroadcast: false,
    });
    data.createProgram({
      workId: DEMO_WORKS.cafeLumina,
      episodeId: episode(DEMO_WORKS.cafeLumina, 2),
      channelId: DEMO_CHANNELS.nhk,
      startedAt: at(-5),
      isRebroadcast: false,
    });
    // A rebroadcast is left out unless asked for; another channel than the chosen one never counts.
    data.createProgram({
      workId: DEMO_WORKS.cafeLumina,
      episodeId: episode(DEMO_WORKS.cafeLumina, 3),
      channelId: DEMO_CHANNELS.nhk,
      startedAt: at(-2),
      isRebroadcast: true,
    });
    data.createProgram({
      workId: DEMO_WORKS.cafeLumina,
      episodeId: episode(DEMO_WORKS.cafeLumina, 4),
      channelId: DEMO_CHANNELS.bs11,
      startedAt: at(-2),
      isRebroadcast: false,
    });
  });

  const slash = slashAsAlice(() => stack);
  const records = (workId: number) =>
    [...stack.emulator.data.records.values()].filter(
      (r) => r.userId === DEMO_USERS.alice.id && r.workId === workId,
    );
  const press = async (
    customId: string,
    message: InteractionReply,
    user: { id: string; username: string; locale?: string } = USERS.alice,
  ) =>
    (
      await stack.discord.button({ customId, user, ...(message.message ? { message: message.message } : {}) })
    ).reply(TIMEOUT);

  it('lists the backlog grouped by work with counts, from one request, and records with one press', async () => {
    stack.emulator.resetStats();
    const shown = await (await slash('watch', undefined)).reply(TIMEOUT);
    expect(stack.emulator.stats.requests).toBe(1);
    expect(shown.flags & EPHEMERAL).toBe(EPHEMERAL);
    const embed = shown.embeds[0];
    expect(embed?.description?.split('\n')).toEqual([
      '**Melody of Steel**: 1 to watch',
      '**Sky Blue Notebook**: 3 to watch',
      '**Seaside Café Lumina**: 1 to watch',
    ]);
    expect(embed?.footer?.text).toBe('Page 1 of 2 · 5 in all');
    // An English reader sees the works' English titles (title_en).
    // Four episodes a page, one row each; a work's episodes in the order they aired (the next to watch first).
    expect(embed?.fields?.map((f) => `${f.name} ${f.value.split(' ')[0]} ${f.value.split(' ')[1]}`)).toEqual([
      'Melody of Steel ep 6',
      'Sky Blue Notebook ep 4',
      'Sky Blue Notebook ep 5',
      'Sky Blue Notebook ep 6',
    ]);
    expect(controls(shown).map((c) => c.label)).toEqual([
      'Record ep 6',
      'Rate ep 6…',
      'Comment',
      'Record ep 4',
      'Rate ep 4…',
      'Comment',
      'Record ep 5',
      'Rate ep 5…',
      'Comment',
      'Record ep 6',
      'Rate ep 6…',
      'Comment',
      'Previous',
      'Next',
    ]);

    stack.emulator.resetStats();
    const recorded = await press(idOf(shown, 'Record ep 6'), shown);
    expect(recorded.type).toBe(7);
    expect(recorded.content).toMatch(
      /^Recorded \*\*Melody of Steel 第6話 迷子の放課後\*\*\. Undo within a minute/,
    );
    expect(
      records(DEMO_WORKS.haganeMelody).map((r) => stack.emulator.data.episodes.get(r.episodeId)?.number),
    ).toContain(6);
    // Only the record: the list is the stored copy.
    expect(stack.emulator.stats.requests).toBe(1);
    expect(recorded.embeds[0]?.description).not.toContain('Melody of Steel');
    expect(controls(recorded).map((c) => c.label)).toContain('Undo ep 6');

    const undone = await press(idOf(recorded, 'Undo ep 6'), recorded);
    expect(undone.content).toContain('removed; it is back in the list');
    expect(
      records(DEMO_WORKS.haganeMelody).some(
        (r) => stack.emulator.data.episodes.get(r.episodeId)?.number === 6,
      ),
    ).toBe(false);
    expect(undone.embeds[0]?.description).toContain('**Melody of Steel**: 1 to watch');
  });

  it('names the works by their Japanese titles for a Japanese reader', async () => {
    const shown = await (await slash('watch', undefined, {}, 'ja')).reply(TIMEOUT);
    const description = shown.embeds[0]?.description ?? '';
    expect(description).toContain('**鋼の旋律**');
    expect(description).toContain('**空色ノート**');
    expect(description).not.toContain('Sky Blue Notebook');
  });

  it('records with a rating from the menu and with a comment from the form; pages from the stored copy', async () => {
    const shown = await (await slash('watch', undefined)).reply(TIMEOUT);
    // Rate… opens that episode's menu, best first, with a way back; nothing is recorded yet.
    const before = stack.emulator.data.records.size;
    const picker = await press(idOf(shown, 'Rate ep 5…'), shown);
    expect(stack.emulator.data.records.size).toBe(before);
    expect(controls(picker).map((c) => c.label)).toEqual([
      'Record Sky Blue Notebook ep 5 with a rating',
      'Back to the list',
    ]);
    const menu = picker.components[0];
    expect(menu && 'components' in menu ? JSON.stringify(menu.components[0]) : '').toContain(
      '"options":[{"value":"great","label":"Great"},{"value":"good","label":"Good"}',
    );
    const back = await press(idOf(picker, 'Back to the list'), picker);
    expect(controls(back).map((c) => c.label)).toContain('Rate ep 5…');
    const rated = await (
      await stack.discord.select({
        customId: idOf(picker, 'Record Sky Blue Notebook ep 5 with a rating'),
        values: ['great'],
        user: USERS.alice,
        ...(picker.message ? { message: picker.message } : {}),
      })
    ).reply(TIMEOUT);
    expect(rated.content).toMatch(/^Recorded \*\*Sky Blue Notebook/);
    expect(records(DEMO_WORKS.soraNote).at(-1)).toMatchObject({ ratingState: 'great' });
    // Four left: one page.
    expect(controls(rated).map((c) => c.label)).not.toContain('Next');
    expect(rated.embeds[0]?.fields?.map((f) => f.name)).toContain('Seaside Café Lumina');

    // Paging reads the stored copy: one more aired episode makes five entries, the second page one.
    const data = stack.emulator.data;
    data.createProgram({
      workId: DEMO_WORKS.cafeLumina,
      episodeId: data.episodesOfWork(DEMO_WORKS.cafeLumina).find((e) => e.number === 5)?.id ?? 0,
      channelId: DEMO_CHANNELS.nhk,
      startedAt: new Date(Date.now() - 4 * HOUR),
      isRebroadcast: false,
    });
    const again = await (await slash('watch', undefined)).reply(TIMEOUT);
    stack.emulator.resetStats();
    const next = await press(idOf(again, 'Next'), again);
    expect(stack.emulator.stats.requests).toBe(0);
    expect(next.embeds[0]?.fields?.map((f) => f.name)).toEqual(['Seaside Café Lumina']);

    const form = await press(idOf(next, 'Comment'), next);
    expect(form.type).toBe(9);
    const commented = await (
      await stack.discord.modal({
        customId: String(form.modal?.custom_id),
        // Longer than the form's 4000 in UTF-16 code units (what Discord counts may differ): cut between whole emoji.
        fields: { comment: `  ルミナ最高${'😭'.repeat(2000)}  ` },
        user: USERS.alice,
        ...(next.message ? { message: next.message } : {}),
      })
    ).reply(TIMEOUT);
    expect(commented.content).toMatch(/^Recorded \*\*Seaside Café Lumina/);
    expect(records(DEMO_WORKS.cafeLumina).at(-1)).toMatchObject({
      comment: `ルミナ最高${'😭'.repeat(1997)}`,
    });
  });

  it('Undo only within a minute; nobody else may press; a read-only token changes nothing', async () => {
    const shown = await (await slash('watch', undefined, {}, 'ja')).reply(TIMEOUT);
    expect(controls(shown)[0]?.label).toBe('第6話を記録');
    expect(controls(shown)[1]?.label).toBe('第6話を評価…');
    expect(shown.embeds[0]?.title).toBe('未視聴エピソード');
    const recorded = await press(idOf(shown, '第6話を記録'), shown, { ...USERS.alice, locale: 'ja' });
    offset += 61_000;
    const late = await press(idOf(recorded, '第6話の記録を取り消す'), recorded, {
      ...USERS.alice,
      locale: 'ja',
    });
    expect(late.flags & EPHEMERAL).toBe(EPHEMERAL);
    expect(late.content).toContain('1分以内');
    expect(
      records(DEMO_WORKS.haganeMelody).some(
        (r) => stack.emulator.data.episodes.get(r.episodeId)?.number === 6,
      ),
    ).toBe(true);

    const again = await (await slash('watch', undefined)).reply(TIMEOUT);
    const other = await press(idOf(again, 'Record ep 4'), again, USERS.bob);
    expect(other.content).toContain('Only the person who ran this command');

    await stack.kiroku.deps.vault.put(USERS.stranger.id, {
      token: DEMO_TOKENS.aliceRead,
      scopes: ['read'],
      serviceUserId: DEMO_USERS.alice.id,
      serviceUsername: 'alice',
      method: 'token',
      linkedAt: new Date().toISOString(),
    });
    const readOnly = await (
      await stack.discord.slash({
        name: 'watch',
        options: {},
        user: { ...USERS.stranger, locale: 'en-US' },
        locale: 'en-US',
      })
    ).reply(TIMEOUT);
    const before = stack.emulator.data.records.size;
    const refused = await press(idOf(readOnly, 'Record ep 4'), readOnly, USERS.stranger);
    expect(refused.flags & EPHEMERAL).toBe(EPHEMERAL);
    expect(refused.content).toContain('can only read');
    expect(stack.emulator.data.records.size).toBe(before);
    // The entry is still there to record once the link can write.
    const retry = await press(idOf(readOnly, 'Record ep 4'), readOnly, USERS.stranger);
    expect(retry.content).toContain('can only read');
  });

  it('an empty backlog names the likely causes and links the service page', async () => {
    await stack.link(USERS.bob.id, 'erin');
    const empty = await (
      await stack.discord.slash({
        name: 'watch',
        options: {},
        user: { ...USERS.bob, locale: 'en-US' },
        locale: 'en-US',
      })
    ).reply(TIMEOUT);
    expect(empty.content).toContain('no broadcast channel is chosen');
    expect(empty.content).toContain('https://annict.com/@erin/watching');
    // Choosing the channel at the service fills it.
    chooseChannel(stack.emulator.data, DEMO_USERS.erin.id, DEMO_WORKS.koshoten, DEMO_CHANNELS.tokyoMx);
    stack.emulator.data.createProgram({
      workId: DEMO_WORKS.koshoten,
      episodeId: stack.emulator.data.episodesOfWork(DEMO_WORKS.koshoten)[0]?.id ?? 0,
      channelId: DEMO_CHANNELS.tokyoMx,
      startedAt: new Date(Date.now() - HOUR),
      isRebroadcast: false,
    });
    const filled = await (
      await stack.discord.slash({
        name: 'watch',
        options: {},
        user: { ...USERS.bob, locale: 'en-US' },
        locale: 'en-US',
      })
    ).reply(TIMEOUT);
    expect(filled.embeds[0]?.description).toContain('1 to watch');
  });
});
