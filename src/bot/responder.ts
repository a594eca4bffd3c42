import {
  type ButtonInteraction,
  type ChatInputCommandInteraction,
  type InteractionReplyOptions,
  type JSONEncodable,
  type MessageContextMenuCommandInteraction,
  MessageFlags,
  type ModalSubmitInteraction,
  type StringSelectMenuInteraction,
  type UserContextMenuCommandInteraction,
} from 'discord.js';
import { TIMED_OUT, within } from '../lib/deadline.js';
import { fitComponents, fitContent, fitEmbeds } from '../render/fit-message.js';
import type { CommandReply, ComponentAnswer, ComponentReply, MessageReply, UpdateReply } from './command.js';

/**
 * Discord's 3-second rule: an interaction must be acknowledged within 3 s. A handler that settles
 * sooner than this answers directly (one REST call); a slower one is deferred first and its
 * answer edited in when it arrives.
 */
export const DEFAULT_DEFER_AFTER_MS = 1_500;

type Settled<T> = { ok: true; value: T } | { ok: false; error: unknown };

/** Runs a handler and settles its outcome; a handler that throws before its first await counts too. */
function settle<T>(run: () => Promise<T>): Promise<Settled<T>> {
  return new Promise<T>((resolve) => resolve(run())).then(
    (value) => ({ ok: true as const, value }),
    (error: unknown) => ({ ok: false as const, error }),
  );
}

async function settleOrLate<T>(pending: Promise<Settled<T>>, ms: number): Promise<Settled<T> | 'late'> {
  const settled = await within(pending, ms);
  return settled === TIMED_OUT ? 'late' : settled;
}

/** Never ping anyone from content that may contain user text. */
const noMentions = { parse: [] } as const;

/**
 * Handed to discord.js as it is sent. The renderers build Discord's own JSON (snake_case keys), which
 * discord.js would otherwise walk key by key to snake-case again: about 50 µs of a search reply's CPU.
 */
const asSent = <T>(data: T): JSONEncodable<T> => ({ toJSON: () => data });

/** Every reply is fitted to Discord's limits here, whatever its renderer did (see fit-message.ts). */
function messagePayload(reply: MessageReply | UpdateReply) {
  const files = 'files' in reply ? reply.files : undefined;
  return {
    content: fitContent(reply.content ?? ''),
    embeds: fitEmbeds(reply.embeds ?? []).map(asSent),
    components: fitComponents(reply.components ?? []).map(asSent),
    allowedMentions: noMentions,
    // Only when there are files: an edit without them keeps the message's attachments.
    ...(files?.length
      ? {
          files: files.map((file) => ({
            attachment: file.data,
            name: file.name,
            description: file.description,
          })),
        }
      : {}),
  };
}

function ephemeralText(content: string): InteractionReplyOptions {
  return {
    content: fitContent(content),
    flags: MessageFlags.Ephemeral,
    allowedMentions: noMentions,
    embeds: [],
    components: [],
  };
}

type ErrorText = (error: unknown) => string;

/*
 * `onDeferred` is told when a late handler's deferral was acknowledged: that, not the final answer,
 * is the interaction's first answer (the one Discord's 3-second window is about).
 */

/** A slash command or a right-click (user or message) command: answered the same way. */
export type CommandInteraction =
  | ChatInputCommandInteraction
  | MessageContextMenuCommandInteraction
  | UserContextMenuCommandInteraction;

type Repliable =
  | CommandInteraction
  | ButtonInteraction
  | StringSelectMenuInteraction
  | ModalSubmitInteraction;

/** Tells the user about a failure, whatever state the interaction is in. */
async function answerError(interaction: Repliable, text: string, deferredPublicly: boolean): Promise<void> {
  if (!interaction.deferred && !interaction.replied) {
    await interaction.reply(ephemeralText(text));
    return;
  }
  if (deferredPublicly) {
    // A public "thinking…" cannot become private: remove it and say it privately instead.
    await interaction.deleteReply().catch(() => undefined);
    await interaction.followUp(ephemeralText(text));
    return;
  }
  await interaction.editReply({
    content: fitContent(text),
    embeds: [],
    components: [],
    allowedMentions: noMentions,
  });
}

