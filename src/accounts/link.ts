import type { Translator } from '../i18n/translator.js';
import { UserFacingError } from '../i18n/user-facing-error.js';
import type { Logger } from '../logger.js';
import { type ServiceClient, type TokenInfo, Unauthorized } from '../service/index.js';
import type { StoredToken } from '../vault/index.js';
import type { Accounts } from './accounts.js';

export const MAX_TOKEN_LENGTH = 200;
/** RFC 6750's b64token: anything else cannot be a token, and is never sent in a header. */
const BEARER_TOKEN = /^[A-Za-z0-9\-._~+/]+=*$/;

/** What linking needs: a handler's context has all of it, and so has the OAuth callback. */
export interface LinkDeps {
  service: Pick<ServiceClient, 'me'>;
  /** Token info (scopes) works without an OAuth application: it only needs the token (and whom it is for). */
  tokens: { info(token: string, person: string): Promise<TokenInfo> };
  accounts: Pick<Accounts, 'link'>;
  logger: Logger;
  now: () => Date;
}

/** What was linked, and how many subscriptions of another service account the link ended. */
interface LinkedAccount extends StoredToken {
  endedSubscriptions: number;
}

/**
 * Checks a token with `me` and token info before anything is stored: a token the service does not
 * accept is never kept. Returns what was linked.
 */
export function linkToken(
  ctx: LinkDeps & { user: { id: string } },
  rawToken: string,
  method: StoredToken['method'],
): Promise<LinkedAccount> {
  return linkAccount(ctx, ctx.user.id, rawToken, method);
}

/** Checks and stores a token for a Discord user; also used by the OAuth redirect callback. */
export async function linkAccount(
  deps: LinkDeps,
  discordUserId: string,
  rawToken: string,
  method: StoredToken['method'],
): Promise<LinkedAccount> {
  const token = rawToken.trim();
  if (!token || token.length > MAX_TOKEN_LENGTH || !BEARER_TOKEN.test(token))
    throw new UserFacingError('account.badToken');
  // Both checks are the person's calls: a flood of token forms takes turns like any of their lookups.
  const call = { token, priority: 'interactive' as const, person: discordUserId };
  try {
    const [me, info] = await Promise.all([
      deps.service.me({ fields: ['id', 'username'] }, call),
      deps.tokens.info(token, discordUserId),
    ]);
    const stored: StoredToken = {
      token,
      scopes: info.scope,
      serviceUserId: me.id,
      serviceUsername: me.username ?? String(me.id),
      method,
      linkedAt: deps.now().toISOString(),
    };
    const { ended, resumed } = await deps.accounts.link(discordUserId, stored);
    deps.logger.info({ serviceUserId: me.id, method, scopes: info.scope, resumed, ended }, 'account linked');
    return { ...stored, endedSubscriptions: ended };
  } catch (error) {
    if (error instanceof Unauthorized) throw new UserFacingError('account.badToken');
    throw error;
  }
}

export function canWrite(stored: Pick<StoredToken, 'scopes'>): boolean {
  return stored.scopes.includes('write');
}

export function linkedMessage(ctx: { t: Translator }, linked: LinkedAccount): string {
  const message = canWrite(linked)
    ? ctx.t('account.linked', { username: linked.serviceUsername })
    : ctx.t('account.linkedReadOnly', { username: linked.serviceUsername });
  return linked.endedSubscriptions > 0
    ? `${message}\n${ctx.t('account.previousSubscriptionsEnded', { count: linked.endedSubscriptions })}`
    : message;
}
