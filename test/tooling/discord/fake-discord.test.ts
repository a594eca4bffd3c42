import { setTimeout as sleep } from 'node:timers/promises';
import {
  ActionRowBuilder,
  ApplicationCommandOptionType,
  ButtonBuilder,
  ButtonStyle,
  type ChatInputCommandInteraction,
  Client,
  DiscordAPIError,
  Events,
  GatewayIntentBits,
  type Interaction,
  LabelBuilder,
  MessageFlags,
  ModalBuilder,
  TextInputBuilder,
  TextInputStyle,
} from 'discord.js';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { customIds, type FakeDiscord, startFakeDiscord } from '../../fakes/discord/fake-discord.js';
import { loggedInClient } from '../../fakes/discord/logged-in-client.js';

/** The tiny bot's slash commands, by name: each exercises one kind of answer. */
const COMMANDS: Record<string, (interaction: ChatInputCommandInteraction) => Promise<void>> = {
  ping: async (interaction) => {
    await interaction.reply({ content: `pong ${interaction.locale}` });
  },
  slow: async (interaction) => {
    await interaction.deferReply({ flags: MessageFlags.Ephemeral });
    await sleep(20);
    await interaction.editReply({ content: 'done slowly' });
  },
  count: async (interaction) => {
    const n = interaction.options.getInteger('n', true);
    const ratio = interaction.options.getNumber('ratio') ?? 0;
    const loud = interaction.options.getBoolean('loud') ?? false;
    await interaction.reply({ content: `n=${n} ratio=${ratio} loud=${loud}` });
  },
  config: async (interaction) => {
    const group = interaction.options.getSubcommandGroup();
    const sub = interaction.options.getSubcommand();
    const channel = interaction.options.getChannel('channel', true);
    await interaction.reply({
      content: `${group}/${sub} ${channel.id} ${channel.name}`,
      flags: MessageFlags.Ephemeral,
    });
  },
  form: async (interaction) => {
    await interaction.showModal(
      new ModalBuilder()
        .setCustomId('form-modal')
        .setTitle('Form')
        .addComponents(
          new ActionRowBuilder<TextInputBuilder>().addComponents(
            new TextInputBuilder().setCustomId('note').setLabel('Note').setStyle(TextInputStyle.Short),
          ),
        ),
    );
  },
  form2: async (interaction) => {
    await interaction.showModal(
      new ModalBuilder()
        .setCustomId('label-modal')
        .setTitle('Form')
        .addLabelComponents(
          new LabelBuilder()
            .setLabel('Title')
            .setTextInputComponent(
              new TextInputBuilder().setCustomId('title').setStyle(TextInputStyle.Short),
            ),
        ),
    );
  },
  fetch: async (interaction) => {
    const response = await interaction.reply({ content: 'with response', withResponse: true });
    const fetched = await interaction.fetchReply();
    await interaction.followUp(`same=${response.resource?.message?.id === fetched.id} ${fetched.content}`);
  },
  menu: async (interaction) => {
    await interaction.reply({
      content: 'menu',
      components: [
        new ActionRowBuilder<ButtonBuilder>().addComponents(
          new ButtonBuilder().setCustomId('next').setLabel('Next').setStyle(ButtonStyle.Primary),
        ),
      ],
    });
  },
  multi: async (interaction) => {
    await interaction.deferReply();
    await interaction.editReply('first');
    await interaction.followUp({ content: 'second' });
    await interaction.followUp({ content: 'third', flags: MessageFlags.Ephemeral });
  },
  late: async (interaction) => {
    await sleep(150);
    await interaction.reply('too late').catch((error: unknown) => {
      lateErrors.push(error);
    });
  },
};

