import type { Messages } from './en.js';

/** Japanese replies: every key of the English catalogue, with the same parameters. */
export const ja: Messages = {
  'error.notLinked': 'まだアカウントが連携されていません。`/account link` で連携してください。',
  'error.catalogueNeedsLink':
    'このサーバーには共有の検索用トークンがないため、検索にはご自身のアカウントが必要です。先に `/account link` を実行してください。',
  'error.unauthorized':
    'トークンが受け付けられませんでした（失効した可能性があります）。`/account link` でもう一度連携してください。',
  'error.insufficientScope':
    'このトークンは読み取り専用です。記録や状態を書き込むには、書き込み権限付きで `/account link` から連携し直してください。',
  'error.notFound': '見つかりませんでした。存在しないか、あなたのものではありません。',
  'error.invalidParams': (p) => `サービスがリクエストを受け付けませんでした: ${p.messages}`,
  'error.busy': 'サービスが混み合っています。少し待ってからもう一度お試しください。',
  'error.unavailable': 'サービスが応答していません。しばらくしてからもう一度お試しください。',
  'error.malformed': 'サービスから読み取れない応答が返りました。しばらくしてからお試しください。',
  'error.internal': 'kiroku 側で問題が発生しました。記録済みです。もう一度お試しください。',
  'error.vaultUnreadable':
    '保存されたトークンをこの bot の鍵で開けません。運営者に VAULT_KEY の確認を依頼するか、連携を解除してから再度連携してください。',
  'error.restarting': 'kiroku は再起動中です。少し待ってからもう一度お試しください。',
  'error.notYourComponent': 'このボタンはコマンドを実行した人だけが使えます。',
  'error.expired': '有効期限が切れました。もう一度コマンドを実行してください。',
  'error.badOption': (p) => `\`${p.option}\`: ${p.reason}`,
  'error.unknownCommand': 'このコマンドは現在利用できません。',
  'error.guildOnly': 'このコマンドはサーバー内でのみ使えます。',
  'error.slowDown': (p) => `操作が速すぎます。${p.seconds} 秒ほど待ってから、もう一度お試しください。`,

  'reason.tooLong': (p) => `${p.max} 文字以内で入力してください`,
  'reason.required': '入力が必要です',
  'reason.season': '2024-autumn や 2024-all の形式で入力してください',
  'reason.range': (p) => `${p.min} から ${p.max} の間で指定してください`,
  'reason.username': 'ユーザー名（英数字と _）で入力してください',
  'reason.rating': '0 から 5 の評価で指定してください',
  'reason.hours': '1 から 168 時間の間で指定してください',
  'reason.episode': '一覧から選ぶか、5 や #5 のような話数を入力してください',

  'match.noWork': (p) => `「${p.query}」に一致する作品はありませんでした。`,
  'match.noEpisode': (p) => `この作品に「${p.query}」に一致するエピソードはありません。`,
  'match.noUser': (p) => `「${p.username}」というユーザーはいません。`,

  'paging.previous': '前へ',
  'paging.next': '次へ',
  'paging.footer': (p) => `${p.page} / ${p.pages} ページ · 全 ${p.total} 件`,
  'paging.empty': '見つかりませんでした。',
  'paging.more': (p) => `…ほか ${p.count} 件`,

  'work.searchTitle': (p) => (p.query ? `「${p.query}」の検索結果` : '作品'),
  'work.season': 'シーズン',
  'work.noSeason': 'シーズンなし',
  'work.media': 'メディア',
  'work.episodes': 'エピソード数',
  'work.watchers': '視聴者数',
  'work.reviews': 'レビュー',
  'work.released': '公開日',
  'work.links': 'リンク',
  'work.officialSite': '公式サイト',
  'work.wikipedia': 'Wikipedia',
  'work.showEpisodes': 'エピソード',
  'work.setStatusPlaceholder': '視聴ステータスを設定…',
  'work.untitled': '（タイトルなし）',

  'status.wanna_watch': '見たい',
  'status.watching': '見てる',
  'status.watched': '見た',
  'status.on_hold': '一時中断',
  'status.stop_watching': '視聴中止',
  'status.no_select': '未選択',
  'status.set': (p) => `**${p.title}**: ${p.status} に設定しました。`,

  'episode.listTitle': (p) => `${p.title} のエピソード`,
  'episode.number': (p) => `第${p.number}話`,
  'episode.unnumbered': '話数なし',
  'episode.untitled': '（サブタイトルなし）',
  'episode.records': '記録数',
  'episode.comments': 'コメント数',
  'episode.previous': '前のエピソード',
  'episode.next': '次のエピソード',

  'record.listTitle': '記録',
  'record.listTitleFor': (p) => `${p.title} の記録`,
  'record.rating': '評価',
  'record.noComment': '（コメントなし）',
  'record.likes': 'いいね',
  'record.by': (p) => `${p.username} さん`,
  'record.edited': (p) => `記録 #${p.id} を更新しました。`,
  'record.nothingToEdit': '変更する内容がありません。評価、コメント、共有のいずれかを指定してください。',
  'record.deleteConfirm': (p) => `記録 #${p.id} を削除しますか？ 元に戻せません。`,
  'record.deleteButton': '削除する',
  'record.deleted': (p) => `記録 #${p.id} を削除しました。`,
  'record.id': (p) => `記録 #${p.id}`,

  'people.title': (p) => `「${p.query}」に一致する人物`,
  'people.casts': '出演',
  'people.staffs': 'スタッフ',
  'people.favorites': 'お気に入り',

  'user.records': '記録数',
  'user.following': 'フォロー',
  'user.followers': 'フォロワー',
  'user.watching': '見てる',
  'user.watched': '見た',
  'user.wannaWatch': '見たい',
  'user.joined': '登録日',
  'user.followersTitle': (p) => `${p.username} のフォロワー`,
  'user.followingTitle': (p) => `${p.username} のフォロー`,
  'user.activitiesTitle': (p) => `${p.username} のアクティビティ`,

  'activity.create_record': (p) => `**${p.user}** が **${p.work}** ${p.episode} を記録しました`,
  'activity.create_multiple_records': (p) =>
    `**${p.user}** が **${p.work}** の ${p.count} 話分を記録しました`,
  'activity.create_status': (p) => `**${p.user}** が **${p.work}** を「${p.status}」にしました`,
  'activity.other': (p) => `**${p.user}** が **${p.work}** を更新しました`,

  'jobs.feed.recorded': (p) => `${p.user} が記録しました`,
  'jobs.feed.recordedMany': (p) => `${p.user} が ${p.count} 話分を記録しました`,
  'jobs.feed.statusChanged': (p) => `${p.user} がステータスを変更しました`,
  'jobs.digest.title': (p) => `今日の放送予定 · ${p.date}`,
  'jobs.digest.empty': 'これから 24 時間に放送予定はありません。',
  'jobs.digest.more': (p) => `…ほか ${p.count} 件`,
  'jobs.digest.footer': (p) => `これから 24 時間に ${p.count} 件 · ${p.timezone}`,
  'jobs.alert.title': (p) => `あと ${p.minutes} 分で放送開始`,
  'jobs.alert.watched': '見た',
  'jobs.alert.ratePlaceholder': '評価をつけて記録',
  'jobs.alert.rateNone': '評価なし',
  'jobs.notice.paused': (p) =>
    `トークンがサービスに受け付けられなくなったため、チャンネル購読 ${p.count} 件を一時停止しました。\`/account link\` で連携し直すと再開できます。`,
  'jobs.notice.notLinked': (p) =>
    `アカウントの連携が解除されているため、チャンネル購読 ${p.count} 件を一時停止しました。\`/account link\` で連携し直すと再開できます。`,
  'jobs.notice.forbidden': (p) =>
    `${p.channel} に投稿できなくなったため、購読 ${p.ids} を無効にしました。チャンネルの閲覧・メッセージ送信・埋め込みリンクの権限を付与してから、\`/subscription\` で設定し直してください。`,
  'jobs.notice.missing': (p) =>
    `${p.channel} が削除されたか見えなくなったため、購読 ${p.ids} を無効にしました。`,
  'jobs.notice.ownerLeft': (p) =>
    `サーバー ${p.guild} のメンバーではなくなったため、そこでの購読 ${p.ids} を無効にしました。`,
  'jobs.notice.botRemoved': (p) =>
    `kiroku がサーバー ${p.guild} から削除されたため、そこでの購読 ${p.ids} を無効にしました。`,

  'account.tokenModalTitle': 'トークンでアカウントを連携',
  'account.tokenLabel': '個人用アクセストークン',
  'account.tokenPlaceholder': 'サービスの設定画面で作成（読み取り＋書き込み）',
  'account.codeModalTitle': '認可コードを入力',
  'account.codeLabel': '認可コード',
  'account.oauthUnavailable':
    'この bot には OAuth アプリが設定されていないため、個人用トークンのみ使えます: `/account link method:token`',
  'account.oauthIntro':
    '1. 認可ページを開いて kiroku を承認します。\n2. 表示されたコードをコピーします。\n3. **コードを入力** を押して貼り付けます。10 分で期限が切れます。',
  'account.openAuthorization': '認可ページを開く',
  'account.enterCode': 'コードを入力',
  'account.linked': (p) => `**${p.username}** として連携しました。`,
  'account.linkedReadOnly': (p) =>
    `**${p.username}** として連携しました（読み取り専用）。記録の投稿やステータス設定には書き込み権限付きのトークンが必要です。`,
  'account.badToken':
    'このトークンはサービスに受け付けられませんでした。全体をコピーしたか確認して、もう一度お試しください。',
  'account.badCode':
    'このコードは無効、期限切れ、または使用済みです。`/account link method:oauth` からやり直してください。',
  'account.stateMismatch':
    'この認可は別の人のものか、期限切れです。もう一度 `/account link` を実行してください。',
  'account.statusTitle': '連携中のアカウント',
  'account.username': 'ユーザー名',
  'account.scopes': 'スコープ',
  'account.method': '連携方法',
  'account.methodToken': '個人用トークン',
  'account.methodOauth': 'OAuth',
  'account.linkedAt': '連携日時',
  'account.readOnlyWarning':
    '⚠️ 読み取り専用です。記録の投稿やステータス設定には書き込み権限付きで連携し直してください。',
  'account.unlinkConfirm': '連携を解除しますか？ トークン、チャンネル購読、キャッシュが削除されます。',
  'account.unlinkButton': '解除する',
  'account.cancelButton': 'キャンセル',
  'account.unlinked': '連携を解除しました。トークンと購読は削除されました。',
  'account.unlinkedRevokeYourself': (p) =>
    `連携を解除し、kiroku に保存していたトークンと購読を削除しました。**トークン自体はサービス側で取り消すまで有効です。** こちらで取り消してください: ${p.url}`,
  'account.cancelled': '何も変更していません。',
  'account.notLinked': '連携中のアカウントはありません。',
  'account.linkedFromBrowser': (p) =>
    `ブラウザの確認ページから、あなたの Discord アカウントをサービスのアカウント **${p.username}** に連携しました。心当たりがなければ \`/account unlink\` を実行してください。`,

  'me.title': (p) => `あなたのプロフィール: ${p.username}`,

  'library.title': 'あなたのライブラリ',
  'schedule.title': (p) => `放送予定: これから ${p.hours} 時間`,
  'schedule.rebroadcast': '再放送',
  'feed.title': 'あなたのフィード',
  'subscription.cannotPost': (p) =>
    `${p.channel} に投稿できません。そのチャンネルで「チャンネルを見る」「メッセージを送信」「埋め込みリンク」の権限を付与してから、もう一度お試しください。`,
  'subscription.created': (p) => `${p.channel} を購読しました（ID \`${p.id}\`）。`,
  'subscription.feedCreated': (p) =>
    `フォロー中の人の活動（${p.actions}）を ${p.channel} に投稿します。購読 ID: \`${p.id}\``,
  'subscription.scheduleCreated': (p) =>
    `毎日 ${p.time}（${p.timezone}）に放送予定を ${p.channel} に投稿します${p.alerts}。購読 ID: \`${p.id}\``,
  'subscription.alertsSuffix': (p) => `。各番組の ${p.minutes} 分前にもお知らせします`,
  'subscription.duplicate': (p) => `このチャンネルにはすでにあなたの同じ購読があります（ID \`${p.id}\`）。`,
  'subscription.allActions': 'すべての活動',
  'subscription.alreadyRecorded':
    'このお知らせからこのエピソードはすでに記録済みです。評価やコメントを変えるには `/record edit` を使ってください。',
  'subscription.listTitle': 'このサーバーの購読',
  'subscription.none': 'このサーバーにはまだ購読がありません。',
  'subscription.removed': (p) => `購読 \`${p.id}\` を削除しました。`,
  'subscription.unknown': (p) => `このサーバーに購読 \`${p.id}\` はありません。`,
  'subscription.state.active': '有効',
  'subscription.state.paused': '一時停止（所有者のトークンが無効）',
  'subscription.state.disabled': '無効（チャンネルに投稿できません）',
  'subscription.state.ownerLeft': '無効（所有者がこのサーバーを退出しました）',
  'subscription.state.botRemoved': '無効（kiroku がこのサーバーから削除されました）',
  'subscription.kind.feed': 'フィード',
  'subscription.kind.schedule': '放送予定',
  'subscription.recorded': (p) => `${p.episode} をあなたのアカウントに記録しました。`,
  'subscription.unsupportedChannel': (p) =>
    `投稿できるのはテキストチャンネルとアナウンスチャンネルだけで、${p.channel} はどちらでもありません（スレッドは自動でアーカイブされるため、購読が止まってしまいます）。テキストチャンネルかアナウンスチャンネルを選んでください。`,
  'subscription.invokerCannotSend': (p) =>
    `あなたは ${p.channel} でメッセージを送信できないため、そこには購読を設定できません。そのチャンネルで「チャンネルを見る」と「メッセージを送信」の権限が必要です。`,
  'subscription.guildCap': (p) =>
    `このサーバーの購読はすでに上限の ${p.max} 件です。先に \`/subscription remove\` で削除してください。`,
  'subscription.ownerCap': (p) =>
    `あなたの有効な購読はすでに上限の ${p.max} 件です。先に \`/subscription remove\` で削除してください。`,
  'reason.time': '08:00 のような時刻で入力してください',
  'reason.timezone': 'Asia/Tokyo のような IANA タイムゾーンで入力してください',
  'help.title': 'kiroku: Discord でアニメの視聴記録',
  'help.account': 'あなたのアカウント',
  'help.accountLinked': (p) => `**${p.username}** として連携済みです。`,
  'help.accountUnlinked': '未連携です。`/account link` から始めましょう。',

  'rating.bad': '良くない',
  'rating.average': '普通',
  'rating.good': '良い',
  'rating.great': 'とても良い',
  'review.overall': '全体',
  'review.animation': '映像',
  'review.music': '音楽',
  'review.story': 'ストーリー',
  'review.character': 'キャラクター',
  'review.link': 'この作品の感想',
  'activity.create_review': (p) => `**${p.user}** が **${p.work}** の感想を書きました`,
  'jobs.feed.reviewed': (p) => `${p.user} が感想を書きました`,
  'reason.ratingState': '良くない・普通・良い・とても良い のいずれかで指定してください',
  'subscription.language.en': '英語',
  'subscription.language.ja': '日本語',
  'subscription.postsIn': (p) => `投稿は${p.language}で書かれます。`,
  'account.visibilityOn':
    'ほかの人があなたのプロフィールと最近の活動を見られるようになりました: 名前を右クリック → アプリ → **視聴記録**。やめるときは `/account visibility shared:False`。',
  'account.visibilityOff': 'あなたの視聴記録は非公開です。Discord アカウントから調べることはできません。',
  'account.visibilityNeedsLink':
    '先に `/account link` でアカウントを連携してください。まだ公開するものがありません。',
  'profile.notShared': (p) =>
    `${p.user} さんは視聴記録を公開していません（公開は本人が \`/account visibility\` で選びます）。`,
  'profile.latest': '最近の活動',
  'profile.noActivity': 'まだ活動はありません。',
  'lookup.empty': 'このメッセージには検索できる文字がありません。',
  'lookup.title': (p) => `「${p.query}」に一致する作品`,
  'lookup.none': (p) => `「${p.query}」に一致する作品はありません。`,
  'help.intro':
    '個人向けのコマンドはサーバー内、kiroku との DM、そして kiroku を自分のアカウントに追加すればどこでも使えます。あなたについての返信は本人にだけ表示されます。',
  'help.group.lookup': '調べる',
  'help.group.record': '記録する',
  'help.group.friends': '自分とフォロー中の人',
  'help.group.channels': 'チャンネルへの投稿（サーバー管理者）',
  'help.group.apps': '右クリック（アプリ）',
  'help.apps': '人の上で **視聴記録**、メッセージの上で **アニメを検索**。',
};