export async function answerCommand(
  interaction: CommandInteraction,
  options: { ephemeral: boolean; deferAfterMs: number; errorText: ErrorText; onDeferred?: () => void },
  run: () => Promise<CommandReply>,
): Promise<void> {
  const pending = settle(run);
  let result = await settleOrLate(pending, options.deferAfterMs);
  if (result === 'late') {
    await interaction.deferReply(options.ephemeral ? { flags: MessageFlags.Ephemeral } : {});
    options.onDeferred?.();
    result = await pending;
  }
  if (!result.ok) {
    await answerError(
      interaction,
      options.errorText(result.error),
      interaction.deferred && !options.ephemeral,
    );
    return;
  }
  const reply = result.value;
  if (reply.kind === 'modal') {
    if (interaction.deferred) throw new Error('a modal must be shown without deferring');
    await interaction.showModal(reply.modal);
    return;
  }
  if (interaction.deferred) {
    await interaction.editReply(messagePayload(reply));
    return;
  }
  await interaction.reply({
    ...messagePayload(reply),
    flags: options.ephemeral ? MessageFlags.Ephemeral : undefined,
  });
}

export async function answerComponent(
  interaction: ButtonInteraction | StringSelectMenuInteraction,
  options: { answers: ComponentAnswer; deferAfterMs: number; errorText: ErrorText; onDeferred?: () => void },
  run: () => Promise<ComponentReply>,
): Promise<void> {
  const pending = settle(run);
  let result =
    options.answers === 'modal' ? await pending : await settleOrLate(pending, options.deferAfterMs);
  let deferral: Deferral = null;
  if (result === 'late') {
    deferral = options.answers === 'update' ? 'update' : options.answers === 'public' ? 'public' : 'reply';
    if (deferral === 'update') await interaction.deferUpdate();
    else if (deferral === 'public') await interaction.deferReply();
    else await interaction.deferReply({ flags: MessageFlags.Ephemeral });
    options.onDeferred?.();
    result = await pending;
  }
  if (!result.ok) {
    const text = options.errorText(result.error);
    if (deferral === 'update') await interaction.followUp(ephemeralText(text));
    else await answerError(interaction, text, deferral === 'public');
    return;
  }
  await deliverComponentReply(interaction, result.value, deferral, options.answers === 'public');
}

type Deferral = 'update' | 'reply' | 'public' | null;

async function deliverComponentReply(
  interaction: ButtonInteraction | StringSelectMenuInteraction | ModalSubmitInteraction,
  reply: ComponentReply,
  deferral: Deferral,
  isPublic = false,
): Promise<void> {
  if (reply.kind === 'modal') {
    if (interaction.isModalSubmit() || deferral) throw new Error('a modal must be shown without deferring');
    await interaction.showModal(reply.modal);
    return;
  }
  if (reply.kind === 'update') {
    if (deferral) await interaction.editReply(messagePayload(reply));
    else if (interaction.isModalSubmit() && !interaction.isFromMessage())
      await interaction.reply({ ...messagePayload(reply), flags: MessageFlags.Ephemeral });
    else await interaction.update(messagePayload(reply));
    return;
  }
  // A component's answer is for whoever pressed: a new message is private unless it is a share.
  const flags = isPublic ? undefined : MessageFlags.Ephemeral;
  // After a deferred update the original message stays as it is; the answer is a new message.
  if (deferral === 'update') await interaction.followUp({ ...messagePayload(reply), flags });
  else if (deferral === 'reply' || deferral === 'public') await interaction.editReply(messagePayload(reply));
  else await interaction.reply({ ...messagePayload(reply), flags });
}

export async function answerModal(
  interaction: ModalSubmitInteraction,
  options: { deferAfterMs: number; errorText: ErrorText; onDeferred?: () => void },
  run: () => Promise<MessageReply | UpdateReply>,
): Promise<void> {
  const pending = settle(run);
  let result = await settleOrLate(pending, options.deferAfterMs);
  let deferral: Deferral = null;
  if (result === 'late') {
    deferral = 'reply';
    await interaction.deferReply({ flags: MessageFlags.Ephemeral });
    options.onDeferred?.();
    result = await pending;
  }
  if (!result.ok) {
    await answerError(interaction, options.errorText(result.error), false);
    return;
  }
  await deliverComponentReply(interaction, result.value, deferral);
}
