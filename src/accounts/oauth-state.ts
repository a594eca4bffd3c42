import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import type { Collection } from '../store/index.js';

/** An OAuth `state` lives as long as the service's authorization code: 10 minutes. */
export const OAUTH_STATE_TTL_MS = 10 * 60 * 1000;

export const oauthStateSchema = z.object({ discordUserId: z.string(), createdAt: z.string() });
export type OAuthState = z.infer<typeof oauthStateSchema>;

/** States bound to the Discord user who started the link, single use. */
export class OAuthStates {
  constructor(private readonly states: Collection<OAuthState>) {}

  async issue(discordUserId: string, now: Date): Promise<string> {
    const state = randomBytes(18).toString('base64url');
    await this.states.set(state, { discordUserId, createdAt: now.toISOString() }, OAUTH_STATE_TTL_MS);
    return state;
  }

  /** True when the state exists and belongs to this user; it is consumed either way. */
  async consume(state: string, discordUserId: string): Promise<boolean> {
    if (!/^[A-Za-z0-9_-]{10,64}$/.test(state)) return false;
    const found = await this.states.get(state);
    if (!found) return false;
    if (found.discordUserId !== discordUserId) return false;
    await this.states.delete(state);
    return true;
  }

  /** Consumes a state and returns whose it was (the redirect callback has no Discord user). */
  async take(state: string): Promise<string | undefined> {
    if (!/^[A-Za-z0-9_-]{10,64}$/.test(state)) return undefined;
    const found = await this.states.get(state);
    if (!found) return undefined;
    await this.states.delete(state);
    return found.discordUserId;
  }

  async belongsTo(state: string, discordUserId: string): Promise<boolean> {
    if (!/^[A-Za-z0-9_-]{10,64}$/.test(state)) return false;
    return (await this.states.get(state))?.discordUserId === discordUserId;
  }
}
