/** `/account status`: the linked account, its scopes, how and when it was linked. */
import { canWrite } from '#src/accounts/link.js';
import type { MessageReply } from '#src/bot/command.js';
import type { Context } from '#src/bot/context.js';
import { subcommand } from '#src/bot/definition.js';
import { discordTime, plain } from '#src/render/format.js';

export const statusSubcommand = () =>
  subcommand('status', '状態', { en: 'Show the linked account', ja: '連携中のアカウントを表示' });

export async function status(ctx: Context): Promise<MessageReply> {
  const account = await ctx.linkedAccount();
  if (!account) return { kind: 'message', content: ctx.t('account.notLinked') };
  const call = await ctx.ownCall();
  const [me, info] = await Promise.all([
    ctx.service.me({ fields: ['id', 'username'] }, call),
    ctx.tokens.info(account.token, ctx.user.id),
  ]);
  const scopes = info.scope;
  return {
    kind: 'message',
    content: canWrite({ scopes }) ? undefined : ctx.t('account.readOnlyWarning'),
    embeds: [
      {
        title: ctx.t('account.statusTitle'),
        fields: [
          { name: ctx.t('account.username'), value: plain(me.username ?? String(me.id)), inline: true },
          { name: ctx.t('account.scopes'), value: scopes.join(', ') || '—', inline: true },
          {
            name: ctx.t('account.method'),
            value: account.method === 'oauth' ? ctx.t('account.methodOauth') : ctx.t('account.methodToken'),
            inline: true,
          },
          { name: ctx.t('account.linkedAt'), value: discordTime(account.linkedAt, 'f') || '—', inline: true },
        ],
      },
    ],
  };
}
