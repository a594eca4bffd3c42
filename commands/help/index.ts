import type { APIEmbedField } from 'discord-api-types/v10';
import { signUpUrl } from '#src/accounts/accounts.js';
import { defineCommand } from '#src/bot/command.js';
import type { Context } from '#src/bot/context.js';
import { slashCommand } from '#src/bot/definition.js';
import { COMMAND_PATHS, type CommandPath } from '#src/components/command-names.js';
import { plain } from '#src/render/format.js';
import { type CommandDescriptions, commandDescriptions, helpLine, packLines } from './lines.js';

/** The groups /help shows, in order, each path a clickable mention; the paths are the registry's. */
const GROUPS = (['lookup', 'record', 'friends', 'channels'] as const).map((group) => ({
  title: `help.group.${group}` as const,
  paths: COMMAND_PATHS[group],
}));

const ACCOUNT_PATHS = COMMAND_PATHS.account;

/**
 * Every path /help shows: the registry's (src/components/command-names.ts), /help itself left out.
 * The loader holds the registry to the loaded commands at start, and
 * test/commands/help-paths.test.ts holds /help to them: every registered slash path once.
 */
export const HELP_PATHS: readonly CommandPath[] = [
  ...GROUPS.flatMap((group) => group.paths),
  ...ACCOUNT_PATHS,
];

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
