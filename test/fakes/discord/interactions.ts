/** Builds INTERACTION_CREATE payloads (slash, autocomplete, button, select, modal submit). */
import {
  type APIMessage,
  ApplicationCommandType,
  ButtonStyle,
  ComponentType,
  InteractionType,
  MessageType,
} from 'discord-api-types/v10';
import { commandOptions } from './command-options.js';
import { apiUser, interactionContext } from './interaction-context.js';
import {
  type AutocompleteOptions,
  type BuiltInteraction,
  type ButtonOptions,
  type ContextMenuOptions,
  DEFAULT_TEST_USER,
  type FakeUserInput,
  type InteractionContext,
  type InteractionContextOptions,
  type MessageRef,
  type ModalOptions,
  type SelectOptions,
  type SlashOptions,
} from './interaction-inputs.js';
import type { FakeState } from './state.js';

export {
  type AutocompleteOptions,
  type BuiltInteraction,
  type ButtonOptions,
  type CommandOptionInput,
  type ContextMenuOptions,
  DEFAULT_TEST_USER,
  type FakeUserInput,
  type InteractionContextOptions,
  type MessageRef,
  type ModalOptions,
  type OptionValue,
  type SelectOptions,
  type SlashOptions,
} from './interaction-inputs.js';

export class InteractionBuilder {
  #counter = 0;

  constructor(
    private readonly deps: {
      state: FakeState;
      applicationId: string;
      defaultUser: () => FakeUserInput;
      /** The data of the newest modal (type 9 callback) with this custom_id, if any. */
      findModal: (customId: string) => Record<string, unknown> | undefined;
    },
  ) {}

  slash(opts: SlashOptions): BuiltInteraction {
    return this.#command(InteractionType.ApplicationCommand, opts, null);
  }

