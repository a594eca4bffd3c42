/** Japanese texts of what went wrong (see errors-en.ts): the same keys, parameters and order. */
import type { ErrorMessages } from './errors-en.js';

export const errorsJa = {
  // errors any command can end in
  'error.notLinked': 'まだ{service}のアカウントを連携していません。`/account link` から連携できます。',
  'error.catalogueNeedsLink':
    'このサーバーには共有の検索用トークンがないため、調べるには{service}のアカウント連携が必要です。`/account link` から連携してください。',
  'error.unauthorized':
    '{service}がトークンを受け付けなくなりました（取り消された可能性があります）。`/account link` からもう一度連携してください。',
  'error.insufficientScope':
    'このトークンは読み込み専用です。エピソードの記録やステータスの設定には、`/account link` から「読み込み + 書き込み」のトークンで連携し直してください。',
  'error.notFound': '{service}で見つかりませんでした。削除された可能性があります。',
  'error.invalidParams': (p) => `{service}がリクエストを受け付けませんでした: ${p.messages}`,
  'error.busy': '{service}が混み合っています。少し待ってからもう一度お試しください。',
  'error.unavailable': '{service}が応答していません。しばらくしてからもう一度お試しください。',
  'error.malformed':
    '{service}から読み取れない応答が返ってきました。しばらくしてからもう一度お試しください。',
  'error.busyShare': (p) =>
    `ほかの人も{service}への問い合わせを待っていて、あなたの分はしばらく使い切っているため、今回は送りませんでした。${p.retry}にもう一度お試しください。`,
  'error.busyWait': (p) =>
    `{service}が混み合っていて、時間内に送れませんでした。${p.retry}にもう一度お試しください。`,
  'error.internal': 'kiroku側で問題が起きました。内容はログに残しました。もう一度お試しください。',
  'error.vaultUnreadable':
    '保存されたトークンをこのbotの鍵で開けません。運営者にVAULT_KEYの確認を依頼するか、連携を解除してから再度連携してください。',
  'error.restarting': 'kirokuは再起動中です。少し待ってからもう一度お試しください。',
  'error.notYourComponent': 'このボタンはコマンドを実行した人だけが使えます。',
  'error.expired': '有効期限が切れました。もう一度コマンドを実行してください。',
  'error.badOption': (p) => `\`${p.option}\`: ${p.reason}`,
  'error.unknownCommand': 'このコマンドは現在利用できません。',
  'error.guildOnly': 'このコマンドはサーバー内でのみ使えます。',
  'error.slowDown': (p) => `操作が速すぎます。${p.seconds}秒ほど待ってから、もう一度お試しください。`,

  // why an option was refused (after “`option`: ”)
  'reason.required': '入力が必要です',
  'reason.season': '2024-autumnや2024-allの形式で入力してください',
  'reason.oneSeason': '2024-autumnのように一つのシーズンを入力してください',
  'reason.username': 'ユーザー名（英数字と_）で入力してください',
  'reason.recordId': '一覧から自分の記録を選ぶか、998877のような記録IDを入力してください',
  'reason.hours': '1から168時間の間で指定してください',
  'reason.episode': '一覧から選ぶか、5や#5のような話数を入力してください',
  'reason.time': '08:00のような時刻で入力してください',
  'reason.timezone': 'Asia/TokyoのようなIANAタイムゾーンで入力してください',
  'reason.ratingState': '良くない・普通・良い・とても良いのいずれかで指定してください',
  'reason.review': 'は一覧から選んだあなたの感想にしてください',
  'reason.day': '曜日を選んでください',

  // free text that matched nothing
  'match.noWork': (p) =>
    `「${p.query}」に一致する作品はありませんでした。入力中に出る一覧から選ぶか、別の表記で試してください。`,
  'match.noWorkYet': (p) =>
    `「${p.query}」に一致する作品はまだ見つかりません。kirokuは初めての起動のあと英語タイトルを読み込んでいるところです（1〜2分）。少し待ってから試すか、日本語のタイトルで入力してください。`,
  'match.noEpisode': (p) => `この作品に「${p.query}」に一致するエピソードはありません。`,
  'match.noUser': (p) => `「${p.username}」というユーザーはいません。`,
} as const satisfies ErrorMessages;
