import { oauthPagesEn } from './oauth-pages-en.js';
import { picturesEn } from './pictures-en.js';
import { verdictEn } from './verdict-en.js';
import { viewingEn } from './viewing-en.js';
import { weeklyEn } from './weekly-en.js';
import { worksEn } from './works-en.js';
/**
 * English replies. The Japanese catalogue must provide every key (checked by the compiler).
 * Messages with placeholders are functions of a typed parameter object.
 */
export const en = {
  // errors
  'error.notLinked':
    'You have not linked your {service} account yet. Link it with `/account link`: it takes a minute.',
  'error.catalogueNeedsLink':
    'Looking things up here needs a linked {service} account (this server has no shared lookup token). Link yours with `/account link`.',
  'error.unauthorized':
    '{service} no longer accepts your token (it may have been revoked). Link again with `/account link`.',
  'error.insufficientScope':
    'Your token can only read. To record episodes or set statuses, link again with a read + write token: `/account link`.',
  'error.notFound': 'Not found on {service}: it may have been removed.',
  'error.invalidParams': (p: { messages: string }) => `{service} refused the request: ${p.messages}`,
  'error.busy': '{service} is busy right now. Please try again in a moment.',
  'error.unavailable': '{service} is not answering right now. Please try again later.',
  'error.malformed': '{service} sent an answer kiroku could not read. Please try again later.',
  'error.busyShare': (p: { retry: string }) =>
    `Other people are waiting for {service} too, and you have had more than your share of its requests for now, so this one was not sent. Try again ${p.retry}.`,
  'error.busyWait': (p: { retry: string }) =>
    `{service} is busy right now, so this request could not be sent in time. Try again ${p.retry}.`,
  'error.internal': 'Something went wrong on our side. It has been logged; please try again.',
  'error.vaultUnreadable':
    'Your stored token cannot be opened with this bot’s key. Ask the operator to check VAULT_KEY, or unlink and link again.',
  'error.restarting': 'kiroku is restarting. Please try again in a moment.',
  'error.notYourComponent': 'Only the person who ran this command can use these buttons.',
  'error.expired': 'This has expired. Please run the command again.',
  'error.badOption': (p: { option: string; reason: string }) => `\`${p.option}\`: ${p.reason}`,
  'error.unknownCommand': 'This command is not available any more.',
  'error.guildOnly': 'This command works only in a server.',
  'error.slowDown': (p: { seconds: number }) =>
    `You are going too fast. Please slow down and try again in ${p.seconds} s.`,

  // option validation reasons
  'reason.required': 'is required',
  'reason.season': 'must look like 2024-autumn or 2024-all',
  'reason.oneSeason': 'must be one season such as 2024-autumn',
  'reason.username': 'must be a username (letters, digits and _)',
  'reason.recordId': 'must be one of your records from the list, or a record id such as 998877',
  'reason.hours': 'must be between 1 and 168 hours',
  'reason.episode': 'must be an episode id from the list, or an episode number such as 5 or #5',

  // matching
  'match.noWork': (p: { query: string }) =>
    `No work matched “${p.query}”. Pick one from the list as you type, or try another spelling.`,
  'match.noEpisode': (p: { query: string }) => `No episode matched “${p.query}” for this work.`,
  'match.noUser': (p: { username: string }) => `No user named “${p.username}”.`,

  // paging
  'paging.previous': 'Previous',
  'paging.next': 'Next',
  'paging.footer': (p: { page: number; pages: number; total: number }) =>
    `Page ${p.page} of ${p.pages} · ${p.total} in all`,
  'paging.empty': 'Nothing here yet. `/help` shows what kiroku can do.',
  'paging.more': (p: { count: number }) => `…and ${p.count} more`,

  // works
  'work.searchTitle': (p: { query: string }) => (p.query ? `Works matching “${p.query}”` : 'Works'),
  'work.season': 'Season',
  'work.noSeason': 'No season',
  'work.media': 'Media',
  'work.episodes': 'Episodes',
  'work.watchers': 'Watchers',
  'work.reviews': 'Reviews',
  'work.released': 'Released',
  'work.firstAired': 'First aired',
  'work.onSale': 'On sale',
  'work.links': 'Links',
  'work.officialSite': 'Official site',
  'work.wikipedia': 'Wikipedia',
  'work.showEpisodes': 'Episodes',
  'work.setStatusPlaceholder': 'Set your watch status…',
  'work.untitled': '(untitled)',

  // statuses
  'status.wanna_watch': 'Plan to Watch',
  'status.watching': 'Watching',
  'status.watched': 'Completed',
  'status.on_hold': 'On Hold',
  'status.stop_watching': 'Dropped',
  'status.no_select': 'No status',
  'status.set': (p: { title: string; status: string }) => `Set **${p.title}** to ${p.status}.`,

  // episodes
  'episode.listTitle': (p: { title: string }) => `Episodes of ${p.title}`,
  'episode.number': (p: { number: string }) => `Ep ${p.number}`,
  'episode.unnumbered': 'Unnumbered episode',
  'episode.untitled': '(no title)',
  'episode.records': 'Records',
  'episode.comments': 'Comments',
  'episode.previous': 'Previous episode',
  'episode.next': 'Next episode',

  // records
  'record.listTitleFor': (p: { title: string }) => `Records of ${p.title}`,
  'record.rating': 'Rating',
  'record.by': (p: { username: string }) => `by ${p.username}`,
  'record.edited': 'Your record was updated.',
  'record.editedNamed': (p: { what: string }) => `Updated your record of **${p.what}**.`,
  'record.notYours':
    'You have no record with that id on {service}. Pick one of your records from the list as you type.',
  'record.nothingToEdit': 'Nothing to change: give a new rating, comment or share option.',
  'record.deleteButton': 'Delete',
  'record.deleted': 'Your record was deleted.',

  // people
  'people.title': (p: { query: string }) => `People matching “${p.query}”`,
  'people.casts': 'Casts',
  'people.staffs': 'Staff',
  'people.favorites': 'Favourites',

  // users
  'user.records': 'Records',
  'user.following': 'Following',
  'user.followers': 'Followers',
  'user.watching': 'Watching',
  'user.watched': 'Completed',
  'user.wannaWatch': 'Plan to Watch',
  'user.joined': 'Joined',
  'user.followersTitle': (p: { username: string }) => `Followers of ${p.username}`,
  'user.followingTitle': (p: { username: string }) => `${p.username} follows`,
  'user.activitiesTitle': (p: { username: string }) => `Activity of ${p.username}`,

  // activities
  'activity.create_record': (p: { user: string; work: string; episode: string }) =>
    `**${p.user}** recorded **${p.work}** ${p.episode}`,
  'activity.create_multiple_records': (p: { user: string; work: string; count: number }) =>
    `**${p.user}** recorded ${p.count} episodes of **${p.work}**`,
  'activity.create_status': (p: { user: string; work: string; status: string }) =>
    `**${p.user}** set **${p.work}** to ${p.status}`,
  'activity.other': (p: { user: string; work: string }) => `**${p.user}** did something with **${p.work}**`,

  // background jobs (channel posts and owner notices)
  'jobs.feed.recorded': (p: { user: string }) => `${p.user} recorded`,
  'jobs.feed.recordedMany': (p: { user: string; count: number }) => `${p.user} recorded ${p.count} episodes`,
  'jobs.digest.title': (p: { date: string }) => `The next 24 hours from ${p.date}`,
  'jobs.digest.empty': 'Nothing airs in the next 24 hours.',
  'jobs.digest.more': (p: { count: number }) => `…and ${p.count} more`,
  'jobs.digest.footer': (p: { count: number; timezone: string }) =>
    `${p.count} ${p.count === 1 ? 'program' : 'programs'} · times in ${p.timezone}`,
  'jobs.alert.watched': 'Record episode',
  'jobs.alert.ratePlaceholder': 'Record with a rating',
  'store.notice.subscriptionQuarantined': (p: { ids: string }) =>
    `After an update kiroku could not read some of your channel subscriptions (${p.ids}), so they have stopped posting. They are kept aside for the bot's operator; set them up again with \`/subscription feed\`, \`/subscription schedule\` or \`/subscription airing\` if you still want them.`,
  'jobs.notice.paused': (p: { count: number }) =>
    `{service} no longer accepts your token, so ${p.count} of your channel subscriptions are paused. Link again with \`/account link\` to resume them.`,
  'jobs.notice.notLinked': (p: { count: number }) =>
    `Your account is not linked any more, so ${p.count} of your channel subscriptions are paused. Link again with \`/account link\` to resume them.`,
  'jobs.notice.forbidden': (p: { channel: string; ids: string }) =>
    `I may not post in ${p.channel} any more, so your subscription ${p.ids} there is disabled. Give me View Channel, Send Messages and Embed Links, then set it up again with \`/subscription feed\`, \`/subscription schedule\` or \`/subscription airing\`.`,
  'jobs.notice.missing': (p: { channel: string; ids: string }) =>
    `${p.channel} is gone or I cannot see it any more, so your subscription ${p.ids} there is disabled.`,
  'jobs.notice.ownerNoAccess': (p: { channel: string; ids: string }) =>
    `You can no longer see or send messages in ${p.channel}, so your subscriptions there (${p.ids}) are paused. Once you may post there again, remove them with \`/subscription remove\` and make them again.`,
  'jobs.notice.ownerLeft': (p: { guild: string; ids: string }) =>
    `You are no longer a member of the server ${p.guild}, so your subscription ${p.ids} there is disabled.`,
  'jobs.notice.botRemoved': (p: { guild: string; ids: string }) =>
    `kiroku was removed from the server ${p.guild}, so your subscription ${p.ids} there is disabled.`,

  // accounts
  'account.tokenModalTitle': 'Link your {service} account',
  'account.tokenLabel': 'Personal access token',
  'account.tokenPlaceholder': 'Paste the token you created on {service}',
  'account.codeModalTitle': 'Enter the authorization code',
  'account.codeLabel': 'Authorization code',
  'account.oauthUnavailable':
    'This bot has no OAuth application set up, so link with a personal access token: `/account link`.',
  'account.oauthIntro':
    '1. Open the {service} page and allow kiroku.\n2. Copy the code it shows.\n3. Press **Enter code** and paste it. The link expires in 10 minutes.',
  'account.openAuthorization': 'Open {service}',
  'account.enterCode': 'Enter code',
  'account.linked': (p: { username: string }) => `Linked as **${p.username}**.`,
  'account.linkedReadOnly': (p: { username: string }) =>
    `Linked as **${p.username}**, read-only: recording episodes and setting statuses need a read + write token.`,
  'account.badToken':
    '{service} did not accept this token. Check that you copied all of it, then try again with `/account link`.',
  'account.badCode': 'This code is invalid, expired or already used. Start again with `/account link`.',
  'account.stateMismatch':
    'This authorization belongs to someone else, or it has expired. Run `/account link` again.',
  'account.statusTitle': 'Your linked {service} account',
  'account.username': 'Username',
  'account.scopes': 'Scopes',
  'account.method': 'Linked with',
  'account.methodToken': 'personal token',
  'account.methodOauth': 'OAuth',
  'account.linkedAt': 'Linked',
  'account.readOnlyWarning':
    '⚠️ Read-only: link again with a read + write token to record episodes and set statuses.',
  'account.unlinkConfirm':
    'Unlink your account? kiroku deletes your token, your channel subscriptions and cached data.',
  'account.unlinkButton': 'Unlink',
  'account.cancelButton': 'Cancel',
  'account.unlinked': 'Unlinked. Your token and subscriptions are deleted.',
  'account.unlinkedRevokeYourself': (p: { url: string }) =>
    `Unlinked: kiroku deleted your token and subscriptions. **The token itself still works at {service}** until you revoke it there: ${p.url}`,
  'account.busy': 'Another change to your account link is still under way. Try again in a few seconds.',
  'account.previousSubscriptionsEnded': (p: { count: number }) =>
    `This is a different {service} account, so ${p.count} subscription${p.count === 1 ? '' : 's'} of the previously linked one ${p.count === 1 ? 'was' : 'were'} removed.`,
  'account.cancelled': 'Nothing changed.',
  'account.notLinked': 'No {service} account is linked yet. Link yours with `/account link`.',
  'account.linkedFromBrowser': (p: { username: string }) =>
    `Your Discord account was linked to the {service} account **${p.username}** from the confirmation page in a browser. If this was not you, run \`/account unlink\`.`,

  // the OAuth callback's pages in a browser (plain text: the page escapes it; no Markdown)

  // me
  'me.title': (p: { username: string }) => `Your profile: ${p.username}`,

  // own data
  'library.title': 'Your library',
  'schedule.title': (p: { hours: number }) => `Your schedule: next ${p.hours} h`,
  'schedule.rebroadcast': 'rebroadcast',
  'feed.title': 'Your timeline',
  // subscriptions
  'subscription.cannotPost': (p: { channel: string }) =>
    `I cannot post in ${p.channel}: give me View Channel, Send Messages and Embed Links there, then try again.`,
  'subscription.feedCreated': (p: { id: string; channel: string; actions: string }) =>
    `Your friends’ activity (${p.actions}) will be posted in ${p.channel}. Subscription id: \`${p.id}\`.`,
  'subscription.scheduleCreated': (p: {
    id: string;
    channel: string;
    time: string;
    timezone: string;
    alerts: string;
  }) =>
    `Your schedule will be posted in ${p.channel} every day at ${p.time} (${p.timezone})${p.alerts}. Subscription id: \`${p.id}\`.`,
  'subscription.alertsSuffix': (p: { minutes: number }) =>
    `, with an alert ${p.minutes} min before each program`,
  'subscription.duplicate': (p: { id: string }) =>
    `This channel already has that subscription of yours (id \`${p.id}\`).`,
  'subscription.allActions': 'all activity',
  'subscription.recordsReviewsActions': 'records and reviews',
  'subscription.alreadyRecorded':
    'You already recorded this episode from this alert. To change its rating or comment, use `/record edit`.',
  'subscription.listTitle': 'Subscriptions in this server',
  'subscription.none':
    'No subscriptions in this server yet. Post your friends’ activity with `/subscription feed`, your schedule with `/subscription schedule`, or new episodes of chosen works with `/subscription airing`.',
  'subscription.removed': (p: { id: string }) => `Subscription \`${p.id}\` removed.`,
  'subscription.unknown': (p: { id: string }) =>
    `No subscription \`${p.id}\` in this server. \`/subscription list\` shows them all.`,
  'subscription.state.active': 'active',
  'subscription.state.paused': 'paused (the owner’s token stopped working)',
  'subscription.state.disabled': 'disabled (I cannot post in that channel)',
  'subscription.state.ownerLeft': 'disabled (the owner left this server)',
  'subscription.state.botRemoved': 'disabled (kiroku was removed from this server)',
  'subscription.kind.feed': 'feed',
  'subscription.kind.schedule': 'schedule',
  'subscription.recorded': (p: { episode: string }) => `Recorded ${p.episode} on {service}.`,
  'subscription.unsupportedChannel': (p: { channel: string }) =>
    `I post only in text and announcement channels, and ${p.channel} is neither (threads archive themselves, so a subscription there would stop on its own). Pick a text or announcement channel.`,
  'subscription.invokerCannotSend': (p: { channel: string }) =>
    `You cannot send messages in ${p.channel}, so you cannot subscribe it: you need View Channel and Send Messages there.`,
  'subscription.guildCap': (p: { max: number }) =>
    `This server already has ${p.max} subscriptions, the most kiroku keeps per server. Remove one with \`/subscription remove\` first.`,
  'subscription.ownerCap': (p: { max: number }) =>
    `You already have ${p.max} running subscriptions, the most kiroku keeps per person. Remove one with \`/subscription remove\` first.`,
  'reason.time': 'must be a time such as 08:00',
  'reason.timezone': 'must be an IANA time zone such as Asia/Tokyo',
  // help
  'help.title': 'kiroku: your anime viewing record on Discord',
  'help.account': 'Your account',
  'help.accountLinked': (p: { username: string }) => `Linked as **${p.username}**.`,
  'help.accountUnlinked': 'Not linked. Use `/account link` to start.',

  // four-level ratings and reviews (the service's own words)
  'rating.bad': 'Bad',
  'rating.average': 'Average',
  'rating.good': 'Good',
  'rating.great': 'Great',
  'review.overall': 'Overall',
  'review.animation': 'Animation',
  'review.music': 'Music',
  'review.story': 'Story',
  'review.character': 'Character',
  'review.link': 'Reviews of this work',
  'activity.create_review': (p: { user: string; work: string }) => `**${p.user}** reviewed **${p.work}**`,
  'jobs.feed.reviewed': (p: { user: string }) => `${p.user} wrote a review`,
  // issue 25/27: feed batches, the minimal form of a refused post, catch-up after an outage
  'jobs.feed.statusLine': (p: { user: string; work: string; status: string }) =>
    `${p.user} marked ${p.work} as **${p.status}**`,
  'jobs.feed.minimal.record': (p: { user: string; work: string; episode: string }) =>
    `${p.user} recorded ${p.work} ${p.episode}`,
  'jobs.feed.minimal.records': (p: { user: string; work: string; count: number }) =>
    `${p.user} recorded ${p.count} episodes of ${p.work}`,
  'jobs.feed.minimal.review': (p: { user: string; work: string }) => `${p.user} wrote a review of ${p.work}`,
  'jobs.feed.minimal.status': (p: { user: string; work: string; status: string }) =>
    `${p.user} marked ${p.work} as ${p.status}`,
  'jobs.feed.catchUp': (p: { count: number; atLeast: boolean; from: string; to: string; hours: number }) =>
    `While the feed was behind, ${p.atLeast ? 'at least ' : ''}${p.count} ${p.count === 1 ? 'activity' : 'activities'} from ${p.from} to ${p.to} (older than ${p.hours} h) ${p.count === 1 ? 'was' : 'were'} not posted one by one.`,
  'reason.ratingState': 'must be one of bad, average, good, great',
  // issue 18: post languages, profile visibility, context menus, help groups
  'subscription.language.en': 'English',
  'subscription.language.ja': 'Japanese',
  'subscription.postsIn': (p: { language: string }) => `Posts are written in ${p.language}.`,
  'account.visibilityOn':
    'Others can now see your {service} profile and latest activity: right-click your name (long-press on phones) → Apps → **Viewing record**. Turn it off with `/account visibility`.',
  'account.visibilityOff': 'Your viewing record is private: nobody can look it up from your Discord account.',
  'account.visibilityNeedsLink':
    'Link your account first with `/account link`: there is nothing to share yet.',
  'profile.notShared': (p: { user: string }) =>
    `${p.user} has not shared their viewing record (people choose to with \`/account visibility\`).`,
  'profile.latest': 'Latest activity',
  'profile.noActivity': 'No activity yet. Their records show up here once they record an episode.',
  'lookup.empty': 'That message has no text to search for.',
  'lookup.title': (p: { query: string }) => `Works matching “${p.query}”`,
  'lookup.none': (p: { query: string }) => `No work matches “${p.query}”.`,
  'help.about': (p: { signUp: string }) =>
    `{service} is where anime fans keep a record of the episodes they watch and share it. kiroku keeps yours from Discord. New to {service}? [Sign up](${p.signUp}), then \`/account link\`.`,
  'help.line': (p: { command: string; does: string }) => `${p.command} — ${p.does}`,
  'help.intro':
    'Personal commands work in servers, in DMs with kiroku, and anywhere once you add kiroku to your own account. Replies about you are private.',
  'help.group.lookup': 'Look things up',
  'help.group.record': 'Keep your record',
  'help.group.friends': 'You and your friends',
  'help.group.channels': 'Channel posts (server managers)',
  'help.group.apps': 'Right-click or long-press (Apps)',
  'help.apps':
    'On a person: **Viewing record**. On a message: **Look up anime**. On phones, long-press instead of right-clicking.',
  // issue 27: onboarding, names in the reader's language, empty states, Open menus, alerts
  'account.panelTitle': 'Link your {service} account',
  'account.panelAllows':
    'Linking lets kiroku keep your {service} viewing record from Discord: record episodes, set watch statuses, and see your library, your schedule and what the people you follow are watching.',
  'account.panelPrivateTitle': 'What stays private',
  'account.panelPrivate':
    '• Your token is stored encrypted, and deleted when you unlink with `/account unlink`.\n• Replies about you are shown only to you. Only `/record post` posts in the channel for everyone to see.',
  'account.panelTokenTitle': 'With a personal access token',
  'account.panelTokenSteps':
    '1. Press **Open token page** and sign in to {service}.\n2. Create a personal access token with the scope **read + write** (any description will do).\n3. Copy the token, press **I have a token** and paste it.',
  'account.panelOauthTitle': 'Or sign in with {service}',
  'account.panelOauthSteps': 'Press **Sign in with {service}**, allow kiroku, and paste the code it shows.',
  'account.panelOpenTokenPage': 'Open token page',
  'account.panelHaveToken': 'I have a token',
  'account.panelOauth': 'Sign in with {service}',
  'account.nextStepsTitle': 'Try these next',
  'account.nextSteps':
    '`/library` your works by watch status\n`/schedule` what airs next\n`/record post` record an episode you watched',
  'season.name': (p: { year: string; season: string }) => `${p.season} ${p.year}`,
  'season.winter': 'Winter',
  'season.spring': 'Spring',
  'season.summer': 'Summer',
  'season.autumn': 'Fall',
  'season.all': (p: { year: string }) => `All of ${p.year}`,
  'media.tv': 'TV',
  'media.ova': 'OVA',
  'media.movie': 'Movie',
  'media.web': 'Web',
  'media.other': 'Other',
  'count.watchers': (p: { count: string }) => `${p.count} watching`,
  'count.records': (p: { count: string }) => `${p.count} records`,
  'count.likes': (p: { count: string }) => `${p.count} likes`,
  'open.placeholder': 'Open…',
  'episode.recordButton': (p: { episode: string }) => `Record ${p.episode}`,
  'empty.works':
    'No work matches this search. Try fewer words, the title in kana, or another season with `/work search`.',
  'empty.episodes':
    '{service} lists no episodes for this work yet (movies and some specials have none). You can still set its status with `/status`.',
  'empty.records': 'Nobody has recorded this yet. Be the first with `/record post`.',
  'empty.library':
    'No works here yet: your library lists the works you gave a watch status. Find one with `/work search`, then set it with `/status`.',
  'empty.schedule':
    'Nothing airs in this window. Your schedule shows only works you marked Plan to Watch or Watching: mark some with `/status`.',
  'empty.feed':
    'No activity yet from the people you follow on {service}. Look someone up with `/user profile` and follow them on {service}.',
  'empty.people': 'No person matches this name. Try the name in kana or another spelling with `/people`.',
  'empty.users': 'Nobody here yet. Look someone up with `/user profile`.',
  'empty.activities':
    'No activity yet. Records show up here once an episode is recorded with `/record post`.',
  'jobs.alert.starts': (p: { time: string; channel: string }) => `Starts ${p.time} · ${p.channel}`,
  'jobs.alert.startsNoChannel': (p: { time: string }) => `Starts ${p.time}`,
  'jobs.alert.record': (p: { number: string }) => `Record ep ${p.number}`,
  'jobs.digest.titleFor': (p: { owner: string; date: string }) => `${p.owner}’s next 24 hours from ${p.date}`,
  'subscription.recordedWork': (p: { work: string; episode: string }) =>
    `Recorded **${p.work}** ${p.episode} on {service}.`,
  'record.deleteConfirmNamed': (p: { what: string }) =>
    `Delete your record of **${p.what}**? This cannot be undone.`,
  'subscription.action.create_record': 'records',
  'subscription.action.create_multiple_records': 'records',
  'subscription.action.create_review': 'reviews',
  'subscription.action.create_status': 'status changes',
  'subscription.alertsBefore': (p: { minutes: number }) => `alerts ${p.minutes} min before`,
  ...viewingEn,
  ...worksEn,
  ...picturesEn,
  ...weeklyEn,
  ...verdictEn,
  ...oauthPagesEn,
};

export type Messages = typeof en;