/** A tiny bot exercising every kind of answer. */
async function handle(interaction: Interaction): Promise<void> {
  if (interaction.isAutocomplete()) {
    const typed = String(interaction.options.getFocused());
    await interaction.respond([{ name: `${typed}-1`, value: `${typed}-1` }]);
    return;
  }
  if (interaction.isChatInputCommand()) {
    const command = Object.hasOwn(COMMANDS, interaction.commandName)
      ? COMMANDS[interaction.commandName]
      : undefined;
    if (command) await command(interaction);
    else await interaction.reply('unknown command');
    return;
  }
  if (interaction.isModalSubmit() && interaction.customId === 'label-modal') {
    await interaction.reply({ content: `title: ${interaction.fields.getTextInputValue('title')}` });
    return;
  }
  if (interaction.isModalSubmit()) {
    await interaction.reply({ content: `note: ${interaction.fields.getTextInputValue('note')}` });
    return;
  }
  if (interaction.isButton()) {
    await interaction.update({ content: `pressed ${interaction.customId}`, components: [] });
    return;
  }
  if (interaction.isStringSelectMenu()) {
    await interaction.deferUpdate();
    await interaction.editReply({ content: `picked ${interaction.values.join(',')}` });
  }
}

const lateErrors: unknown[] = [];

