/**
 * /account: one file per sub-command in account/ (link, status, unlink, visibility), their custom
 * ids in account/ids.ts; this module states the command, who sees the reply, and routes to them.
 */
import { defineCommand } from '#src/bot/command.js';
import { slashCommand } from '#src/bot/definition.js';
import { accountIds } from './ids.js';
import { link, linkButtons, linkForms, linkSubcommand } from './link.js';
import { status, statusSubcommand } from './status.js';
import { unlinkButtons, unlinkConfirmation, unlinkSubcommand } from './unlink.js';
import { visibility, visibilitySubcommand } from './visibility.js';

export const command = defineCommand({
  definition: slashCommand(
    'account',
    'アカウント',
    { en: 'Link your Annict account', ja: 'Annictのアカウントを連携' },
    [linkSubcommand(), statusSubcommand(), unlinkSubcommand(), visibilitySubcommand()],
  ),
  ephemeral: () => true,

  async execute(ctx, input) {
    switch (input.subcommand) {
      case 'link':
        return link(ctx, input.options);
      case 'status':
        return status(ctx);
      case 'visibility':
        return visibility(ctx, input.options);
      default:
        return unlinkConfirmation(ctx);
    }
  },

  ids: accountIds,
  components: { ...linkButtons, ...unlinkButtons },

  modals: linkForms,
});
