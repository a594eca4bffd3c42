import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import { LOCALES } from '../i18n/locale.js';
import type { Collection } from '../store/index.js';

/** An OAuth `state` lives as long as the service's authorization code: 10 minutes. */
export const OAUTH_STATE_TTL_MS = 10 * 60 * 1000;

export const oauthStateSchema = z.object({
  discordUserId: z.string(),
  createdAt: z.string(),
  /** Shown on the callback's confirmation page, so whoever opens it sees who started the link. */
  discordUsername: z.string().max(100).optional(),
  /** The starter's Discord language, for the confirmation sent to them in Discord. */
  locale: z.enum(LOCALES).optional(),
});
type OAuthState = z.infer<typeof oauthStateSchema>;

/** Who starts a link, as the interaction names them. */
interface LinkStarter {
  id: string;
  username?: string;
  locale?: 'en' | 'ja';
}

const STATE_PATTERN = /^[A-Za-z0-9_-]{10,64}$/;

/** States bound to the Discord user who started the link, single use. */
export class OAuthStates {
  constructor(private readonly states: Collection<OAuthState>) {}

  async issue(starter: string | LinkStarter, now: Date): Promise<string> {
    const who = typeof starter === 'string' ? { id: starter } : starter;
    const state = randomBytes(18).toString('base64url');
    await this.states.set(
      state,
      {
        discordUserId: who.id,
        createdAt: now.toISOString(),
        ...(who.username ? { discordUsername: who.username.slice(0, 100) } : {}),
        ...(who.locale ? { locale: who.locale } : {}),
      },
      OAUTH_STATE_TTL_MS,
    );
    return state;
  }

  /** True when the state exists and belongs to this user; it is then consumed (by one caller only). */
  async consume(state: string, discordUserId: string): Promise<boolean> {
    if (!(await this.belongsTo(state, discordUserId))) return false;
    return (await this.states.take(state))?.discordUserId === discordUserId;
  }

  /** Consumes a state and returns it; of two callers with one state, only one gets it. */
  async take(state: string): Promise<OAuthState | undefined> {
    if (!STATE_PATTERN.test(state)) return undefined;
    return this.states.take(state);
  }

  async belongsTo(state: string, discordUserId: string): Promise<boolean> {
    if (!STATE_PATTERN.test(state)) return false;
    return (await this.states.get(state))?.discordUserId === discordUserId;
  }
}
