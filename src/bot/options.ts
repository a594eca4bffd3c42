import {
  ApplicationCommandOptionType,
  type AutocompleteInteraction,
  type ChatInputCommandInteraction,
  type CommandInteractionOption,
  type ContextMenuCommandInteraction,
  PermissionsBitField,
} from 'discord.js';
import type { AutocompleteInput, CommandInput, OptionValue } from './command.js';

/** The person or message a context-menu command was used on, as plain data. */
export function readContextMenuInput(interaction: ContextMenuCommandInteraction): CommandInput {
  if (interaction.isUserContextMenuCommand()) {
    const user = interaction.targetUser;
    return {
      subcommand: undefined,
      options: {},
      target: { kind: 'user', id: user.id, username: user.username, bot: user.bot },
    };
  }
  const message = interaction.isMessageContextMenuCommand() ? interaction.targetMessage : undefined;
  return {
    subcommand: undefined,
    options: {},
    target: { kind: 'message', id: interaction.targetId, content: message?.content ?? '' },
  };
}

/** Flattens discord.js's option tree into plain values: handlers never see discord.js objects. */
export function readCommandInput(
  interaction: ChatInputCommandInteraction | AutocompleteInteraction,
): CommandInput {
  let subcommand: string | undefined;
  let leaves: readonly CommandInteractionOption[] = interaction.options.data;
  for (;;) {
    const nested = leaves[0];
    if (
      nested &&
      (nested.type === ApplicationCommandOptionType.Subcommand ||
        nested.type === ApplicationCommandOptionType.SubcommandGroup)
    ) {
      if (nested.type === ApplicationCommandOptionType.Subcommand) subcommand = nested.name;
      leaves = nested.options ?? [];
      continue;
    }
    break;
  }
  const options: Record<string, OptionValue> = {};
  for (const option of leaves) {
    const value = toValue(option);
    if (value !== undefined) options[option.name] = value;
  }
  return { subcommand, options };
}

export function readAutocompleteInput(interaction: AutocompleteInteraction): AutocompleteInput {
  const focused = interaction.options.getFocused(true);
  return {
    ...readCommandInput(interaction),
    focused: { name: focused.name, value: String(focused.value ?? '') },
  };
}

function toValue(option: CommandInteractionOption): OptionValue | undefined {
  if (option.type === ApplicationCommandOptionType.Channel) {
    const channel = option.channel;
    if (!channel) return undefined;
    const permissions = invokerPermissions(channel);
    const name = 'name' in channel && typeof channel.name === 'string' ? channel.name : undefined;
    return { kind: 'channel', id: channel.id, type: channel.type, name, permissions };
  }
  const value = option.value;
  return typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean'
    ? value
    : undefined;
}

/**
 * The invoker's permissions in a resolved channel, as a decimal bitfield. discord.js turns the API's
 * string into a PermissionsBitField on the channel it builds (and leaves the raw string on a channel
 * it could not build); anything else means Discord sent none.
 */
function invokerPermissions(channel: object): string | undefined {
  const permissions = 'permissions' in channel ? channel.permissions : undefined;
  if (permissions instanceof PermissionsBitField) return permissions.bitfield.toString();
  return typeof permissions === 'string' ? permissions : undefined;
}
