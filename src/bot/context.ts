import type { Accounts } from '../accounts/accounts.js';
import type { OAuthStates } from '../accounts/oauth-state.js';
import type { UserPreferences } from '../accounts/user-preferences.js';
import type { Locale } from '../i18n/locale.js';
import { createTranslator, DEFAULT_SITE, type ServiceSite, type Translator } from '../i18n/translator.js';
import type { Logger } from '../logger.js';
import type { PartyDesk } from '../parties/desk.js';
import type { CoverFetcher } from '../pictures/covers.js';
import type { CallOptions, OAuthClient, Priority, ServiceClient, TokenInfo } from '../service/index.js';
import type { Subscriptions } from '../subscriptions/model.js';
import type { TitleIndex } from '../titles/title-index.js';
import type { StoredToken, TokenVault } from '../vault/index.js';
import type { VerdictBoard } from '../verdicts/board.js';
import type { Reminders } from '../viewing/reminders.js';
import type { WatchLists } from '../viewing/watch-lists.js';
import { type CommandMentions, withCommandMentions } from './command-mentions.js';
import type { MessageReply, UpdateReply } from './interaction-types.js';
import type { LookupCache } from './lookup-cache.js';
import type { OncePerUser, OncePerUserOptions } from './once-per-user.js';
import { UserFacingError } from './user-facing-error.js';

/** What every handler may use, shared by all interactions (a handler's `Context` has these). */
export interface HandlerShared {
  service: ServiceClient;
  oauth: OAuthClient | undefined;
  /** Token info (scopes) works without an OAuth application: it only needs the token (and whom it is for). */
  tokens: { info(token: string, person: string): Promise<TokenInfo> };
  oauthStates: OAuthStates;
  accounts: Accounts;
  /** Per Discord user: the language of their last interaction, and whether others may find their profile. */
  preferences: UserPreferences;
  subscriptions: Subscriptions;
  /** What kiroku may do in a guild channel, from the gateway's guild cache (`attachFiles`: pictures too). */
  channels: {
    canPost(guildId: string, channelId: string, needs?: { attachFiles?: boolean }): Promise<boolean>;
  };
  pager: ListPager;
  /** Clickable mentions of the registered commands (for /help). */
  commandMentions: CommandMentions;
  cache: LookupCache;
  /** The service's English titles, which its own title search does not match (src/titles). */
  titles: TitleIndex;
  /** The stored copies of `/watch` backlogs (paged and trimmed as entries are recorded). */
  watchLists: WatchLists;
  /** Who asked for DM reminders (`/remind`). */
  reminders: Reminders;
  /** Watch parties (`/party`): stored parties, their messages, the server's scheduled events. */
  parties: PartyDesk;
  /** Cover images for the pictures (one fetcher per process, for its cache). */
  covers: Pick<CoverFetcher, 'fetch'>;
  /** The server's verdicts on airing posts and alerts: a press there counts at once (set with the jobs). */
  verdicts?: Pick<VerdictBoard, 'pressed' | 'openComments'>;
  now: () => Date;
}

/**
 * The handlers' long-lived dependencies, built once by the composition root; the router makes each
 * interaction's `Context` from them. The vault and the claims stay here: a handler reaches them only
 * through the context's narrow functions (`linkedAccount()`, `oncePerUser()`).
 */
export interface HandlerDeps extends HandlerShared {
  vault: TokenVault;
  claims: OncePerUser;
  logger: Logger;
  settings: {
    pageSize: number;
    defaultTimezone: string;
    /** Operator token for catalogue lookups by users who have not linked an account. */
    serviceToken: string | undefined;
    publicUrl: string | undefined;
    /** The service as people read about it (SERVICE_NAME, SERVICE_WEB_URL); Annict's when absent. */
    site?: ServiceSite;
  };
}

/**
 * What handlers and the router do with paged lists; `Pager` (paging.ts) implements it. Declared
 * here so that the context does not import the pager, which imports the context.
 */
