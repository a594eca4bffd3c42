import type { HtmlPage, OAuthCallbackHandler } from '../http/server.js';
import type { Locale } from '../i18n/locale.js';
import { createTranslator, type ServiceSite, type Translator } from '../i18n/translator.js';
import { UserFacingError } from '../i18n/user-facing-error.js';
import type { OAuthClient } from '../service/index.js';
import { OAuthError, Unauthorized } from '../service/index.js';
import { type LinkDeps, linkAccount } from './link.js';
import type { OAuthConfirmations } from './oauth-confirmations.js';
import { confirmationPage, oauthPages } from './oauth-pages.js';
import type { OAuthStates } from './oauth-state.js';

interface CallbackDeps extends LinkDeps {
  oauth: OAuthClient;
  oauthStates: OAuthStates;
  confirmations: OAuthConfirmations;
  /** The public callback URL; the confirmation form posts back to it. */
  callbackUrl: string;
  /** A private message to a Discord user (a direct message over the bot's REST). */
  notifyUser(discordUserId: string, content: string): Promise<void>;
  /**
   * How that message is written: the configured service name and clickable command mentions
   * (default: Annict's name, commands as text).
   */
  translatorFor?: (locale: Locale) => Translator | Promise<Translator>;
  /** The service as the pages name it (SERVICE_NAME; default Annict). */
  site?: ServiceSite;
}

const isRefusal = (error: unknown) =>
  error instanceof OAuthError || error instanceof Unauthorized || error instanceof UserFacingError;

/**
 * The service redirects here with `code` and `state`. Whoever opens that URL is not necessarily the
 * Discord user who started the link (anyone can forward an authorization link), so a GET never links:
 * it exchanges the code, keeps the token sealed server-side, and shows both accounts with a Confirm
 * button. Only that form's POST, carrying a one-time token, links; the Discord user is then told in
 * Discord.
 */
export function oauthCallback(deps: CallbackDeps): OAuthCallbackHandler {
  return {
    show: (query, browser) => show(deps, query, browser),
    confirm: (form, browser) => confirm(deps, form, browser),
  };
}

/**
 * Pages speak the language of the Discord user who started the link (kept with the state and the
 * pending link); only a page that knows no such user (an expired or forged link) goes by the browser.
 */
async function show(deps: CallbackDeps, query: URLSearchParams, browser: Locale): Promise<HtmlPage> {
  const pages = oauthPages(deps.site);
  // The state is single use whatever happens next: the code it came with is single use too.
  const state = await deps.oauthStates.take(query.get('state') ?? '');
  if (!state) return pages.stateExpired(browser);
  const locale = state.locale ?? browser;
  if (query.has('error')) return pages.denied(locale);
  let accessToken: string;
  let me: { id: number; username?: string | null | undefined };
  try {
    // Whoever opened the page, the link is the Discord user's who started it: their calls, their turn.
    const person = state.discordUserId;
    accessToken = (await deps.oauth.exchangeCode(query.get('code') ?? '', { person })).access_token;
    me = await deps.service.me(
      { fields: ['id', 'username'] },
      { token: accessToken, priority: 'interactive', person },
    );
  } catch (error) {
    if (!isRefusal(error)) throw error;
    deps.logger.info({ user: state.discordUserId }, 'oauth callback refused a code');
    return pages.refused(locale);
  }
  const serviceUsername = me.username ?? String(me.id);
  const formToken = await deps.confirmations.create({
    discordUserId: state.discordUserId,
    ...(state.discordUsername ? { discordUsername: state.discordUsername } : {}),
    ...(state.locale ? { locale: state.locale } : {}),
    serviceUserId: me.id,
    serviceUsername,
    accessToken,
  });
  return confirmationPage(
    {
      action: deps.callbackUrl,
      formToken,
      discordUserId: state.discordUserId,
      discordUsername: state.discordUsername,
      serviceUsername,
    },
    locale,
    deps.site,
  );
}

async function confirm(deps: CallbackDeps, form: URLSearchParams, browser: Locale): Promise<HtmlPage> {
  const pages = oauthPages(deps.site);
  const action = form.get('action');
  if (action !== 'confirm' && action !== 'cancel') return pages.unknownRequest(browser);
  const taken = await deps.confirmations.take(form.get('form_token') ?? '');
  if (!taken) return pages.confirmationExpired(browser);
  const { link, accessToken } = taken;
  const locale = link.locale ?? browser;
  if (action === 'cancel') {
    await deps.oauth.revoke(accessToken, { person: link.discordUserId }).catch((error: unknown) => {
      deps.logger.warn({ err: error }, 'oauth: revoking a cancelled authorization failed');
    });
    deps.logger.info({ user: link.discordUserId }, 'oauth link cancelled on the confirmation page');
    return pages.cancelled(locale);
  }
  try {
    const stored = await linkAccount(deps, link.discordUserId, accessToken, 'oauth');
    const dmLocale = link.locale ?? 'en';
    const t = await (deps.translatorFor?.(dmLocale) ?? createTranslator(dmLocale, deps.site));
    const linked = t('account.linkedFromBrowser', { username: stored.serviceUsername });
    const ended =
      stored.endedSubscriptions > 0
        ? `\n${t('account.previousSubscriptionsEnded', { count: stored.endedSubscriptions })}`
        : '';
    await deps.notifyUser(link.discordUserId, linked + ended);
    return pages.linked(locale, stored.serviceUsername);
  } catch (error) {
    if (!isRefusal(error)) throw error;
    return pages.refused(locale);
  }
}
