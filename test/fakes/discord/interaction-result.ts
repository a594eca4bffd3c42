/** Tracks how the bot answers one dispatched interaction (callbacks, @original edits, followups). */
import {
  type APIApplicationCommandOptionChoice,
  type APIMessage,
  type APIModalInteractionResponseCallbackData,
  InteractionResponseType,
  InteractionType,
  MessageFlags,
  MessageType,
} from 'discord-api-types/v10';
import {
  type CallbackEvent,
  emptyView,
  type InteractionEvent,
  type InteractionReply,
  messageView,
  type RestOutcome,
} from './interaction-reply.js';
import type { FakeState, MessageBody, RecordedFile } from './state.js';

export {
  type CallbackEvent,
  customIds,
  firstSelectOption,
  type InteractionEvent,
  type InteractionReply,
  type RestOutcome,
} from './interaction-reply.js';

const ALLOWED_CALLBACKS: Record<number, InteractionResponseType[]> = {
  [InteractionType.ApplicationCommand]: [
    InteractionResponseType.ChannelMessageWithSource,
    InteractionResponseType.DeferredChannelMessageWithSource,
    InteractionResponseType.Modal,
  ],
  [InteractionType.MessageComponent]: [
    InteractionResponseType.ChannelMessageWithSource,
    InteractionResponseType.DeferredChannelMessageWithSource,
    InteractionResponseType.DeferredMessageUpdate,
    InteractionResponseType.UpdateMessage,
    InteractionResponseType.Modal,
  ],
  [InteractionType.ApplicationCommandAutocomplete]: [
    InteractionResponseType.ApplicationCommandAutocompleteResult,
  ],
  [InteractionType.ModalSubmit]: [
    InteractionResponseType.ChannelMessageWithSource,
    InteractionResponseType.DeferredChannelMessageWithSource,
    InteractionResponseType.DeferredMessageUpdate,
    InteractionResponseType.UpdateMessage,
  ],
};

const unknownMessage = (): RestOutcome => ({
  status: 404,
  body: { message: 'Unknown Message', code: 10008 },
});

export class InteractionResult {
  readonly events: InteractionEvent[] = [];
  /** REST calls the fake refused for this interaction (late or double acknowledgement, ...). */
  readonly errors: string[] = [];
  readonly dispatchedAt = Date.now();
  #originalId: string | null = null;
  readonly #followupIds = new Set<string>();
  readonly #listeners = new Set<() => void>();

  constructor(
    readonly id: string,
    readonly token: string,
    readonly interactionType: InteractionType,
    /** The INTERACTION_CREATE `d` that was dispatched. */
    readonly payload: Record<string, unknown>,
    private readonly ctx: {
      state: FakeState;
      channelId: string;
      /** The message a component / modal interaction came from. */
      sourceMessageId: string | null;
      /** 0 disables; otherwise a callback later than this is refused with 10062 Unknown interaction. */
      deadlineMs: number;
    },
  ) {}

  get callbacks(): CallbackEvent[] {
    return this.events.filter((e): e is CallbackEvent => e.kind === 'callback');
  }

  get edits(): Array<Extract<InteractionEvent, { kind: 'editOriginal' | 'editFollowup' }>> {
    return this.events.filter(
      (e): e is Extract<InteractionEvent, { kind: 'editOriginal' | 'editFollowup' }> =>
        e.kind === 'editOriginal' || e.kind === 'editFollowup',
    );
  }

