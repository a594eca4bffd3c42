import type { Messages } from './en.js';
import { oauthPagesJa } from './oauth-pages-ja.js';
import { picturesJa } from './pictures-ja.js';
import { verdictJa } from './verdict-ja.js';
import { viewingJa } from './viewing-ja.js';
import { weeklyJa } from './weekly-ja.js';
import { worksJa } from './works-ja.js';

/** Japanese replies: every key of the English catalogue, with the same parameters. */
export const ja: Messages = {
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
  'error.internal': 'kiroku側で問題が起きました。内容はログに残しました。もう一度お試しください。',
  'error.busyShare': (p) =>
    `ほかの人も{service}への問い合わせを待っていて、あなたの分はしばらく使い切っているため、今回は送りませんでした。${p.retry}にもう一度お試しください。`,
  'error.busyWait': (p) =>
    `{service}が混み合っていて、時間内に送れませんでした。${p.retry}にもう一度お試しください。`,
  'error.vaultUnreadable':
    '保存されたトークンをこのbotの鍵で開けません。運営者にVAULT_KEYの確認を依頼するか、連携を解除してから再度連携してください。',
  'error.restarting': 'kirokuは再起動中です。少し待ってからもう一度お試しください。',
  'error.notYourComponent': 'このボタンはコマンドを実行した人だけが使えます。',
  'error.expired': '有効期限が切れました。もう一度コマンドを実行してください。',
  'error.badOption': (p) => `\`${p.option}\`: ${p.reason}`,
  'error.unknownCommand': 'このコマンドは現在利用できません。',
  'error.guildOnly': 'このコマンドはサーバー内でのみ使えます。',
  'error.slowDown': (p) => `操作が速すぎます。${p.seconds}秒ほど待ってから、もう一度お試しください。`,

  'reason.required': '入力が必要です',
  'reason.season': '2024-autumnや2024-allの形式で入力してください',
  'reason.oneSeason': '2024-autumnのように一つのシーズンを入力してください',
  'reason.username': 'ユーザー名（英数字と_）で入力してください',
  'reason.recordId': '一覧から自分の記録を選ぶか、998877のような記録IDを入力してください',
  'reason.hours': '1から168時間の間で指定してください',
  'reason.episode': '一覧から選ぶか、5や#5のような話数を入力してください',

  'match.noWork': (p) =>
    `「${p.query}」に一致する作品はありませんでした。入力中に出る一覧から選ぶか、別の表記で試してください。`,
  'match.noEpisode': (p) => `この作品に「${p.query}」に一致するエピソードはありません。`,
  'match.noUser': (p) => `「${p.username}」というユーザーはいません。`,

  'paging.previous': '前へ',
  'paging.next': '次へ',
  'paging.footer': (p) => `${p.page} / ${p.pages}ページ · 全${p.total}件`,
  'paging.empty': 'まだ何もありません。`/help` でできることを確認できます。',
  'paging.more': (p) => `…ほか${p.count}件`,

  'work.searchTitle': (p) => (p.query ? `「${p.query}」の検索結果` : '作品'),
  'work.season': 'シーズン',
  'work.noSeason': 'シーズンなし',
  'work.media': 'メディア',
  'work.episodes': 'エピソード数',
  'work.watchers': '視聴者数',
  'work.reviews': '感想',
  'work.released': '公開日',
  'work.firstAired': '放送開始日',
  'work.onSale': '発売開始日',
  'work.links': 'リンク',
  'work.officialSite': '公式サイト',
  'work.wikipedia': 'Wikipedia',
  'work.showEpisodes': 'エピソード',
  'work.setStatusPlaceholder': 'ステータスを設定…',
  'work.untitled': '（タイトルなし）',

  'status.wanna_watch': '見たい',
  'status.watching': '見てる',
  'status.watched': '見た',
  'status.on_hold': '一時中断',
  'status.stop_watching': '視聴中止',
  'status.no_select': '未選択',
  'status.set': (p) => `**${p.title}**のステータスを「${p.status}」にしました。`,

  'episode.listTitle': (p) => `${p.title}のエピソード`,
  'episode.number': (p) => `第${p.number}話`,
  'episode.unnumbered': '話数なし',
  'episode.untitled': '（サブタイトルなし）',
  'episode.records': '記録数',
  'episode.comments': 'コメント数',
  'episode.previous': '前のエピソード',
  'episode.next': '次のエピソード',

  'record.listTitleFor': (p) => `${p.title}の記録`,
  'record.rating': '評価',
  'record.by': (p) => `${p.username}さん`,
  'record.edited': '記録を更新しました。',
  'record.editedNamed': (p) => `**${p.what}**の記録を更新しました。`,
  'record.notYours':
    'そのIDの記録は{service}のあなたの記録にありません。入力中に出る一覧から自分の記録を選んでください。',
  'record.nothingToEdit': '変更する内容がありません。評価、コメント、共有のいずれかを指定してください。',
  'record.deleteButton': '削除する',
  'record.deleted': '記録を削除しました。',

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
  'user.followersTitle': (p) => `${p.username}のフォロワー`,
  'user.followingTitle': (p) => `${p.username}のフォロー`,
  'user.activitiesTitle': (p) => `${p.username}のアクティビティ`,

  'activity.create_record': (p) => `**${p.user}**が**${p.work}** ${p.episode}を記録しました`,
  'activity.create_multiple_records': (p) => `**${p.user}**が**${p.work}**の${p.count}話分を記録しました`,
  'activity.create_status': (p) => `**${p.user}**が**${p.work}**のステータスを「${p.status}」にしました`,
  'activity.other': (p) => `**${p.user}**が**${p.work}**を更新しました`,

  'jobs.feed.recorded': (p) => `${p.user}が記録しました`,
  'jobs.feed.recordedMany': (p) => `${p.user}が${p.count}話分を記録しました`,
  'jobs.digest.title': (p) => `${p.date}からの24時間の放送予定`,
  'jobs.digest.empty': 'これから24時間に放送予定はありません。',
  'jobs.digest.more': (p) => `…ほか${p.count}件`,
  'jobs.digest.footer': (p) => `${p.count}件 · 時刻は${p.timezone}`,
  'jobs.alert.watched': 'このエピソードを記録',
  'jobs.alert.ratePlaceholder': '評価をつけて記録',
  'store.notice.subscriptionQuarantined': (p) =>
    `アップデート後、あなたの自動投稿（${p.ids}）を読み込めなかったため、投稿が止まっています。データはbotの運営者のために保管してあります。引き続き必要な場合は \`/subscription feed\`、\`/subscription schedule\`、\`/subscription airing\` で設定し直してください。`,
  'jobs.notice.paused': (p) =>
    `{service}がトークンを受け付けなくなったため、チャンネルへの自動投稿${p.count}件を一時停止しました。\`/account link\` で連携し直すと再開します。`,
  'jobs.notice.notLinked': (p) =>
    `アカウントの連携が解除されたため、チャンネルへの自動投稿${p.count}件を一時停止しました。\`/account link\` で連携し直すと再開します。`,
  'jobs.notice.forbidden': (p) =>
    `${p.channel}に投稿できなくなったため、自動投稿${p.ids}を止めました。「チャンネルを見る」「メッセージを送信」「埋め込みリンク」の権限を付与してから、\`/subscription feed\`、\`/subscription schedule\`、\`/subscription airing\` のいずれかで設定し直してください。`,
  'jobs.notice.missing': (p) =>
    `${p.channel}が削除されたか見えなくなったため、自動投稿${p.ids}を止めました。`,
  'jobs.notice.ownerNoAccess': (p) =>
    `${p.channel}を閲覧またはメッセージ送信できなくなったため、そこでの自動投稿（${p.ids}）を一時停止しました。再び投稿できるようになったら、\`/subscription remove\` で削除してから作り直してください。`,
  'jobs.notice.ownerLeft': (p) =>
    `サーバー${p.guild}のメンバーではなくなったため、そこでの自動投稿${p.ids}を止めました。`,
  'jobs.notice.botRemoved': (p) =>
    `kirokuがサーバー${p.guild}から削除されたため、そこでの自動投稿${p.ids}を止めました。`,

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

  'me.title': (p) => `あなたのプロフィール: ${p.username}`,

  'library.title': 'あなたのライブラリ',
  'schedule.title': (p) => `放送予定: これから${p.hours}時間`,
  'schedule.rebroadcast': '再放送',
  'feed.title': 'タイムライン',
  'subscription.cannotPost': (p) =>
    `${p.channel}に投稿できません。そのチャンネルで「チャンネルを見る」「メッセージを送信」「埋め込みリンク」の権限を付与してから、もう一度お試しください。`,
  'subscription.feedCreated': (p) =>
    `フォロー中の人のアクティビティ（${p.actions}）を${p.channel}に投稿します。自動投稿ID: \`${p.id}\``,
  'subscription.scheduleCreated': (p) =>
    `毎日${p.time}（${p.timezone}）に放送予定を${p.channel}に投稿します${p.alerts}。自動投稿ID: \`${p.id}\``,
  'subscription.alertsSuffix': (p) => `。各番組の${p.minutes}分前にもお知らせします`,
  'subscription.duplicate': (p) =>
    `このチャンネルにはすでにあなたの同じ自動投稿があります（ID \`${p.id}\`）。`,
  'subscription.allActions': 'すべてのアクティビティ',
  'subscription.recordsReviewsActions': '記録と感想',
  'subscription.alreadyRecorded':
    'このエピソードはこのお知らせからすでに記録しています。評価やコメントを変えるには `/record edit` を使ってください。',
  'subscription.listTitle': 'このサーバーの自動投稿',
  'subscription.none':
    'このサーバーにはまだ自動投稿がありません。`/subscription feed` でフォロー中の人のアクティビティを、`/subscription schedule` で放送予定を、`/subscription airing` で選んだ作品の新しいエピソードを投稿できます。',
  'subscription.removed': (p) => `自動投稿 \`${p.id}\` を削除しました。`,
  'subscription.unknown': (p) =>
    `このサーバーに自動投稿 \`${p.id}\` はありません。\`/subscription list\` で一覧を確認できます。`,
  'subscription.state.active': '有効',
  'subscription.state.paused': '一時停止（所有者のトークンが無効）',
  'subscription.state.disabled': '無効（チャンネルに投稿できません）',
  'subscription.state.ownerLeft': '無効（所有者がこのサーバーを退出しました）',
  'subscription.state.botRemoved': '無効（kirokuがこのサーバーから削除されました）',
  'subscription.kind.feed': 'タイムライン',
  'subscription.kind.schedule': '放送予定',
  'subscription.recorded': (p) => `${p.episode}を記録しました。`,
  'subscription.unsupportedChannel': (p) =>
    `投稿できるのはテキストチャンネルとアナウンスチャンネルだけで、${p.channel}はどちらでもありません（スレッドは自動でアーカイブされるため、自動投稿が止まってしまいます）。テキストチャンネルかアナウンスチャンネルを選んでください。`,
  'subscription.invokerCannotSend': (p) =>
    `あなたは${p.channel}でメッセージを送信できないため、そこには自動投稿を設定できません。そのチャンネルで「チャンネルを見る」と「メッセージを送信」の権限が必要です。`,
  'subscription.guildCap': (p) =>
    `このサーバーの自動投稿はすでに上限の${p.max}件です。先に \`/subscription remove\` で削除してください。`,
  'subscription.ownerCap': (p) =>
    `あなたの有効な自動投稿はすでに上限の${p.max}件です。先に \`/subscription remove\` で削除してください。`,
  'reason.time': '08:00のような時刻で入力してください',
  'reason.timezone': 'Asia/TokyoのようなIANAタイムゾーンで入力してください',
  'help.title': 'kiroku: Discordでアニメの視聴記録',
  'help.account': 'あなたのアカウント',
  'help.accountLinked': (p) => `**${p.username}**として連携済みです。`,
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
  'activity.create_review': (p) => `**${p.user}**が**${p.work}**の感想を書きました`,
  'jobs.feed.reviewed': (p) => `${p.user}が感想を書きました`,
  // issue 25/27: feed batches, the minimal form of a refused post, catch-up after an outage
  'jobs.feed.statusLine': (p) => `${p.user}が${p.work}を「**${p.status}**」にしました`,
  'jobs.feed.minimal.record': (p) => `${p.user}が${p.work} ${p.episode}を記録しました`,
  'jobs.feed.minimal.records': (p) => `${p.user}が${p.work}を${p.count}話分記録しました`,
  'jobs.feed.minimal.review': (p) => `${p.user}が${p.work}の感想を書きました`,
  'jobs.feed.minimal.status': (p) => `${p.user}が${p.work}を「${p.status}」にしました`,
  'jobs.feed.catchUp': (p) =>
    `タイムラインの投稿が遅れていた間の${p.from}〜${p.to}のアクティビティ${p.count}件${p.atLeast ? '以上' : ''}（${p.hours}時間より前のもの）は、1件ずつは投稿していません。`,
  'reason.ratingState': '良くない・普通・良い・とても良いのいずれかで指定してください',
  'subscription.language.en': '英語',
  'subscription.language.ja': '日本語',
  'subscription.postsIn': (p) => `${p.language}で投稿します。`,
  'account.visibilityOn':
    'ほかの人があなたのプロフィールと最近のアクティビティを見られるようになりました: 名前を右クリック（スマホでは長押し）→ アプリ → **視聴記録**。やめるときは `/account visibility` でFalseを選びます。',
  'account.visibilityOff': 'あなたの視聴記録は非公開です。Discordアカウントから調べることはできません。',
  'account.visibilityNeedsLink':
    '先に `/account link` でアカウントを連携してください。まだ公開するものがありません。',
  'profile.notShared': (p) =>
    `${p.user}さんは視聴記録を公開していません（公開は本人が \`/account visibility\` で選びます）。`,
  'profile.latest': '最近のアクティビティ',
  'profile.noActivity': 'まだアクティビティはありません。エピソードを記録するとここに表示されます。',
  'lookup.empty': 'このメッセージには検索できる文字がありません。',
  'lookup.title': (p) => `「${p.query}」に一致する作品`,
  'lookup.none': (p) => `「${p.query}」に一致する作品はありません。`,
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
    '人の名前の上で**視聴記録**、メッセージの上で**アニメを検索**。スマホでは右クリックの代わりに長押しします。',
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
  'season.name': (p) => `${p.year}年${p.season}`,
  'season.winter': '冬',
  'season.spring': '春',
  'season.summer': '夏',
  'season.autumn': '秋',
  'season.all': (p) => `${p.year}年（通年）`,
  'media.tv': 'TV',
  'media.ova': 'OVA',
  'media.movie': '映画',
  'media.web': 'Web',
  'media.other': 'その他',
  'count.watchers': (p) => `${p.count}人が視聴`,
  'count.records': (p) => `記録${p.count}件`,
  'count.likes': (p) => `いいね${p.count}件`,
  'open.placeholder': '開く…',
  'episode.recordButton': (p) => `${p.episode}を記録`,
  'empty.works':
    'この条件に一致する作品はありません。`/work search` で言葉を減らすか、かな表記や別のシーズンで探してみてください。',
  'empty.episodes':
    '{service}にはこの作品のエピソードがまだありません（映画や一部の特番にはありません）。作品のステータスは `/status` で設定できます。',
  'empty.records': 'まだ誰も記録していません。`/record post` で最初の記録をつけましょう。',
  'empty.library':
    'まだ作品がありません。ライブラリにはステータスを設定した作品が並びます。`/work search` で作品を探して、`/status` で設定してください。',
  'empty.schedule':
    'この時間内に放送予定はありません。放送予定には「見たい」「見てる」の作品だけが出ます。`/status` で設定してください。',
  'empty.feed':
    'フォロー中の人のアクティビティはまだありません。`/user profile` で人を探して、{service}でフォローしてみてください。',
  'empty.people': 'この名前の人物は見つかりません。`/people` でかな表記や別の表記を試してください。',
  'empty.users': 'まだ誰もいません。`/user profile` で人を探せます。',
  'empty.activities':
    'まだアクティビティはありません。`/record post` でエピソードを記録するとここに表示されます。',
  'jobs.alert.starts': (p) => `${p.time}に放送 · ${p.channel}`,
  'jobs.alert.startsNoChannel': (p) => `${p.time}に放送`,
  'jobs.alert.record': (p) => `第${p.number}話を記録`,
  'jobs.digest.titleFor': (p) => `${p.owner}さんの${p.date}からの24時間の放送予定`,
  'subscription.recordedWork': (p) => `**${p.work}** ${p.episode}を記録しました。`,
  'record.deleteConfirmNamed': (p) => `**${p.what}**の記録を削除しますか？元に戻せません。`,
  'subscription.action.create_record': '記録',
  'subscription.action.create_multiple_records': '記録',
  'subscription.action.create_review': '感想',
  'subscription.action.create_status': 'ステータスの変更',
  'subscription.alertsBefore': (p) => `${p.minutes}分前にお知らせ`,
  ...viewingJa,
  ...worksJa,
  ...picturesJa,
  ...weeklyJa,
  ...verdictJa,
  ...oauthPagesJa,
};