  contextMenu(opts: ContextMenuOptions): BuiltInteraction {
    const ctx = this.#context(opts);
    const command = this.deps.state.findCommand(opts.name, ctx.guildId);
    const resolved: Record<string, unknown> = {};
    let targetId: string;
    let type: ApplicationCommandType;
    if ('user' in opts.target) {
      const target = apiUser({ ...DEFAULT_TEST_USER, ...opts.target.user });
      targetId = target.id;
      type = ApplicationCommandType.User;
      resolved.users = { [target.id]: target };
    } else {
      const author = apiUser({ ...DEFAULT_TEST_USER, ...opts.target.message.author });
      const message = {
        ...this.#message(undefined, ctx, null),
        content: opts.target.message.content,
        author,
      };
      targetId = message.id;
      type = ApplicationCommandType.Message;
      resolved.messages = { [message.id]: message };
    }
    return this.#finish(InteractionType.ApplicationCommand, ctx, null, {
      data: {
        id: command?.id ?? this.deps.state.ids.next(),
        name: opts.name,
        type,
        target_id: targetId,
        resolved,
        ...(command?.guild_id ? { guild_id: command.guild_id } : {}),
      },
    });
  }

  autocomplete(opts: AutocompleteOptions): BuiltInteraction {
    return this.#command(InteractionType.ApplicationCommandAutocomplete, opts, opts.focused);
  }

  button(opts: ButtonOptions): BuiltInteraction {
    const ctx = this.#context(opts);
    const message = this.#message(opts.message, ctx, {
      type: ComponentType.Button,
      style: ButtonStyle.Primary,
      label: opts.customId,
      custom_id: opts.customId,
    });
    return this.#finish(InteractionType.MessageComponent, ctx, message.id, {
      message,
      data: { custom_id: opts.customId, component_type: ComponentType.Button },
    });
  }

  select(opts: SelectOptions): BuiltInteraction {
    const ctx = this.#context(opts);
    const componentType = opts.componentType ?? ComponentType.StringSelect;
    const message = this.#message(opts.message, ctx, {
      type: componentType,
      custom_id: opts.customId,
      ...(componentType === ComponentType.StringSelect
        ? { options: opts.values.map((value) => ({ label: value, value })) }
        : {}),
    });
    return this.#finish(InteractionType.MessageComponent, ctx, message.id, {
      message,
      data: { custom_id: opts.customId, component_type: componentType, values: opts.values },
    });
  }

  modal(opts: ModalOptions): BuiltInteraction {
    const ctx = this.#context(opts);
    const shown = this.deps.findModal(opts.customId);
    const shownComponents = Array.isArray(shown?.components)
      ? (shown.components as Array<{ type?: unknown }>)
      : [];
    const layout =
      opts.layout ??
      (shownComponents[0]?.type === ComponentType.Label ? ('label' as const) : ('actionRow' as const));
    let componentId = 0;
    const components = Object.entries(opts.fields).map(([customId, value]) => {
      const inner = Array.isArray(value)
        ? { type: ComponentType.StringSelect, id: ++componentId, custom_id: customId, values: value }
        : { type: ComponentType.TextInput, id: ++componentId, custom_id: customId, value };
      return layout === 'label'
        ? { type: ComponentType.Label, id: ++componentId, component: inner }
        : { type: ComponentType.ActionRow, id: ++componentId, components: [inner] };
    });
    const message = opts.message ? this.#message(opts.message, ctx, null) : null;
    return this.#finish(InteractionType.ModalSubmit, ctx, message?.id ?? null, {
      ...(message ? { message } : {}),
      data: { custom_id: opts.customId, components },
    });
  }

  #command(type: InteractionType, opts: SlashOptions, focused: string | null): BuiltInteraction {
    const ctx = this.#context(opts);
    const command = this.deps.state.findCommand(opts.name, ctx.guildId);
    const { options, resolved } = commandOptions(this.deps.state, opts, ctx, focused, command?.options);
    return this.#finish(type, ctx, null, {
      data: {
        id: command?.id ?? this.deps.state.ids.next(),
        name: opts.name,
        type: ApplicationCommandType.ChatInput,
        ...(command?.guild_id ? { guild_id: command.guild_id } : {}),
        ...(options.length > 0 ? { options } : {}),
        ...(Object.keys(resolved).length > 0 ? { resolved } : {}),
      },
    });
  }

  /** Resolves a MessageRef; without one, synthesizes (and stores) a bot message carrying `component`. */
  #message(
    ref: MessageRef | undefined,
    ctx: InteractionContext,
    component: Record<string, unknown> | null,
  ): APIMessage {
    const state = this.deps.state;
    if (typeof ref === 'string') {
      const found = state.message(ref);
      if (!found) throw new Error(`fake discord: no stored message ${ref}`);
      return structuredClone(found);
    }
    if (ref && 'original' in ref) {
      if (!ref.original) throw new Error('fake discord: that interaction has no @original message yet');
      return structuredClone(ref.original);
    }
    if (ref) return structuredClone(ref);
    return state.createMessage(
      ctx.channelId,
      {
        content: '',
        components: component
          ? ([
              { type: ComponentType.ActionRow, components: [component] },
            ] as unknown as APIMessage['components'])
          : [],
      },
      { source: 'interaction', type: MessageType.Default },
    );
  }

  #context(opts: InteractionContextOptions): InteractionContext {
    return interactionContext(this.deps, opts);
  }

  #finish(
    type: InteractionType,
    ctx: InteractionContext,
    sourceMessageId: string | null,
    extra: Record<string, unknown>,
  ): BuiltInteraction {
    const id = this.deps.state.ids.next();
    this.#counter += 1;
    const token = `fake-interaction-token-${this.#counter}-${Math.random().toString(36).slice(2, 12)}`;
    return {
      id,
      token,
      type,
      guildId: ctx.guildId,
      channelId: ctx.channelId,
      sourceMessageId,
      payload: { id, token, type, ...ctx.base, ...extra },
    };
  }
}