  /** Followup messages (current state), in order. */
  get followupMessages(): APIMessage[] {
    return [...this.#followupIds].map((id) => this.ctx.state.message(id)).filter((m) => m !== undefined);
  }

  /** True if the first callback was a defer (5 or 6). */
  get deferred(): boolean {
    const first = this.callbacks[0];
    return (
      first?.type === InteractionResponseType.DeferredChannelMessageWithSource ||
      first?.type === InteractionResponseType.DeferredMessageUpdate
    );
  }

  /** Milliseconds from dispatch to the first callback, or null if none yet. */
  get firstCallbackMs(): number | null {
    const first = this.callbacks[0];
    return first ? first.at - this.dispatchedAt : null;
  }

  /** The @original message (current state), if one exists. */
  get original(): APIMessage | undefined {
    return this.#originalId ? this.ctx.state.message(this.#originalId) : undefined;
  }

  /** Waits until the interaction has a visible answer and returns it (see InteractionReply). */
  async reply(timeoutMs = 5000): Promise<InteractionReply> {
    await this.waitFor(() => this.latest() !== undefined, timeoutMs, 'a visible reply');
    const view = this.latest();
    if (!view) throw new Error('unreachable');
    return view;
  }

  /** The visible answer right now (with every edit applied), or undefined if there is none yet. */
  latest(): InteractionReply | undefined {
    const first = this.callbacks[0];
    if (!first) return undefined;
    const { type, data } = first;
    if (type === InteractionResponseType.ApplicationCommandAutocompleteResult) {
      return { ...emptyView(type), choices: (data.choices ?? []) as APIApplicationCommandOptionChoice[] };
    }
    if (type === InteractionResponseType.Modal) {
      return { ...emptyView(type), modal: data as unknown as APIModalInteractionResponseCallbackData };
    }
    const original = this.original;
    if (
      type === InteractionResponseType.ChannelMessageWithSource ||
      type === InteractionResponseType.UpdateMessage
    ) {
      return original ? messageView(type, 'callback', original) : { ...emptyView(type), via: 'callback' };
    }
    const edited = this.events.some((e) => e.kind === 'editOriginal');
    if (edited && original) return messageView(type, 'edit', original);
    const followup = this.followupMessages[0];
    if (followup) return messageView(type, 'followup', followup);
    return undefined;
  }

  /** Waits for at least n followups and returns the first n (current state). */
  async followups(n = 1, timeoutMs = 5000): Promise<InteractionReply[]> {
    await this.waitFor(() => this.#followupIds.size >= n, timeoutMs, `${n} followup(s)`);
    const type = this.callbacks[0]?.type ?? InteractionResponseType.ChannelMessageWithSource;
    return this.followupMessages.slice(0, n).map((m) => messageView(type, 'followup', m));
  }

  /** Resolves once `predicate()` holds (checked now and after every recorded event). */
  waitFor(predicate: () => boolean, timeoutMs = 5000, what = 'condition'): Promise<void> {
    if (predicate()) return Promise.resolve();
    return new Promise((resolve, reject) => {
      const listener = (): void => {
        if (!predicate()) return;
        clearTimeout(timer);
        this.#listeners.delete(listener);
        resolve();
      };
      const timer = setTimeout(() => {
        this.#listeners.delete(listener);
        reject(
          new Error(
            `interaction ${this.id}: no ${what} within ${timeoutMs} ms; events: ${JSON.stringify(
              this.events.map((e) => (e.kind === 'callback' ? `callback:${e.type}` : e.kind)),
            )}; errors: ${JSON.stringify(this.errors)}`,
          ),
        );
      }, timeoutMs);
      this.#listeners.add(listener);
    });
  }

  // ---- called by the REST layer ----

  /** POST /interactions/{id}/{token}/callback */
  acknowledge(body: Record<string, unknown>, files: RecordedFile[], withResponse: boolean): RestOutcome {
    const at = Date.now();
    const type = Number(body.type) as InteractionResponseType;
    const data = (typeof body.data === 'object' && body.data !== null ? body.data : {}) as Record<
      string,
      unknown
    >;
    if (this.ctx.deadlineMs > 0 && at - this.dispatchedAt > this.ctx.deadlineMs) {
      return this.#refuse(`callback after ${at - this.dispatchedAt} ms`, 404, 'Unknown interaction', 10062);
    }
    if (this.callbacks.length > 0) {
      return this.#refuse('second callback', 400, 'Interaction has already been acknowledged.', 40060);
    }
    if (!ALLOWED_CALLBACKS[this.interactionType]?.includes(type)) {
      return this.#refuse(`callback type ${type} not allowed`, 400, 'Invalid Form Body', 50035);
    }
    const state = this.ctx.state;
    const messageBody = data as MessageBody;
    switch (type) {
      case InteractionResponseType.ChannelMessageWithSource:
        this.#originalId = this.#createOriginal(messageBody, files, messageBody.flags ?? 0).id;
        break;
      case InteractionResponseType.DeferredChannelMessageWithSource:
        this.#originalId = this.#createOriginal(
          { content: '' },
          [],
          MessageFlags.Loading | ((messageBody.flags ?? 0) & MessageFlags.Ephemeral),
        ).id;
        break;
      case InteractionResponseType.DeferredMessageUpdate:
        this.#originalId = this.ctx.sourceMessageId;
        break;
      case InteractionResponseType.UpdateMessage:
        this.#originalId = this.ctx.sourceMessageId;
        if (this.#originalId) state.editMessage(this.#originalId, messageBody, files);
        break;
      default:
        break;
    }
    this.#push({ kind: 'callback', type, data, at });
    if (!withResponse) return { status: 204 };
    const original = this.original;
    const ephemeral = ((original?.flags ?? 0) & MessageFlags.Ephemeral) !== 0;
    return {
      status: 200,
      body: {
        interaction: {
          id: this.id,
          type: this.interactionType,
          ...(original
            ? {
                response_message_id: original.id,
                response_message_loading: type === InteractionResponseType.DeferredChannelMessageWithSource,
                response_message_ephemeral: ephemeral,
              }
            : {}),
        },
        resource: { type, ...(original ? { message: original } : {}) },
      },
    };
  }

  /** GET /webhooks/{app}/{token}/messages/{id|@original} */
  getMessage(messageId: string): RestOutcome {
    const message = this.#resolve(messageId);
    return message ? { status: 200, body: message } : unknownMessage();
  }

  /** PATCH /webhooks/{app}/{token}/messages/{id|@original} */
  editMessage(messageId: string, body: MessageBody, files: RecordedFile[]): RestOutcome {
    const message = this.#resolve(messageId);
    if (!message) return this.#refuse(`edit of ${messageId} before it exists`, 404, 'Unknown Message', 10008);
    const flags = message.flags ?? 0;
    const edited = this.ctx.state.editMessage(message.id, { ...body, flags: undefined }, files);
    if (!edited) return unknownMessage();
    if (flags & MessageFlags.Loading) edited.flags = flags & ~MessageFlags.Loading;
    const at = Date.now();
    if (messageId === '@original' || message.id === this.#originalId)
      this.#push({ kind: 'editOriginal', body, at });
    else this.#push({ kind: 'editFollowup', messageId: message.id, body, at });
    return { status: 200, body: edited };
  }

  /** DELETE /webhooks/{app}/{token}/messages/{id|@original} */
  deleteMessage(messageId: string): RestOutcome {
    const message = this.#resolve(messageId);
    if (!message) return unknownMessage();
    this.ctx.state.deleteMessage(message.id);
    const at = Date.now();
    if (message.id === this.#originalId) {
      this.#originalId = null;
      this.#push({ kind: 'deleteOriginal', at });
    } else {
      this.#followupIds.delete(message.id);
      this.#push({ kind: 'deleteFollowup', messageId: message.id, at });
    }
    return { status: 204 };
  }

  /** POST /webhooks/{app}/{token} */
  followup(body: MessageBody, files: RecordedFile[]): RestOutcome {
    if (this.callbacks.length === 0) {
      return this.#refuse('followup before any callback', 404, 'Unknown Webhook', 10015);
    }
    const message = this.ctx.state.createMessage(this.ctx.channelId, body, {
      source: 'followup',
      webhookId: this.payload.application_id as string,
      files,
    });
    this.#followupIds.add(message.id);
    this.#push({ kind: 'followup', body, message, at: Date.now() });
    return { status: 200, body: message };
  }

  #createOriginal(body: MessageBody, files: RecordedFile[], flags: number): APIMessage {
    const user = (this.payload.member as { user?: unknown } | undefined)?.user ?? this.payload.user;
    const isCommand = this.interactionType === InteractionType.ApplicationCommand;
    return this.ctx.state.createMessage(
      this.ctx.channelId,
      { ...body, flags },
      {
        source: 'interaction',
        webhookId: this.payload.application_id as string,
        type: isCommand ? MessageType.ChatInputCommand : MessageType.Default,
        files,
        extra: {
          interaction_metadata: {
            id: this.id,
            type: this.interactionType,
            user,
            authorizing_integration_owners: this.payload.authorizing_integration_owners,
          },
        } as Partial<APIMessage>,
      },
    );
  }

  #resolve(messageId: string): APIMessage | undefined {
    if (messageId === '@original') return this.original;
    if (messageId === this.#originalId || this.#followupIds.has(messageId))
      return this.ctx.state.message(messageId);
    return undefined;
  }

  /** A body the fake refused before routing it (a broken limit, bad Unicode, off the spec): shown in failures. */
  noteRefused(reason: string, outcome: RestOutcome): void {
    this.errors.push(`${reason}: ${outcome.status} ${JSON.stringify(outcome.body)}`.slice(0, 2000));
    this.#notify();
  }

  #refuse(reason: string, status: number, message: string, code: number): RestOutcome {
    this.errors.push(`${reason}: ${status} ${code} ${message}`);
    this.#notify();
    return { status, body: { message, code } };
  }

  #push(event: InteractionEvent): void {
    this.events.push(event);
    this.#notify();
  }

  #notify(): void {
    for (const listener of [...this.#listeners]) listener();
  }
}
