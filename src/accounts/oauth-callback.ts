import type { Logger } from '../logger.js';
import type { OAuthClient } from '../service/index.js';
import { OAuthError, Unauthorized } from '../service/index.js';
import { type LinkDeps, linkAccount } from './link.js';
import type { OAuthStates } from './oauth-state.js';

export interface CallbackDeps extends LinkDeps {
  oauth: OAuthClient;
  oauthStates: OAuthStates;
  logger: Logger;
}

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

/** The browser has no Discord locale, so the page speaks both languages. */
function page(en: string, ja: string): string {
  return `<!doctype html><html><head><meta charset="utf-8"><title>kiroku</title></head><body><p>${escapeHtml(en)}</p><p lang="ja">${escapeHtml(ja)}</p></body></html>`;
}

/**
 * The service redirects here with `code` and `state`. The state names the Discord user who
 * started the link (and is single use), so no code needs pasting.
 */
export function oauthCallback(deps: CallbackDeps) {
  return async (query: URLSearchParams): Promise<{ status: number; html: string }> => {
    const discordUserId = await deps.oauthStates.take(query.get('state') ?? '');
    if (!discordUserId) {
      return {
        status: 400,
        html: page(
          'This authorization link has expired or was already used. Run /account link again in Discord.',
          'この認可リンクは期限切れか使用済みです。Discord でもう一度 /account link を実行してください。',
        ),
      };
    }
    try {
      const token = await deps.oauth.exchangeCode(query.get('code') ?? '');
      const stored = await linkAccount(deps, discordUserId, token.access_token, 'oauth');
      return {
        status: 200,
        html: page(
          `Linked as ${stored.serviceUsername}. You can close this tab and go back to Discord.`,
          `${stored.serviceUsername} として連携しました。このタブを閉じて Discord に戻ってください。`,
        ),
      };
    } catch (error) {
      if (!(error instanceof OAuthError || error instanceof Unauthorized)) throw error;
      deps.logger.info({ user: discordUserId }, 'oauth callback refused a code');
      return {
        status: 400,
        html: page(
          'The service did not accept this authorization. Run /account link again in Discord.',
          'サービスがこの認可を受け付けませんでした。Discord でもう一度 /account link を実行してください。',
        ),
      };
    }
  };
}
