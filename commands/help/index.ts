import type { APIEmbedField } from 'discord-api-types/v10';
import { signUpUrl } from '../../src/accounts/accounts.js';
import { defineCommand } from '../../src/bot/command.js';
import type { Context } from '../../src/bot/context.js';
import { slashCommand } from '../../src/bot/definition.js';
import { plain } from '../../src/render/format.js';
import { type CommandDescriptions, commandDescriptions, helpLine, packLines } from './lines.js';

/** The commands by what people do with them; each path becomes a clickable mention. */
const GROUPS = [
  {
    title: 'help.group.lookup',
    paths: [
      'work search',
      'work info',
      'episode list',
      'episode info',
      'people',
      'user profile',
      'record list',
    ],
  },
  {
    title: 'help.group.record',
    paths: [
      'watch',
      'record post',
      'record edit',
      'record delete',
      'review post',
      'review edit',
      'review delete',
      'status',
      'library',
      'schedule',
      'remind',
    ],
  },
  {
    title: 'help.group.friends',
    paths: [
      'me',
      'feed',
      'user activities',
      'user following',
      'user followers',
      'party start',
      'party cancel',
    ],
  },
  {
    title: 'help.group.channels',
    paths: [
      'subscription feed',
      'subscription schedule',
      'subscription airing',
      'subscription weekly',
      'subscription list',
      'subscription remove',
    ],
  },
] as const;

const ACCOUNT_PATHS = ['account link', 'account status', 'account visibility', 'account unlink'];

/**
 * Every path /help shows. The groups and their order are what people read, so they are stated
 * here; which paths exist is the command list's, and test/commands/help-paths.test.ts holds the two
 * together: every registered slash path once, none that is not registered.
 */
export const HELP_PATHS: readonly string[] = [...GROUPS.flatMap((group) => group.paths), ...ACCOUNT_PATHS];

async function accountField(ctx: Context, descriptions: CommandDescriptions): Promise<APIEmbedField> {
  const [account] = await Promise.all([ctx.linkedAccount(), ctx.commandMentions.refresh()]);
  const state = account
    ? ctx.t('help.accountLinked', { username: plain(account.serviceUsername) })
    : ctx.t('help.accountUnlinked');
  return {
    name: ctx.t('help.account'),
    value: [
      state,
      ...ACCOUNT_PATHS.map((path) => helpLine(path, ctx.commandMentions.mention(path), descriptions, ctx.t)),
    ].join('\n'),
  };
}

export const command = defineCommand({
  definition: slashCommand('help', 'ヘルプ', { en: 'What kiroku can do', ja: 'kirokuでできること' }),
  ephemeral: () => true,
  async execute(ctx) {
    const descriptions = await commandDescriptions();
    const account = await accountField(ctx, descriptions);
    // One line per command; a long group continues in a second field under the same heading.
    const groups = GROUPS.flatMap((group) =>
      packLines(
        group.paths.map((path) => helpLine(path, ctx.commandMentions.mention(path), descriptions, ctx.t)),
      ).map((value) => ({ name: ctx.t(group.title), value })),
    );
    const about = ctx.t('help.about', { signUp: signUpUrl(ctx.t.site.webUrl) });
    return {
      kind: 'message',
      embeds: [
        {
          title: ctx.t('help.title'),
          description: `${about}\n\n${ctx.t('help.intro')}`,
          fields: [account, ...groups, { name: ctx.t('help.group.apps'), value: ctx.t('help.apps') }],
        },
      ],
    };
  },
});
