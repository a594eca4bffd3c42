import type { Logger } from '../logger.js';
import type { OAuthClient } from '../service/index.js';
import type { Subscriptions } from '../subscriptions/model.js';
import { type PreviousToken, type StoredToken, type TokenVault, VaultError } from '../vault/index.js';
import type { Forgotten } from './forget-person.js';
import type { PersonLock } from './person-lock.js';

/**
 * What this process keeps in memory about a person (shown pages, a remembered language) and must drop
 * on unlink; the store's rows are the forget's (forget-person.ts), which every entry point runs.
 */
type UnlinkHook = (discordUserId: string) => Promise<void>;

/** Something that keeps per-user data only for linked people and starts when they link (their language). */
type LinkHook = (discordUserId: string) => Promise<void>;

/**
 * Where people create and manage their personal access tokens at the service (Annict's
 * `settings_app_list` route, under SERVICE_WEB_URL): the onboarding panel links here, and kiroku
 * cannot revoke those tokens, so the person is sent here on unlink as well.
 */
export function tokenSettingsUrl(webUrl: string): string {
  return `${webUrl}/settings/apps`;
}

/** The service's sign-up page, for people who have no account there yet. */
export function signUpUrl(webUrl: string): string {
  return `${webUrl}/sign_up`;
}

/** What unlink did with the token: revoked (OAuth), or left for the person to revoke (personal). */
export type UnlinkOutcome = 'revoked' | 'revoke-failed' | 'personal-token' | 'none';

/** What an unlink did: the token, and everything else it removed (empty without a forget). */
interface UnlinkReport extends Forgotten {
  token: UnlinkOutcome;
}

/** What a link did to the person's subscriptions. */
interface RelinkOutcome {
  /** Paused because the old token stopped working, and running again (same service account). */
  resumed: number;
  /** Removed: they published another (or an unknown) service account's data. */
  ended: number;
}

interface AccountsOptions {
  vault: TokenVault;
  oauth: Pick<OAuthClient, 'revoke'> | undefined;
  logger: Logger;
  /** Serialises one person's link changes across processes. */
  lock: Pick<PersonLock, 'run'>;
  subscriptions: Pick<Subscriptions, 'resumeOwner' | 'removeByOwner'>;
  /** Unlink's step after the token: everything else the store holds about the person. */
  forget?: (discordUserId: string) => Promise<Forgotten>;
}

const NOTHING_FORGOTTEN: Forgotten = { pendingLinks: { found: 0, revoked: 0 }, subscriptions: [], rows: {} };

export class Accounts {
  private readonly hooks: UnlinkHook[] = [];
  private readonly linkHooks: LinkHook[] = [];

  constructor(private readonly options: AccountsOptions) {}

  onUnlink(hook: UnlinkHook): void {
    this.hooks.push(hook);
  }

  /** Runs after every link; a hook that fails is logged and the link stands. */
  onLink(hook: LinkHook): void {
    this.linkHooks.push(hook);
  }

  /** The user's linked account; undefined when there is none or its envelope no longer opens. */
  linked(discordUserId: string): Promise<StoredToken | undefined> {
    return this.options.vault.get(discordUserId).catch((error: unknown) => {
      if (error instanceof VaultError) return undefined;
      throw error;
    });
  }

  /**
   * Keeps a checked token as the person's linked account. Under the person's lock it swaps the token
   * in, revokes exactly the OAuth token it replaced, and settles the subscriptions: the same service
   * account resumes those paused for the token; another (or an unknown) account ends them all, since
   * they published the old account's viewing record.
   */
  async link(discordUserId: string, stored: StoredToken): Promise<RelinkOutcome> {
    const outcome = await this.#swapIn(discordUserId, stored);
    for (const hook of this.linkHooks) {
      await hook(discordUserId).catch((error: unknown) =>
        this.options.logger.warn({ err: error }, 'a step after linking failed; the link stands'),
      );
    }
    return outcome;
  }

  #swapIn(discordUserId: string, stored: StoredToken): Promise<RelinkOutcome> {
    return this.options.lock.run(discordUserId, async () => {
      const previous = await this.options.vault.swap(discordUserId, stored);
      if (previous.kind === 'token' && previous.stored.token !== stored.token)
        await this.#revoke(previous, 'revoking the replaced OAuth token failed', discordUserId);
      const sameAccount = previous.kind === 'token' && previous.stored.serviceUserId === stored.serviceUserId;
      const { subscriptions } = this.options;
      if (sameAccount) return { resumed: await subscriptions.resumeOwner(discordUserId), ended: 0 };
      return { resumed: 0, ended: await subscriptions.removeByOwner(discordUserId) };
    });
  }

  /**
   * Takes the token (revoking it if it is an OAuth one: personal tokens belong to the user's
   * settings), drops what this process remembers of the person, then forgets everything stored about
   * them. Serialised with links, so an unlink either comes before a racing link or removes what it
   * linked. A step that fails leaves the person unlinked; unlinking again runs the rest again.
   */
  unlink(discordUserId: string): Promise<UnlinkReport> {
    return this.options.lock.run(discordUserId, async () => {
      const taken = await this.options.vault.take(discordUserId);
      const token = await this.#revoke(taken, 'token revoke failed during unlink', discordUserId);
      // Before the forget: a hook may first let writes in flight land (the pager's list states).
      for (const hook of this.hooks) await hook(discordUserId);
      const forgotten = (await this.options.forget?.(discordUserId)) ?? NOTHING_FORGOTTEN;
      this.options.logger.info(
        { user: discordUserId, outcome: token, subscriptions: forgotten.subscriptions.length },
        'account unlinked',
      );
      return { token, ...forgotten };
    });
  }

  /** Revokes an OAuth token at the service; a failure is worth a warning, never a refusal. */
  async #revoke(previous: PreviousToken, failure: string, person: string): Promise<UnlinkOutcome> {
    // An envelope that no longer opens cannot be revoked; there is nothing in it to use either.
    if (previous.kind !== 'token') return 'none';
    if (previous.stored.method !== 'oauth') return 'personal-token';
    const { oauth, logger } = this.options;
    if (!oauth) return 'revoke-failed';
    return oauth.revoke(previous.stored.token, { person }).then(
      () => 'revoked' as const,
      (error: unknown) => {
        logger.warn({ err: error }, failure);
        return 'revoke-failed' as const;
      },
    );
  }
}
