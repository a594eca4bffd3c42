/**
 * The OAuth callback's pages. The browser has no Discord locale, so every page speaks English and
 * Japanese. Everything shown is escaped; the pages run no script and load nothing.
 */
import type { HtmlPage } from '../http/server.js';

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

const STYLE =
  'body{font-family:system-ui,sans-serif;max-width:40rem;margin:2rem auto;padding:0 1rem;line-height:1.5}' +
  'button{font-size:1rem;padding:.5rem 1rem;margin:.25rem}';

function document(body: string): string {
  return `<!doctype html><html><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>kiroku</title><style>${STYLE}</style></head><body>${body}</body></html>`;
}

/** A page of plain messages, each in both languages. */
export function messagePage(status: number, en: string, ja: string): HtmlPage {
  return { status, html: document(`<p>${escapeHtml(en)}</p><p lang="ja">${escapeHtml(ja)}</p>`) };
}

export interface ConfirmationView {
  /** Where the form posts: the public callback URL. */
  action: string;
  formToken: string;
  discordUserId: string;
  discordUsername: string | undefined;
  serviceUsername: string;
}

/** Names both sides of the link and asks; only the Confirm button's POST links. */
export function confirmationPage(view: ConfirmationView): HtmlPage {
  const discord = escapeHtml(
    view.discordUsername ? `${view.discordUsername} (id ${view.discordUserId})` : `id ${view.discordUserId}`,
  );
  const service = escapeHtml(view.serviceUsername);
  const body = `
<h1>kiroku</h1>
<p>Link the service account <strong>${service}</strong> to the Discord user <strong>${discord}</strong>?
That Discord user will be able to read and post viewing records as <strong>${service}</strong>.</p>
<p lang="ja">サービスのアカウント <strong>${service}</strong> を Discord ユーザー <strong>${discord}</strong> に連携しますか？
この Discord ユーザーが <strong>${service}</strong> として記録を読み書きできるようになります。</p>
<p><strong>Only confirm if you started this yourself with /account link in Discord.</strong>
If someone sent you this link, press Cancel.</p>
<p lang="ja"><strong>Discord で自分で /account link を実行した場合だけ確定してください。</strong>
誰かから送られてきたリンクなら「キャンセル」を押してください。</p>
<form method="post" action="${escapeHtml(view.action)}">
<input type="hidden" name="form_token" value="${escapeHtml(view.formToken)}">
<button type="submit" name="action" value="confirm">Confirm / 連携する</button>
<button type="submit" name="action" value="cancel">Cancel / キャンセル</button>
</form>`;
  return { status: 200, html: document(body) };
}

export const PAGES = {
  stateExpired: () =>
    messagePage(
      400,
      'This authorization link has expired or was already used. Run /account link again in Discord.',
      'この認可リンクは期限切れか使用済みです。Discord でもう一度 /account link を実行してください。',
    ),
  refused: () =>
    messagePage(
      400,
      'The service did not accept this authorization. Run /account link again in Discord.',
      'サービスがこの認可を受け付けませんでした。Discord でもう一度 /account link を実行してください。',
    ),
  denied: () =>
    messagePage(
      400,
      'The authorization was not granted. Nothing was linked.',
      '認可されませんでした。何も連携していません。',
    ),
  confirmationExpired: () =>
    messagePage(
      400,
      'This confirmation has expired or was already used. Nothing more was linked. Run /account link again in Discord if you need to.',
      'この確認は期限切れか使用済みです。これ以上は何も連携していません。必要なら Discord でもう一度 /account link を実行してください。',
    ),
  cancelled: () =>
    messagePage(
      200,
      'Cancelled. Nothing was linked, and the authorization was revoked.',
      'キャンセルしました。何も連携せず、認可は取り消しました。',
    ),
  linked: (serviceUsername: string) =>
    messagePage(
      200,
      `Linked as ${serviceUsername}. You can close this tab and go back to Discord.`,
      `${serviceUsername} として連携しました。このタブを閉じて Discord に戻ってください。`,
    ),
};
