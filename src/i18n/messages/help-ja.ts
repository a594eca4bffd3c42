/** Japanese texts of `/help` (see help-en.ts): the same keys, parameters and order. */
import type { HelpMessages } from './help-en.js';

export const helpJa = {
  // help
  'help.title': 'kiroku: Discordでアニメの視聴記録',
  'help.account': 'あなたのアカウント',
  'help.accountLinked': (p) => `**${p.username}**として連携済みです。`,
  'help.accountUnlinked': '未連携です。`/account link` から始めましょう。',
  'help.about': (p) =>
    `{service}は、見たアニメをエピソードごとに記録して、ほかのファンと共有できるサイトです。kirokuはDiscordからあなたの記録をつけます。{service}のアカウントがまだなら、[新規登録](${p.signUp})してから\`/account link\`へ。`,
  'help.line': (p) => `${p.command}：${p.does}`,
  'help.intro':
    '個人向けのコマンドはサーバー内、kirokuとのDM、そしてkirokuを自分のアカウントに追加すればどこでも使えます。あなたについての返信は本人にだけ表示されます。',
  'help.group.lookup': '調べる',
  'help.group.record': '記録する',
  'help.group.friends': '自分とフォロー中の人',
  'help.group.channels': 'チャンネルへの投稿（サーバー管理者）',
  'help.group.apps': '右クリック・長押し（アプリ）',
  'help.apps':
    '人の名前の上で**視聴記録**・**視聴を比べる**、メッセージの上で**アニメを検索**。スマホでは右クリックの代わりに長押しします。',
} as const satisfies HelpMessages;
