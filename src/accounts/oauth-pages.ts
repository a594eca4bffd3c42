/**
 * The OAuth callback's pages, opened in a browser (often a phone's). Each page is in one language,
 * declared in `<html lang>` so that Japanese text gets Japanese glyph forms and screen readers read
 * it right: the language of the Discord user who started the link when the page knows them, else the
 * browser's. Everything shown is escaped; the pages run no script and load nothing (the server's CSP
 * allows inline style only), and each says what to do next.
 */
import type { HtmlPage } from '../http/server.js';
import type { Locale } from '../i18n/locale.js';
import type { Messages } from '../i18n/messages/en.js';
import { createTranslator, DEFAULT_SITE, type ServiceSite, type Translator } from '../i18n/translator.js';

/** Catalogue keys of messages without placeholders. */
type PlainKey = { [K in keyof Messages]: Messages[K] extends string ? K : never }[keyof Messages];

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

/** One column on a phone, comfortable line length on a desktop, large touch targets, dark mode. */
const STYLE = [
  '*{box-sizing:border-box}',
  'html{-webkit-text-size-adjust:100%;text-size-adjust:100%}',
  'body{font-family:system-ui,sans-serif;font-size:1rem;line-height:1.6;max-width:40rem;margin:0 auto;',
  'padding:1.5rem 1rem;color:#1f2328;background:#fff;overflow-wrap:anywhere}',
  'h1{font-size:1.375rem;line-height:1.3;margin:0 0 1rem}',
  'dl{display:grid;grid-template-columns:max-content 1fr;gap:.25rem 1rem;margin:1rem 0}',
  'dt{font-weight:600}dd{margin:0}',
  '.warning{border-left:.25rem solid #bf8700;background:#fff8c5;padding:.5rem .75rem}',
  'form{display:flex;flex-wrap:wrap;gap:.75rem;margin-top:1.5rem}',
  'button{font:inherit;flex:1 1 10rem;min-height:2.75rem;padding:.5rem 1.25rem;border-radius:.375rem;',
  'border:1px solid #8c959f;background:#f6f8fa;color:inherit;cursor:pointer}',
  'button[value=confirm]{background:#0969da;border-color:#0969da;color:#fff}',
  '@media (max-width:30rem){dl{grid-template-columns:1fr}dd{margin-bottom:.5rem}}',
  '@media (prefers-color-scheme:dark){body{color:#e6edf3;background:#0d1117}',
  '.warning{background:#272115}button{background:#21262d;border-color:#3d444d}}',
].join('');

function document(locale: Locale, t: Translator, body: string): string {
  return [
    `<!doctype html><html lang="${locale}"><head><meta charset="utf-8">`,
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    '<meta name="color-scheme" content="light dark">',
    `<title>${escapeHtml(t('oauthPage.title'))}</title><style>${STYLE}</style></head>`,
    `<body><main>${body}</main></body></html>`,
  ].join('');
}

/** A heading, what happened, and what to do next. */
function resultPage(
  site: ServiceSite,
  status: number,
  locale: Locale,
  keys: { heading: PlainKey; next: PlainKey },
  message: (t: Translator) => string,
): HtmlPage {
  const t = createTranslator(locale, site);
  const body = [
    `<h1>${escapeHtml(t(keys.heading))}</h1>`,
    `<p>${escapeHtml(message(t))}</p>`,
    `<p>${escapeHtml(t(keys.next))}</p>`,
  ].join('');
  return { status, html: document(locale, t, body) };
}

interface ConfirmationView {
  /** Where the form posts: the public callback URL. */
  action: string;
  formToken: string;
  discordUserId: string;
  discordUsername: string | undefined;
  serviceUsername: string;
}

/** Names both sides of the link and asks; only the Confirm button's POST links. */
export function confirmationPage(
  view: ConfirmationView,
  locale: Locale,
  site: ServiceSite = DEFAULT_SITE,
): HtmlPage {
  const t = createTranslator(locale, site);
  const discord = escapeHtml(
    view.discordUsername ? `${view.discordUsername} (id ${view.discordUserId})` : `id ${view.discordUserId}`,
  );
  const body = [
    `<h1>${escapeHtml(t('oauthPage.confirmHeading'))}</h1>`,
    `<dl><dt>${escapeHtml(t('oauthPage.serviceAccount'))}</dt><dd><strong>${escapeHtml(view.serviceUsername)}</strong></dd>`,
    `<dt>${escapeHtml(t('oauthPage.discordUser'))}</dt><dd><strong>${discord}</strong></dd></dl>`,
    `<p>${escapeHtml(t('oauthPage.confirmExplain'))}</p>`,
    `<p class="warning"><strong>${escapeHtml(t('oauthPage.confirmWarning'))}</strong></p>`,
    `<form method="post" action="${escapeHtml(view.action)}">`,
    `<input type="hidden" name="form_token" value="${escapeHtml(view.formToken)}">`,
    `<button type="submit" name="action" value="confirm">${escapeHtml(t('oauthPage.confirmButton'))}</button>`,
    `<button type="submit" name="action" value="cancel">${escapeHtml(t('oauthPage.cancelButton'))}</button>`,
    '</form>',
  ].join('');
  return { status: 200, html: document(locale, t, body) };
}

const AGAIN = { heading: 'oauthPage.notLinkedHeading', next: 'oauthPage.startAgain' } as const;
const EXPIRED = { heading: 'oauthPage.expiredHeading', next: 'oauthPage.startAgain' } as const;

/** The result pages, naming the service as configured (SERVICE_NAME). */
export function oauthPages(site: ServiceSite = DEFAULT_SITE) {
  return {
    stateExpired: (locale: Locale) =>
      resultPage(site, 400, locale, EXPIRED, (t) => t('oauthPage.stateExpired')),
    refused: (locale: Locale) => resultPage(site, 400, locale, AGAIN, (t) => t('oauthPage.refused')),
    denied: (locale: Locale) => resultPage(site, 400, locale, AGAIN, (t) => t('oauthPage.denied')),
    unknownRequest: (locale: Locale) =>
      resultPage(site, 400, locale, AGAIN, (t) => t('oauthPage.unknownRequest')),
    confirmationExpired: (locale: Locale) =>
      resultPage(
        site,
        400,
        locale,
        { heading: 'oauthPage.expiredHeading', next: 'oauthPage.startAgainIfNeeded' },
        (t) => t('oauthPage.confirmationExpired'),
      ),
    cancelled: (locale: Locale) =>
      resultPage(
        site,
        200,
        locale,
        { heading: 'oauthPage.cancelledHeading', next: 'oauthPage.closeTab' },
        (t) => t('oauthPage.cancelled'),
      ),
    linked: (locale: Locale, serviceUsername: string) =>
      resultPage(
        site,
        200,
        locale,
        { heading: 'oauthPage.linkedHeading', next: 'oauthPage.linkedNext' },
        (t) => t('oauthPage.linked', { username: serviceUsername }),
      ),
  };
}
