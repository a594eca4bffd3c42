import type { Logger } from '../logger.js';
import type { OAuthClient } from '../service/index.js';
import { type StoredToken, type TokenVault, VaultError } from '../vault/index.js';

/** Something else that holds per-user data and must forget it on unlink (subscriptions, cursors). */
export type UnlinkHook = (discordUserId: string) => Promise<void>;

/**
 * Where people create and manage their personal access tokens at the service (Annict's
 * `settings_app_list` route, under SERVICE_WEB_URL): the onboarding panel links here, and kiroku
 * cannot revoke those tokens, so the person is sent here on unlink as well.
 */
export function tokenSettingsUrl(webUrl: string): string {
  return `${webUrl}/settings/apps`;
}

/** The page on Annict's own site (SERVICE_WEB_URL's default). */
export const PERSONAL_TOKEN_SETTINGS_URL = tokenSettingsUrl('https://annict.com');

/** What unlink did with the token: revoked (OAuth), or left for the person to revoke (personal). */
export type UnlinkOutcome = 'revoked' | 'revoke-failed' | 'personal-token' | 'none';

export class Accounts {
  private readonly hooks: UnlinkHook[] = [];

  constructor(
    private readonly vault: TokenVault,
    private readonly oauth: OAuthClient | undefined,
    private readonly logger: Logger,
  ) {}

  onUnlink(hook: UnlinkHook): void {
    this.hooks.push(hook);
  }

  /** The user's linked account; undefined when there is none or its envelope no longer opens. */
  linked(discordUserId: string): Promise<StoredToken | undefined> {
    return this.vault.get(discordUserId).catch((error: unknown) => {
      if (error instanceof VaultError) return undefined;
      throw error;
    });
  }

  /** Keeps a checked token as the user's linked account, in place of any earlier one. */
  save(discordUserId: string, stored: StoredToken): Promise<void> {
    return this.vault.put(discordUserId, stored);
  }

  /**
   * Revokes an OAuth token at the service (personal tokens belong to the user's settings and are
   * left alone), then deletes the token and everything kept for the user.
   */
  async unlink(discordUserId: string): Promise<UnlinkOutcome> {
    // An envelope that no longer opens cannot be revoked, but the user may still delete it.
    const stored = await this.linked(discordUserId);
    let outcome: UnlinkOutcome = stored ? 'personal-token' : 'none';
    if (stored?.method === 'oauth') {
      outcome = 'revoke-failed';
      if (this.oauth) {
        outcome = await this.oauth.revoke(stored.token).then(
          () => 'revoked' as const,
          (error: unknown) => {
            // The token is deleted here either way; a failed revoke is worth a warning, not a refusal.
            this.logger.warn({ err: error }, 'token revoke failed during unlink');
            return 'revoke-failed' as const;
          },
        );
      }
    }
    for (const hook of this.hooks) await hook(discordUserId);
    await this.vault.delete(discordUserId);
    this.logger.info({ user: discordUserId, outcome }, 'account unlinked');
    return outcome;
  }
}