export interface ListPager {
  open<Q>(ctx: Context, listId: string, query: Q): Promise<MessageReply>;
  turn(ctx: Context, key: string, page: number): Promise<UpdateReply>;
  /** Whether that turn is served from a page already shown (no service call, so not rate-limited). */
  hasShownPage?(key: string, page: number): boolean;
}

export interface Invoker {
  id: string;
  username: string;
}

/** Everything a handler may use for one interaction. Handlers reach nothing else. */
export interface Context extends Omit<HandlerShared, 'commandMentions'> {
  /** Clickable mentions of the registered commands, as they work where this interaction came from. */
  readonly commandMentions: ReturnType<CommandMentions['in']>;
  readonly locale: Locale;
  readonly t: Translator;
  readonly user: Invoker;
  readonly guildId: string | null;
  /** The server's preferred language (null outside a server). */
  readonly guildLocale: Locale | null;
  readonly channelId: string | null;
  readonly logger: Logger;
  readonly settings: Omit<HandlerDeps['settings'], 'serviceToken' | 'site'> & { site: ServiceSite };
  /** The invoker's linked account, or undefined. */
  linkedAccount(): Promise<StoredToken | undefined>;
  /** Runs `action` once per (invoker, scope, key); a second press meanwhile gets undefined (once-per-user.ts). */
  oncePerUser<T>(options: OncePerUserOptions, action: () => Promise<T>): Promise<T | undefined>;
  /** Call options for catalogue lookups: the invoker's own token, else the operator's token. */
  catalogueCall(): Promise<CallOptions>;
  /** Call options carrying the invoker's own token; never anyone else's. */
  ownCall(priority?: Priority): Promise<CallOptions>;
}

export interface InteractionScope {
  locale: Locale;
  user: Invoker;
  guildId: string | null;
  guildLocale?: Locale | null;
  channelId: string | null;
  interactionId: string;
  route: string;
}

export function createContext(deps: HandlerDeps, scope: InteractionScope): Context {
  const { settings, logger, vault, claims, ...shared } = deps;
  let account: Promise<StoredToken | undefined> | undefined;
  const linkedAccount = () => {
    account ??= vault.get(scope.user.id);
    return account;
  };
  // Most interactions never log: the child logger (which serializes its bindings) is built on first use.
  let child: Logger | undefined;
  return {
    ...shared,
    // Lookups in flight are shared per person: nobody waits for another person's queued call.
    cache: shared.cache.forPerson(scope.user.id),
    locale: scope.locale,
    t: withCommandMentions(
      createTranslator(scope.locale, settings.site ?? DEFAULT_SITE),
      shared.commandMentions,
      scope.guildId,
    ),
    commandMentions: shared.commandMentions.in(scope.guildId),
    user: scope.user,
    guildId: scope.guildId,
    guildLocale: scope.guildLocale ?? null,
    channelId: scope.channelId,
    get logger() {
      child ??= logger.child({ interaction: scope.interactionId, route: scope.route, user: scope.user.id });
      return child;
    },
    settings: {
      pageSize: settings.pageSize,
      defaultTimezone: settings.defaultTimezone,
      publicUrl: settings.publicUrl,
      site: settings.site ?? DEFAULT_SITE,
    },
    linkedAccount,
    oncePerUser: (options, action) => claims.run(scope.user.id, deps.now(), options, action),
    async catalogueCall() {
      const own = await linkedAccount();
      const token = own?.token ?? settings.serviceToken;
      if (!token) throw new UserFacingError('error.catalogueNeedsLink');
      return { token, priority: 'interactive', person: scope.user.id };
    },
    async ownCall(priority = 'interactive') {
      const own = await linkedAccount();
      if (!own) throw new UserFacingError('error.notLinked');
      return { token: own.token, priority, person: scope.user.id };
    },
  };
}
