/** Japanese texts of the OAuth pages (see oauth-pages-en.ts): the same keys and parameters. */
import type { OauthPageMessages } from './oauth-pages-en.js';

export const oauthPagesJa = {
  'oauthPage.title': 'kiroku: アカウント連携',
  'oauthPage.confirmHeading': 'この{service}のアカウントを連携しますか？',
  'oauthPage.serviceAccount': '{service}のアカウント',
  'oauthPage.discordUser': 'Discordユーザー',
  'oauthPage.confirmExplain':
    'このDiscordユーザーが、この{service}のアカウントとして記録を読み書きできるようになります。',
  'oauthPage.confirmWarning':
    'Discordで自分で /account linkを実行した場合だけ確定してください。誰かから送られてきたリンクなら「キャンセル」を押してください。',
  'oauthPage.confirmButton': '連携する',
  'oauthPage.cancelButton': 'キャンセル',
  'oauthPage.linkedHeading': '連携しました',
  'oauthPage.linked': (p) => `${p.username}として連携しました。`,
  'oauthPage.linkedNext':
    'Discordに戻ってください。/record postで見たエピソードを記録し、/libraryでライブラリを表示できます。このタブは閉じてかまいません。',
  'oauthPage.cancelledHeading': 'キャンセルしました',
  'oauthPage.cancelled': 'キャンセルしました。何も連携せず、認可は取り消しました。',
  'oauthPage.closeTab': 'このタブは閉じてかまいません。',
  'oauthPage.expiredHeading': 'このリンクは使えません',
  'oauthPage.notLinkedHeading': '連携できませんでした',
  'oauthPage.stateExpired': 'この認可リンクは期限切れか使用済みです。',
  'oauthPage.refused': '{service}がこの認可を受け付けませんでした。',
  'oauthPage.denied': '認可されませんでした。何も連携していません。',
  'oauthPage.confirmationExpired': 'この確認は期限切れか使用済みです。これ以上は何も連携していません。',
  'oauthPage.unknownRequest': '不明なリクエストです。何も連携していません。',
  'oauthPage.startAgain': 'アカウントを連携するには、Discordでもう一度 /account linkを実行してください。',
  'oauthPage.startAgainIfNeeded': 'まだ連携が必要なら、Discordでもう一度 /account linkを実行してください。',
} as const satisfies OauthPageMessages;
