/**
 * English texts of linking an account: the link panel, tokens and OAuth codes, status, visibility and
 * unlinking (`/account`). Spread into the English catalogue (en.ts); the Japanese ones are in account-ja.ts.
 */
import type { CatalogueOf } from '../catalogue-types.js';

export const accountEn = {
  // linking
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
  'account.visibilityOn':
    'Others can now see your {service} profile and latest activity: right-click your name (long-press on phones) → Apps → **Viewing record**. Turn it off with `/account visibility`.',
  'account.visibilityOff': 'Your viewing record is private: nobody can look it up from your Discord account.',
  'account.visibilityNeedsLink':
    'Link your account first with `/account link`: there is nothing to share yet.',
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
} as const;

export type AccountMessages = CatalogueOf<typeof accountEn>;
