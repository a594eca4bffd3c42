/**
 * English texts of `/help`. Spread into the English catalogue (en.ts); the Japanese ones are in help-ja.ts.
 */
import type { CatalogueOf } from '../catalogue-types.js';

export const helpEn = {
  // help
  'help.title': 'kiroku: your anime viewing record on Discord',
  'help.account': 'Your account',
  'help.accountLinked': (p: { username: string }) => `Linked as **${p.username}**.`,
  'help.accountUnlinked': 'Not linked. Use `/account link` to start.',
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
    'On a person: **Viewing record**, **Compare viewing**. On a message: **Look up anime**. On phones, long-press instead of right-clicking.',
} as const;

export type HelpMessages = CatalogueOf<typeof helpEn>;