describe('fake discord with a real discord.js client', () => {
  let fake: FakeDiscord;
  let client: Client<true>;

  beforeAll(async () => {
    fake = await startFakeDiscord({ guilds: 3 });
    client = await loggedInClient(fake);
    client.on(Events.InteractionCreate, (interaction) => {
      void handle(interaction);
    });
  });

  afterAll(async () => {
    await client?.destroy();
    await fake?.close();
  });

  it('logs in and receives every guild with channels, roles and the bot member', () => {
    expect(client.user.id).toBe(fake.applicationId);
    expect(client.application.id).toBe(fake.applicationId);
    expect([...client.guilds.cache.keys()].sort()).toEqual([...fake.guildIds].sort());
    const guild = client.guilds.cache.get(fake.guildIds[0] ?? '');
    expect(guild?.channels.cache.size).toBe(2);
    expect(guild?.members.me?.id).toBe(fake.applicationId);
    expect(guild?.roles.everyone.permissions.has('SendMessages')).toBe(true);
    expect(
      fake.restCalls.some((c) => c.method === 'GET' && c.path === '/gateway/bot' && c.auth === 'bot'),
    ).toBe(true);
  });

  it('rejects a wrong token with TokenInvalid', async () => {
    const other = new Client({ intents: [GatewayIntentBits.Guilds], ...fake.clientOptions() });
    await expect(other.login('wrong-token')).rejects.toThrow(/token/i);
    await other.destroy();
  });

  it('registers commands and types record options from the registration', async () => {
    const registered = await client.application.commands.set([
      {
        name: 'count',
        description: 'count',
        options: [
          { name: 'n', description: 'n', type: ApplicationCommandOptionType.Integer, required: true },
          { name: 'ratio', description: 'r', type: ApplicationCommandOptionType.Number },
          { name: 'loud', description: 'l', type: ApplicationCommandOptionType.Boolean },
        ],
      },
    ]);
    expect(registered.size).toBe(1);
    expect(fake.registeredCommands()[0]?.name).toBe('count');
    const result = await fake.slash({ name: 'count', options: { n: 3, ratio: 1.5, loud: true } });
    expect((await result.reply()).content).toBe('n=3 ratio=1.5 loud=true');
  });

  it('answers a slash command with a reply in the user locale', async () => {
    const result = await fake.slash({ name: 'ping', user: { id: '300000000000000001', locale: 'ja' } });
    const reply = await result.reply();
    expect(reply).toMatchObject({ type: 4, via: 'callback', content: 'pong ja', ephemeral: false });
    expect(result.deferred).toBe(false);
    expect(result.firstCallbackMs).toBeGreaterThanOrEqual(0);
    expect(result.original?.interaction_metadata?.id).toBe(result.id);
  });

  it('follows a deferred ephemeral reply to its edit', async () => {
    const result = await fake.slash({ name: 'slow' });
    const reply = await result.reply();
    expect(reply).toMatchObject({ type: 5, via: 'edit', content: 'done slowly', ephemeral: true });
    expect(result.deferred).toBe(true);
    expect(reply.flags & MessageFlags.Loading).toBe(0);
  });

  it('handles subcommand groups with channel options (resolved) and ephemeral replies', async () => {
    const channelId = fake.channelIds()[1] ?? '';
    const result = await fake.slash({
      name: 'config',
      subcommandGroup: 'announce',
      subcommand: 'set',
      options: [{ name: 'channel', type: ApplicationCommandOptionType.Channel, value: channelId }],
      permissions: '32', // Manage Guild
    });
    const reply = await result.reply();
    expect(reply.content).toBe(`announce/set ${channelId} channel-2`);
    expect(reply.ephemeral).toBe(true);
  });

  it('responds to autocomplete with choices', async () => {
    const result = await fake.autocomplete({ name: 'search', options: { title: 'gin' }, focused: 'title' });
    const reply = await result.reply();
    expect(reply.type).toBe(8);
    expect(reply.choices).toEqual([{ name: 'gin-1', value: 'gin-1' }]);
  });

  it('shows a modal and receives its submission', async () => {
    const opened = await fake.slash({ name: 'form' });
    const shown = await opened.reply();
    expect(shown.type).toBe(9);
    expect(shown.modal?.custom_id).toBe('form-modal');
    const submitted = await fake.modal({ customId: 'form-modal', fields: { note: 'hello' } });
    expect((await submitted.reply()).content).toBe('note: hello');
  });

  it('mirrors a label-based modal layout in the submission', async () => {
    const opened = await fake.slash({ name: 'form2' });
    expect((await opened.reply()).modal?.custom_id).toBe('label-modal');
    const submitted = await fake.modal({ customId: 'label-modal', fields: { title: 'Frieren' } });
    expect((await submitted.reply()).content).toBe('title: Frieren');
  });

  it('supports withResponse and fetchReply', async () => {
    const result = await fake.slash({ name: 'fetch' });
    expect((await result.reply()).content).toBe('with response');
    const [followup] = await result.followups(1);
    expect(followup?.content).toBe('same=true with response');
  });

  it('updates the message a button was pressed on', async () => {
    const menu = await fake.slash({ name: 'menu' });
    const shown = await menu.reply();
    expect(customIds(shown.components)).toEqual(['next']);
    const pressed = await fake.button({ customId: 'next', message: menu });
    const reply = await pressed.reply();
    expect(reply).toMatchObject({ type: 7, content: 'pressed next', components: [] });
    expect(menu.original?.content).toBe('pressed next');
  });

  it('handles a string select with deferUpdate + editReply', async () => {
    const result = await fake.select({ customId: 'pick', values: ['a', 'b'] });
    const reply = await result.reply();
    expect(reply).toMatchObject({ type: 6, via: 'edit', content: 'picked a,b' });
  });

  it('records followups', async () => {
    const result = await fake.slash({ name: 'multi' });
    expect((await result.reply()).content).toBe('first');
    const followups = await result.followups(2);
    expect(followups.map((f) => [f.content, f.ephemeral])).toEqual([
      ['second', false],
      ['third', true],
    ]);
  });

  it('stores channel.send messages per channel', async () => {
    const channelId = fake.channelIds()[0] ?? '';
    const channel = await client.channels.fetch(channelId);
    if (!channel?.isSendable()) throw new Error('not sendable');
    const sent = await channel.send({ content: 'announcement', embeds: [{ title: 'Episode 1' }] });
    expect(sent.author.id).toBe(fake.applicationId);
    const stored = fake.channelMessages(channelId);
    expect(stored.at(-1)).toMatchObject({ id: sent.id, content: 'announcement', channel_id: channelId });
    expect(stored.at(-1)?.embeds[0]?.title).toBe('Episode 1');

    const withFile = await channel.send({
      content: 'file',
      files: [{ attachment: Buffer.from('hi'), name: 'a.txt' }],
    });
    expect(withFile.attachments.first()?.name).toBe('a.txt');
    expect(fake.restCalls.at(-1)?.files).toMatchObject([{ name: 'a.txt', size: 2 }]);
    expect(fake.channelMessages(channelId)).toHaveLength(2);
  });

  it('refuses a callback after the interaction deadline', async () => {
    fake.interactionDeadlineMs = 50;
    try {
      const result = await fake.slash({ name: 'late' });
      await result.waitFor(() => result.errors.length > 0, 3000);
      await expect.poll(() => lateErrors.length).toBe(1);
      expect(lateErrors[0]).toBeInstanceOf(DiscordAPIError);
      expect((lateErrors[0] as DiscordAPIError).code).toBe(10062);
    } finally {
      fake.interactionDeadlineMs = 3000;
    }
  });

  describe('REST faults', () => {
    afterEach(() => {
      fake.faults.serverErrors = null;
      fake.faults.rateLimit = null;
      fake.faults.channelStatus.clear();
    });

    it('answers 403 Missing Access / 404 Unknown Channel per channel', async () => {
      const [first, second] = fake.channelIds();
      fake.faults.channelStatus.set(first ?? '', 403);
      fake.faults.channelStatus.set(second ?? '', 404);
      await expect(
        client.rest.post(`/channels/${first}/messages`, { body: { content: 'x' } }),
      ).rejects.toMatchObject({
        code: 50001,
        status: 403,
      });
      await expect(
        client.rest.post(`/channels/${second}/messages`, { body: { content: 'x' } }),
      ).rejects.toMatchObject({
        code: 10003,
        status: 404,
      });
    });

    it('lets the client retry through a 5xx', async () => {
      const channelId = fake.channelIds()[0] ?? '';
      fake.faults.serverErrors = { count: 1, status: 503 };
      const before = fake.restCalls.length;
      await client.rest.post(`/channels/${channelId}/messages`, { body: { content: 'after 503' } });
      const calls = fake.restCalls.slice(before).map((c) => c.status);
      expect(calls).toEqual([503, 200]);
    });

    it('makes the client wait out a 429 and retry', async () => {
      const channelId = fake.channelIds()[0] ?? '';
      fake.faults.rateLimit = { count: 1, retryAfterMs: 200 };
      const before = fake.restCalls.length;
      const started = Date.now();
      await client.rest.post(`/channels/${channelId}/messages`, { body: { content: 'after 429' } });
      expect(Date.now() - started).toBeGreaterThanOrEqual(180);
      expect(fake.restCalls.slice(before).map((c) => c.status)).toEqual([429, 200]);
    });

    it('answers unknown routes with 404 JSON', async () => {
      await expect(client.rest.get('/nope/here')).rejects.toMatchObject({ status: 404, code: 0 });
    });
  });

  describe('gateway resilience', () => {
    it('resumes after op 7 RECONNECT and keeps answering', async () => {
      const resumed = fake.waitForGateway('resumed');
      expect(fake.reconnect()).toBe(1);
      // dispatched while the client is reconnecting: replayed on RESUME
      const result = await fake.slash({ name: 'ping' });
      await resumed;
      expect((await result.reply()).content).toBe('pong en-US');
      expect(fake.gatewayOps.some((o) => o.op === 6)).toBe(true);
    });

    it('resumes after a dropped connection', async () => {
      const resumed = fake.waitForGateway('resumed');
      expect(fake.dropConnection()).toBe(1);
      await resumed;
      const result = await fake.slash({ name: 'ping' });
      expect((await result.reply()).content).toBe('pong en-US');
    });

    it('re-identifies after op 9 INVALID_SESSION', async () => {
      const identified = fake.waitForGateway('ready');
      expect(fake.invalidateSession()).toBe(1);
      await identified;
      const result = await fake.slash({ name: 'ping' });
      expect((await result.reply()).content).toBe('pong en-US');
      expect(fake.sessions().filter((s) => s.connected)).toHaveLength(1);
    });
  });
});
