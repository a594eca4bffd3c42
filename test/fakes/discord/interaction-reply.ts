/** What an interaction's answer looks like to a test: its events, and the visible reply built from them. */
import {
  type APIApplicationCommandOptionChoice,
  type APIEmbed,
  type APIMessage,
  type APIMessageTopLevelComponent,
  type APIModalInteractionResponseCallbackData,
  ComponentType,
  type InteractionResponseType,
  MessageFlags,
} from 'discord-api-types/v10';
import type { MessageBody } from './state.js';

export type InteractionEvent =
  | { kind: 'callback'; type: InteractionResponseType; data: Record<string, unknown>; at: number }
  | { kind: 'editOriginal'; body: MessageBody; at: number }
  | { kind: 'deleteOriginal'; at: number }
  | { kind: 'followup'; body: MessageBody; message: APIMessage; at: number }
  | { kind: 'editFollowup'; messageId: string; body: MessageBody; at: number }
  | { kind: 'deleteFollowup'; messageId: string; at: number };

export type CallbackEvent = Extract<InteractionEvent, { kind: 'callback' }>;

/** The normalized visible answer to an interaction. */
export interface InteractionReply {
  /** The first callback's type: 4 reply, 5 deferred reply, 6 deferred update, 7 update, 8 choices, 9 modal. */
  type: InteractionResponseType;
  /** What made it visible: the callback itself, an @original edit after a defer, or a followup after a defer. */
  via: 'callback' | 'edit' | 'followup';
  content?: string;
  embeds: APIEmbed[];
  components: APIMessageTopLevelComponent[];
  flags: number;
  ephemeral: boolean;
  /** Autocomplete (type 8) only. */
  choices?: APIApplicationCommandOptionChoice[];
  /** Modal (type 9) only. */
  modal?: APIModalInteractionResponseCallbackData;
  /** A snapshot of the message shown (not for 8/9). */
  message?: APIMessage;
}

/** A REST outcome: status and JSON body (undefined -> empty body). */
export interface RestOutcome {
  status: number;
  body?: unknown;
}

/** A reply without a message (autocomplete choices, a modal, a callback whose message is gone). */
export function emptyView(type: InteractionResponseType): InteractionReply {
  return { type, via: 'callback', embeds: [], components: [], flags: 0, ephemeral: false };
}

/** A snapshot of `message` as the visible reply. */
export function messageView(
  type: InteractionResponseType,
  via: InteractionReply['via'],
  message: APIMessage,
): InteractionReply {
  const snapshot = structuredClone(message);
  const flags = snapshot.flags ?? 0;
  return {
    type,
    via,
    content: snapshot.content,
    embeds: snapshot.embeds,
    components: (snapshot.components ?? []) as APIMessageTopLevelComponent[],
    flags,
    ephemeral: (flags & MessageFlags.Ephemeral) !== 0,
    message: snapshot,
  };
}

/** Every custom_id found anywhere in a component tree (handy for assertions). */
export function customIds(components: readonly unknown[]): string[] {
  const found: string[] = [];
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) {
      for (const item of node) visit(item);
      return;
    }
    if (typeof node !== 'object' || node === null) return;
    const record = node as Record<string, unknown>;
    if (typeof record.custom_id === 'string') found.push(record.custom_id);
    for (const key of ['components', 'component', 'accessory']) {
      if (key in record) visit(record[key]);
    }
  };
  visit(components);
  return found;
}

/** The first string select in a component tree and its first option (an Open… menu), for pressing it. */
export function firstSelectOption(
  components: readonly APIMessageTopLevelComponent[],
): { customId: string; value: string } | undefined {
  for (const row of components) {
    if (row.type !== ComponentType.ActionRow) continue;
    for (const component of row.components)
      if (component.type === ComponentType.StringSelect && component.options[0])
        return { customId: component.custom_id, value: component.options[0].value };
  }
  return undefined;
}
