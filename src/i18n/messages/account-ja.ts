/** Japanese texts of linking an account (see account-en.ts): the same keys, parameters and order. */
import type { AccountMessages } from './account-en.js';

export const accountJa = {
  // linking
  'account.tokenModalTitle': '{service}アカウントを連携',
  'account.tokenLabel': '個人用アクセストークン',
  'account.tokenPlaceholder': '{service}で作成したトークンを貼り付け',
  'account.codeModalTitle': '認可コードを入力',
  'account.codeLabel': '認可コード',
  'account.oauthUnavailable':
    'このbotにはOAuthアプリが設定されていないため、個人用アクセストークンで連携してください: `/account link`',
  'account.oauthIntro':
    '1. {service}のページを開いてkirokuを許可します。\n2. 表示されたコードをコピーします。\n3. **コードを入力**を押して貼り付けます。リンクは10分で期限切れになります。',
  'account.openAuthorization': '{service}を開く',
  'account.enterCode': 'コードを入力',
  'account.linked': (p) => `**${p.username}**として連携しました。`,
  'account.linkedReadOnly': (p) =>
    `**${p.username}**として連携しました（読み込み専用）。エピソードの記録やステータスの設定には「読み込み + 書き込み」のトークンが必要です。`,
  'account.badToken':
    'このトークンは{service}に受け付けられませんでした。すべてコピーできているか確認して、`/account link` からもう一度お試しください。',
  'account.badCode':
    'このコードは無効、期限切れ、または使用済みです。`/account link` からやり直してください。',
  'account.stateMismatch':
    'この認可は別の人のものか、期限切れです。もう一度 `/account link` を実行してください。',
  'account.statusTitle': '連携中の{service}アカウント',
  'account.username': 'ユーザー名',
  'account.scopes': 'スコープ',
  'account.method': '連携方法',
  'account.methodToken': '個人用トークン',
  'account.methodOauth': 'OAuth',
  'account.linkedAt': '連携日時',
  'account.readOnlyWarning':
    '⚠️ 読み込み専用です。エピソードの記録やステータスの設定には、「読み込み + 書き込み」のトークンで連携し直してください。',
  'account.unlinkConfirm': '連携を解除しますか？ トークン、チャンネルへの自動投稿、キャッシュを削除します。',
  'account.unlinkButton': '解除する',
  'account.cancelButton': 'キャンセル',
  'account.unlinked': '連携を解除し、トークンと自動投稿を削除しました。',
  'account.unlinkedRevokeYourself': (p) =>
    `連携を解除し、kirokuに保存していたトークンと自動投稿を削除しました。**トークン自体は{service}で取り消すまで有効です。**こちらから取り消してください: ${p.url}`,
  'account.busy': 'アカウント連携の別の変更を処理中です。数秒後にもう一度お試しください。',
  'account.previousSubscriptionsEnded': (p) =>
    `以前とは別の{service}のアカウントのため、以前のアカウントの自動投稿${p.count}件を削除しました。`,
  'account.cancelled': '何も変更していません。',
  'account.notLinked': 'まだ{service}のアカウントを連携していません。`/account link` から連携できます。',
  'account.linkedFromBrowser': (p) =>
    `ブラウザの確認ページから、あなたのDiscordアカウントを{service}のアカウント**${p.username}**に連携しました。心当たりがなければ \`/account unlink\` を実行してください。`,
  'account.visibilityOn':
    'ほかの人があなたのプロフィールと最近のアクティビティを見られるようになりました: 名前を右クリック（スマホでは長押し）→ アプリ → **視聴記録**。やめるときは `/account visibility` でFalseを選びます。',
  'account.visibilityOff': 'あなたの視聴記録は非公開です。Discordアカウントから調べることはできません。',
  'account.visibilityNeedsLink':
    '先に `/account link` でアカウントを連携してください。まだ公開するものがありません。',
  'account.panelTitle': '{service}アカウントを連携',
  'account.panelAllows':
    '連携すると、Discordから{service}の視聴記録をつけられます。エピソードの記録やステータスの設定、ライブラリ・放送予定・フォロー中の人のアクティビティの確認ができます。',
  'account.panelPrivateTitle': '公開されないもの',
  'account.panelPrivate':
    '• トークンは暗号化して保存し、`/account unlink` で連携を解除すると削除します。\n• あなたについての返信はあなたにだけ表示されます。チャンネルの全員に見えるのは `/record post` で投稿した記録だけです。',
  'account.panelTokenTitle': '個人用アクセストークンで連携',
  'account.panelTokenSteps':
    '1. **トークンのページを開く**を押して{service}にログインします。\n2. 個人用アクセストークンを作成します。スコープは**読み込み + 書き込み**を選んでください（説明は自由です）。\n3. トークンをコピーし、**トークンを入力**を押して貼り付けます。',
  'account.panelOauthTitle': '{service}でログインして連携',
  'account.panelOauthSteps':
    '**{service}でログイン**を押してkirokuを許可し、表示されたコードを貼り付けます。',
  'account.panelOpenTokenPage': 'トークンのページを開く',
  'account.panelHaveToken': 'トークンを入力',
  'account.panelOauth': '{service}でログイン',
  'account.nextStepsTitle': '次はこちらをどうぞ',
  'account.nextSteps':
    '`/library` ステータスごとの作品\n`/schedule` これからの放送予定\n`/record post` 見たエピソードを記録',
} as const satisfies AccountMessages;
