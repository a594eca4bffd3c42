/**
 * Files on messages through a real discord.js client: channel posts, interaction replies, deferred
 * replies, follow-ups and edits, each read back with its bytes and text alternative; Discord's
 * limits (file size, count, description length, references to no file) refused as Discord does.
 */
import {
  AttachmentBuilder,
  type ChatInputCommandInteraction,
  type Client,
  Events,
  type Interaction,
  MessageFlags,
  type SendableChannels,
} from 'discord.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ATTACHMENT_SIZE_LIMIT } from '../../fakes/discord/attachments.js';
import { type FakeDiscord, startFakeDiscord } from '../../fakes/discord/fake-discord.js';
import { loggedInClient } from '../../fakes/discord/logged-in-client.js';
import { refusal } from './refusal.js';

/** A PNG signature and a few bytes: what a rendered card starts with. */
const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.from('card'),
]);
const card = (name = 'week.png', description = '今週: 12 話 · 見た人 3 人') =>
  new AttachmentBuilder(PNG, { name, description });

const COMMANDS: Record<string, (interaction: ChatInputCommandInteraction) => Promise<unknown>> = {
  reply: (interaction) => interaction.reply({ content: 'your card', files: [card()] }),
  deferred: async (interaction) => {
    await interaction.deferReply({ flags: MessageFlags.Ephemeral });
    await interaction.editReply({ files: [card('season.png', 'Spring 2026: 5 works')] });
  },
  followup: async (interaction) => {
    await interaction.reply({ content: 'rendering…' });
    await interaction.followUp({ files: [card('share.png')] });
  },
};

describe('attachments', () => {
  let fake: FakeDiscord;
  let client: Client<true>;
  let channel: SendableChannels;
  const errors: unknown[] = [];

  beforeAll(async () => {
    fake = await startFakeDiscord();
    client = await loggedInClient(fake);
    client.on(Events.InteractionCreate, (interaction: Interaction) => {
      if (!interaction.isChatInputCommand()) return;
      COMMANDS[interaction.commandName]?.(interaction).catch((error: unknown) => errors.push(error));
    });
    const fetched = await client.channels.fetch(fake.channelIds()[0] ?? '');
    if (!fetched?.isSendable()) throw new Error('not sendable');
    channel = fetched;
  });
  afterAll(async () => {
    await client?.destroy();
    await fake?.close();
  });

  it('keeps a channel post’s file with its bytes, name, type and text alternative', async () => {
    const sent = await channel.send({ content: 'weekly', files: [card()] });
    expect(sent.attachments.first()).toMatchObject({
      name: 'week.png',
      description: '今週: 12 話 · 見た人 3 人',
    });
    const [received] = fake.attachments(sent.id);
    expect(received).toMatchObject({ filename: 'week.png', contentType: 'image/png', size: PNG.length });
    expect(received?.bytes.equals(PNG)).toBe(true);
    expect(received?.description).toBe('今週: 12 話 · 見た人 3 人');
  });

  it('takes files on a reply, on a deferred reply’s edit and on a follow-up', async () => {
    const replied = await (await fake.slash({ name: 'reply' })).reply();
    expect(fake.attachments(replied.message?.id ?? '').map((a) => a.filename)).toEqual(['week.png']);

    const deferred = await fake.slash({ name: 'deferred' });
    await deferred.waitFor(() => (deferred.original?.attachments.length ?? 0) > 0);
    const original = deferred.original;
    expect(original?.attachments[0]).toMatchObject({
      filename: 'season.png',
      description: 'Spring 2026: 5 works',
    });
    expect(fake.attachments(original?.id ?? '')[0]?.bytes.equals(PNG)).toBe(true);

    const followed = await (await fake.slash({ name: 'followup' })).followups(1);
    expect(fake.attachments(followed[0]?.message?.id ?? '').map((a) => a.filename)).toEqual(['share.png']);
    expect(errors).toEqual([]);
  });

  it('on an edit keeps the attachments named, drops the others and adds new files', async () => {
    const sent = await channel.send({ files: [card('a.png'), card('b.png')] });
    const keep = sent.attachments.find((a) => a.name === 'b.png');
    const edited = await sent.edit({ attachments: keep ? [keep] : [], files: [card('c.png', 'new one')] });
    expect(edited.attachments.map((a) => a.name)).toEqual(['b.png', 'c.png']);
    expect(fake.attachments(sent.id).map((a) => [a.filename, a.description])).toEqual([
      ['b.png', '今週: 12 話 · 見た人 3 人'],
      ['c.png', 'new one'],
    ]);
    // An edit of the text alone leaves the files as they are.
    await sent.edit({ content: 'text only' });
    expect(fake.attachments(sent.id)).toHaveLength(2);
    expect(fake.message(sent.id)?.edited_timestamp).toEqual(expect.any(String));
  });

  it('shows an image an embed names with attachment:// inside the embed, not among the attachments', async () => {
    const sent = await channel.send({
      embeds: [{ title: 'This week', image: { url: 'attachment://week.png' } }],
      files: [card()],
    });
    expect(sent.attachments.size).toBe(0);
    expect(sent.embeds[0]?.image?.url).toMatch(
      /^https:\/\/cdn\.discordapp\.invalid\/attachments\/\d+\/week\.png$/,
    );
    expect(fake.attachments(sent.id)).toMatchObject([{ filename: 'week.png', inEmbed: true }]);
  });

  it('refuses a description over 1024 characters, a file over the upload limit and an eleventh file', async () => {
    const long = await refusal(channel.send({ files: [card('x.png', 'あ'.repeat(1025))] }));
    expect([long.status, long.code]).toEqual([400, 50035]);
    expect(JSON.stringify(long.rawError)).toContain('attachments');
    await expect(channel.send({ files: [card('x.png', 'あ'.repeat(1024))] })).resolves.toBeTruthy();

    const big = new AttachmentBuilder(Buffer.alloc(ATTACHMENT_SIZE_LIMIT + 1), { name: 'big.png' });
    const tooLarge = await refusal(channel.send({ files: [big] }));
    expect([tooLarge.status, tooLarge.code]).toEqual([413, 40005]);

    const eleven = Array.from({ length: 11 }, (_, i) => card(`${i}.png`));
    const tooMany = await refusal(channel.send({ files: eleven }));
    expect([tooMany.status, tooMany.code]).toEqual([400, 30015]);
    const ten = await channel.send({ files: eleven.slice(0, 10) });
    expect(ten.attachments.size).toBe(10);
  });

  it('refuses an attachment that names no uploaded file', async () => {
    await expect(
      client.rest.post(`/channels/${channel.id}/messages`, {
        body: { content: 'x', attachments: [{ id: '3', description: 'missing' }] },
        files: [{ name: 'a.png', data: PNG, key: 'files[0]' }],
      }),
    ).rejects.toMatchObject({ status: 400, code: 50146 });
  });
});
