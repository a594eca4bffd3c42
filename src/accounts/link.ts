import type { Context } from '../bot/context.js';
import { UserFacingError } from '../bot/user-facing-error.js';
import { Unauthorized } from '../service/index.js';
import type { StoredToken } from '../vault/index.js';

export const MAX_TOKEN_LENGTH = 200;

/**
 * Checks a token with `me` and token info before anything is stored: a token the service does not
 * accept is never kept. Returns what was linked.
 */
export async function linkToken(
  ctx: Context,
  rawToken: string,
  method: StoredToken['method'],
): Promise<StoredToken> {
  const token = rawToken.trim();
  if (!token || token.length > MAX_TOKEN_LENGTH || /\s/.test(token))
    throw new UserFacingError('account.badToken');
  const call = { token, priority: 'interactive' as const };
  try {
    const [me, info] = await Promise.all([
      ctx.service.me({ fields: ['id', 'username'] }, call),
      ctx.tokens.info(token),
    ]);
    const stored: StoredToken = {
      token,
      scopes: info.scope,
      serviceUserId: me.id,
      serviceUsername: me.username ?? String(me.id),
      method,
      linkedAt: ctx.now().toISOString(),
    };
    await ctx.vault.put(ctx.user.id, stored);
    ctx.cache.deleteWhere((key) => key.startsWith(`own:${ctx.user.id}:`));
    ctx.logger.info({ serviceUserId: me.id, method, scopes: info.scope }, 'account linked');
    return stored;
  } catch (error) {
    if (error instanceof Unauthorized) throw new UserFacingError('account.badToken');
    throw error;
  }
}

export function canWrite(stored: Pick<StoredToken, 'scopes'>): boolean {
  return stored.scopes.includes('write');
}

export function linkedMessage(ctx: Context, stored: StoredToken): string {
  return canWrite(stored)
    ? ctx.t('account.linked', { username: stored.serviceUsername })
    : ctx.t('account.linkedReadOnly', { username: stored.serviceUsername });
}
