/**
 * English texts of the OAuth pages a person opens in a browser (the confirmation and its results).
 * Spread into the English catalogue (en.ts); the Japanese ones are in oauth-pages-ja.ts.
 */
import type { CatalogueOf } from '../catalogue-types.js';

export const oauthPagesEn = {
  'oauthPage.title': 'kiroku: link your account',
  'oauthPage.confirmHeading': 'Link this {service} account?',
  'oauthPage.serviceAccount': '{service} account',
  'oauthPage.discordUser': 'Discord user',
  'oauthPage.confirmExplain':
    'This Discord user will be able to read and post viewing records as this {service} account.',
  'oauthPage.confirmWarning':
    'Only confirm if you started this yourself with /account link in Discord. If someone sent you this link, press Cancel.',
  'oauthPage.confirmButton': 'Confirm',
  'oauthPage.cancelButton': 'Cancel',
  'oauthPage.linkedHeading': 'Account linked',
  'oauthPage.linked': (p: { username: string }) => `Linked as ${p.username}.`,
  'oauthPage.linkedNext':
    'Go back to Discord: /record post records an episode you watched, /library shows your works. You can close this tab.',
  'oauthPage.cancelledHeading': 'Cancelled',
  'oauthPage.cancelled': 'Cancelled. Nothing was linked, and the authorization was revoked.',
  'oauthPage.closeTab': 'You can close this tab.',
  'oauthPage.expiredHeading': 'This link cannot be used',
  'oauthPage.notLinkedHeading': 'Not linked',
  'oauthPage.stateExpired': 'This authorization link has expired or was already used.',
  'oauthPage.refused': '{service} did not accept this authorization.',
  'oauthPage.denied': 'The authorization was not granted. Nothing was linked.',
  'oauthPage.confirmationExpired':
    'This confirmation has expired or was already used. Nothing more was linked.',
  'oauthPage.unknownRequest': 'Unknown request. Nothing was linked.',
  'oauthPage.startAgain': 'To link your account, run /account link again in Discord.',
  'oauthPage.startAgainIfNeeded':
    'If you still need to link your account, run /account link again in Discord.',
} as const;

export type OauthPageMessages = CatalogueOf<typeof oauthPagesEn>;
