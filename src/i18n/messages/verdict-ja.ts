/** Japanese texts of a server's verdict on an episode (see verdict-en.ts): the same keys and parameters. */
import type { VerdictMessages } from './verdict-en.js';

export const verdictJa = {
  'verdict.watched': (p) => `サーバーの**${p.count}人**が視聴`,
  'verdict.rating': (p) => `${p.rating} ${p.count}`,
  'verdict.names': (p) => `視聴した人: ${p.names}`,
  'verdict.namesMore': (p) => `視聴した人: ${p.names}、ほか${p.more}人`,
  'verdict.commentsButton': 'コメント',
  'verdict.comment': (p) => `**${p.name}**: ||${p.comment}||`,
  'verdict.threadName': (p) => `${p.title}・コメント`,
  'verdict.commentsOpened': (p) =>
    `このエピソードのコメント: ${p.thread}。メンバーが記録に書いたコメントがネタバレ防止つきで表示されます（視聴記録を公開しているメンバーのものだけです）。`,
  'verdict.needsThreads':
    'ここではコメントのスレッドを作れません。このチャンネルで「公開スレッドの作成」と「スレッドでメッセージを送信」の権限を付与してから、もう一度押してください。',
  'verdict.commentsGone':
    'この投稿にはもうコメントのスレッドがありません（古い投稿か、チャンネルへの自動投稿が止まっています）。',
  'verdict.commentsFailed': 'Discordがスレッドを作成できませんでした。少し待ってからもう一度押してください。',
  'verdict.nameSeparator': '、',
} as const satisfies VerdictMessages;
