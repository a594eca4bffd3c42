import type { Translator } from '../i18n/translator.js';
import { UserFacingError } from '../i18n/user-facing-error.js';
import type { Logger } from '../logger.js';
import { type OAuthClient, type ServiceClient, type TokenInfo, Unauthorized } from '../service/index.js';
import type { Subscriptions } from '../subscriptions/model.js';
import type { StoredToken } from '../vault/index.js';
import type { Accounts } from './accounts.js';

export const MAX_TOKEN_LENGTH = 200;
/** RFC 6750's b64token: anything else cannot be a token, and is never sent in a header. */
const BEARER_TOKEN = /^[A-Za-z0-9\-._~+/]+=*$/;

/** What linking needs: a handler's context has all of it, and so has the OAuth callback. */
export interface LinkDeps {
  service: Pick<ServiceClient, 'me'>;
  /** Token info (scopes) works without an OAuth application: it only needs the token. */
  tokens: { info(token: string): Promise<TokenInfo> };
  accounts: Pick<Accounts, 'linked' | 'save'>;
  subscriptions: Pick<Subscriptions, 'resumeOwner'>;
  oauth: Pick<OAuthClient, 'revoke'> | undefined;
  logger: Logger;
  now: () => Date;
}

/**
 * Checks a token with `me` and token info before anything is stored: a token the service does not
 * accept is never kept. Returns what was linked.
 */
export function linkToken(
  ctx: LinkDeps & { user: { id: string } },
  rawToken: string,
  method: StoredToken['method'],
): Promise<StoredToken> {
  return linkAccount(ctx, ctx.user.id, rawToken, method);
}

/** Checks and stores a token for a Discord user; also used by the OAuth redirect callback. */
export async function linkAccount(
  deps: LinkDeps,
  discordUserId: string,
  rawToken: string,
  method: StoredToken['method'],
): Promise<StoredToken> {
  const token = rawToken.trim();
  if (!token || token.length > MAX_TOKEN_LENGTH || !BEARER_TOKEN.test(token))
    throw new UserFacingError('account.badToken');
  const call = { token, priority: 'interactive' as const };
  try {
    const [me, info] = await Promise.all([
      deps.service.me({ fields: ['id', 'username'] }, call),
      deps.tokens.info(token),
    ]);
    const stored: StoredToken = {
      token,
      scopes: info.scope,
      serviceUserId: me.id,
      serviceUsername: me.username ?? String(me.id),
      method,
      linkedAt: deps.now().toISOString(),
    };
    // An envelope that no longer opens is replaced; there is nothing in it to revoke.
    const previous = await deps.accounts.linked(discordUserId);
    await deps.accounts.save(discordUserId, stored);
    await revokeReplaced(deps, previous, token);
    // Subscriptions paused because the old token stopped working start again with the new one.
    await deps.subscriptions.resumeOwner(discordUserId);
    deps.logger.info({ serviceUserId: me.id, method, scopes: info.scope }, 'account linked');
    return stored;
  } catch (error) {
    if (error instanceof Unauthorized) throw new UserFacingError('account.badToken');
    throw error;
  }
}

/**
 * Linking again with OAuth replaces the previous OAuth token: it is revoked at the service, or it
 * would stay valid for ever (the service's tokens never expire). A personal token is the person's to
 * revoke in their settings; the same token linked twice is of course kept.
 */
async function revokeReplaced(
  deps: LinkDeps,
  previous: StoredToken | undefined,
  current: string,
): Promise<void> {
  if (previous?.method !== 'oauth' || previous.token === current || !deps.oauth) return;
  await deps.oauth.revoke(previous.token).catch((error: unknown) => {
    deps.logger.warn({ err: error }, 'revoking the replaced OAuth token failed');
  });
}

export function canWrite(stored: Pick<StoredToken, 'scopes'>): boolean {
  return stored.scopes.includes('write');
}

export function linkedMessage(ctx: { t: Translator }, stored: StoredToken): string {
  return canWrite(stored)
    ? ctx.t('account.linked', { username: stored.serviceUsername })
    : ctx.t('account.linkedReadOnly', { username: stored.serviceUsername });
}
