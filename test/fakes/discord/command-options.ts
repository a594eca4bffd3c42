/** The options of a slash or autocomplete interaction: typed, nested under subcommands, resolved as Discord does. */
import { ApplicationCommandOptionType, ChannelType } from 'discord-api-types/v10';
import { memberPermissionsIn } from './channel-kinds.js';
import { memberWithoutUser } from './interaction-context.js';
import type {
  CommandOptionInput,
  InteractionContext,
  OptionValue,
  SlashOptions,
} from './interaction-inputs.js';
import type { FakeState, RegisteredOption } from './state.js';

type Resolved = Record<string, Record<string, unknown>>;

/**
 * `data.options` (empty when none) and `data.resolved` for a command registered with `registered`. With `focused` (autocomplete),
 * that option is marked and added with '' when not given, and nothing is resolved.
 */
export function commandOptions(
  state: FakeState,
  opts: SlashOptions,
  ctx: InteractionContext,
  focused: string | null,
  registered: RegisteredOption[] | undefined,
): { options: unknown[]; resolved: Resolved } {
  const level = registeredLevel(registered, opts);
  const inputs = normalizeOptions(opts.options ?? {}, level);
  if (focused !== null && !inputs.some((o) => o.name === focused)) {
    const type = level?.find((o) => o.name === focused)?.type ?? ApplicationCommandOptionType.String;
    inputs.push({ name: focused, type, value: '' });
  }
  const resolved: Resolved = {};
  const leaves = inputs.map((input) => {
    if (focused === null) resolveOption(state, input, ctx, resolved);
    return {
      name: input.name,
      type: input.type,
      value: input.value,
      ...(input.name === focused ? { focused: true } : {}),
    };
  });
  let options: unknown[] = leaves;
  if (opts.subcommand) {
    options = [{ name: opts.subcommand, type: ApplicationCommandOptionType.Subcommand, options }];
  }
  if (opts.subcommandGroup) {
    options = [{ name: opts.subcommandGroup, type: ApplicationCommandOptionType.SubcommandGroup, options }];
  }
  return { options, resolved };
}

/** The registered options at the level of the given subcommand group and subcommand. */
function registeredLevel(
  top: RegisteredOption[] | undefined,
  opts: SlashOptions,
): RegisteredOption[] | undefined {
  let level = top;
  if (opts.subcommandGroup) level = level?.find((o) => o.name === opts.subcommandGroup)?.options;
  if (opts.subcommand) level = level?.find((o) => o.name === opts.subcommand)?.options;
  return level;
}

/** Adds what Discord puts in `data.resolved` for an option that names a channel, user, role or file. */
function resolveOption(
  state: FakeState,
  input: CommandOptionInput,
  ctx: InteractionContext,
  resolved: Resolved,
) {
  const id = String(input.value);
  const put = (key: string, value: unknown): void => {
    resolved[key] ??= {};
    (resolved[key] as Record<string, unknown>)[id] = value;
  };
  switch (input.type) {
    case ApplicationCommandOptionType.Channel:
      put('channels', resolvedChannel(state, id, ctx));
      break;
    case ApplicationCommandOptionType.User:
    case ApplicationCommandOptionType.Mentionable:
      put('users', { id, username: `user-${id}`, discriminator: '0', global_name: null, avatar: null });
      if (ctx.guildId) put('members', memberWithoutUser([], ctx.permissions));
      break;
    case ApplicationCommandOptionType.Role:
      put('roles', resolvedRole(state, id, ctx));
      break;
    case ApplicationCommandOptionType.Attachment:
      put('attachments', {
        id,
        filename: 'file.txt',
        size: 0,
        url: `https://cdn.discordapp.invalid/attachments/${id}/file.txt`,
        proxy_url: `https://media.discordapp.invalid/attachments/${id}/file.txt`,
      });
      break;
    default:
      break;
  }
}

/**
 * Discord resolves a channel option to a partial channel: no permission overwrites, but the
 * invoker's permissions in that channel (overwrites applied).
 */
function resolvedChannel(state: FakeState, id: string, ctx: InteractionContext): Record<string, unknown> {
  const channel = state.channels.get(id);
  const source = channel?.parentId ? state.channels.get(channel.parentId) : channel;
  const permissions =
    channel?.guildId && ctx.guildId
      ? String(
          memberPermissionsIn(source?.permissionOverwrites ?? [], {
            guildId: ctx.guildId,
            memberId: ctx.user.id,
            roleIds: ctx.roles,
            base: BigInt(ctx.permissions),
          }),
        )
      : ctx.permissions;
  return {
    id,
    type: channel?.type ?? ChannelType.GuildText,
    name: channel?.name ?? `channel-${id}`,
    parent_id: channel?.parentId ?? null,
    permissions,
  };
}

/** The guild's role, or a plain mentionable role for an id the fake does not know. */
function resolvedRole(state: FakeState, id: string, ctx: InteractionContext): unknown {
  const guild = ctx.guildId ? state.guilds.get(ctx.guildId) : undefined;
  const role = guild?.roles.find((r) => r.id === id);
  return (
    role ?? {
      id,
      name: `role-${id}`,
      color: 0,
      hoist: false,
      position: 1,
      permissions: '0',
      managed: false,
      mentionable: true,
      flags: 0,
    }
  );
}

function normalizeOptions(
  options: Record<string, OptionValue> | CommandOptionInput[],
  registered: RegisteredOption[] | undefined,
): CommandOptionInput[] {
  if (Array.isArray(options)) return options.map((o) => ({ ...o }));
  return Object.entries(options).map(([name, value]) => {
    const known = registered?.find((o) => o.name === name)?.type;
    return { name, type: known ?? inferType(value), value };
  });
}

function inferType(value: OptionValue): ApplicationCommandOptionType {
  if (typeof value === 'boolean') return ApplicationCommandOptionType.Boolean;
  if (typeof value === 'number') return ApplicationCommandOptionType.Number;
  return ApplicationCommandOptionType.String;
}
