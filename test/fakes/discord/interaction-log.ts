/** Every interaction the fake dispatched, findable by id (callback route) and by token (webhook routes). */
import { InteractionResponseType } from 'discord-api-types/v10';
import type { InteractionResult } from './interaction-result.js';

export class InteractionLog {
  /** In dispatch order; the handle exposes this very array as `interactions`. */
  readonly list: InteractionResult[] = [];
  readonly #byId = new Map<string, InteractionResult>();
  readonly #byToken = new Map<string, InteractionResult>();

  add(result: InteractionResult): void {
    this.list.push(result);
    this.#byId.set(result.id, result);
    this.#byToken.set(result.token, result);
  }

  byId(id: string): InteractionResult | undefined {
    return this.#byId.get(id);
  }

  byToken(token: string): InteractionResult | undefined {
    return this.#byToken.get(token);
  }

  /** The data of the newest modal (type 9 callback) with this custom_id, if any. */
  findModal(customId: string): Record<string, unknown> | undefined {
    for (let i = this.list.length - 1; i >= 0; i--) {
      const modal = this.list[i]?.callbacks.find(
        (c) => c.type === InteractionResponseType.Modal && c.data.custom_id === customId,
      );
      if (modal) return modal.data;
    }
    return undefined;
  }

  clear(): void {
    this.list.length = 0;
    this.#byId.clear();
    this.#byToken.clear();
  }
}
