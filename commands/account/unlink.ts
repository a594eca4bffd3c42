/** `/account unlink`: asks first; Unlink deletes the token (and says when the person must revoke it). */
import { ButtonStyle, ComponentType } from 'discord-api-types/v10';
import { tokenSettingsUrl } from '#src/accounts/accounts.js';
import type { ComponentHandler, MessageReply } from '#src/bot/command.js';
import type { Context } from '#src/bot/context.js';
import { subcommand } from '#src/bot/definition.js';
import { UserFacingError } from '#src/bot/user-facing-error.js';
import { accountIds } from './ids.js';

export const unlinkSubcommand = () =>
  subcommand('unlink', '解除', {
    en: 'Unlink and delete your token',
    ja: '連携を解除してトークンを削除',
  });

export function unlinkConfirmation(ctx: Context): MessageReply {
  return {
    kind: 'message',
    content: ctx.t('account.unlinkConfirm'),
    components: [
      {
        type: ComponentType.ActionRow,
        components: [
          {
            type: ComponentType.Button,
            style: ButtonStyle.Danger,
            label: ctx.t('account.unlinkButton'),
            custom_id: accountIds.unlink.build(ctx.user.id),
          },
          {
            type: ComponentType.Button,
            style: ButtonStyle.Secondary,
            label: ctx.t('account.cancelButton'),
            custom_id: accountIds.cancel.build(ctx.user.id),
          },
        ],
      },
    ],
  };
}

/** Confirm buttons carry the invoker's id: pressing someone else's does nothing. */
function requireOwner(ctx: Context, ownerId: string): void {
  if (ownerId !== ctx.user.id) throw new UserFacingError('error.notYourComponent');
}

export const unlinkButtons: Readonly<Record<string, ComponentHandler>> = {
  [accountIds.unlink.action]: {
    answers: 'update',
    async handle(ctx, input) {
      requireOwner(ctx, accountIds.unlink.read(input.args).owner);
      const { token: outcome } = await ctx.accounts.unlink(ctx.user.id);
      // kiroku cannot revoke a personal token (nor an OAuth one it failed to): the person must.
      const content =
        outcome === 'personal-token' || outcome === 'revoke-failed'
          ? ctx.t('account.unlinkedRevokeYourself', { url: tokenSettingsUrl(ctx.settings.site.webUrl) })
          : ctx.t('account.unlinked');
      return { kind: 'update', content, components: [] };
    },
  },
  [accountIds.cancel.action]: {
    answers: 'update',
    async handle(ctx, input) {
      requireOwner(ctx, accountIds.cancel.read(input.args).owner);
      return { kind: 'update', content: ctx.t('account.cancelled'), components: [] };
    },
  },
};
