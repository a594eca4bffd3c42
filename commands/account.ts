import { ButtonStyle, ComponentType, TextInputStyle } from 'discord-api-types/v10';
import { z } from 'zod';
import { tokenSettingsUrl } from '../src/accounts/accounts.js';
import { canWrite, linkedMessage, linkToken, MAX_TOKEN_LENGTH } from '../src/accounts/link.js';
import { type CommandInput, defineCommand, type MessageReply, type ModalReply } from '../src/bot/command.js';
import type { Context } from '../src/bot/context.js';
import { booleanOption, slashCommand, stringOption, subcommand } from '../src/bot/definition.js';
import { parseOptions } from '../src/bot/parse-options.js';
import { UserFacingError } from '../src/bot/user-facing-error.js';
import { customId } from '../src/components/custom-id.js';
import { discordTime } from '../src/render/format.js';
import { OAuthError, Unauthorized } from '../src/service/index.js';
import { linkPanel, nextStepsEmbed, PANEL_ACTIONS } from './account/link-panel.js';

/** Without a method, the onboarding panel comes first (account/link-panel.ts). */
const linkOptions = z.object({ method: z.enum(['token', 'oauth']).optional() });

function tokenModal(ctx: Context): ModalReply {
  return {
    kind: 'modal',
    modal: {
      custom_id: customId('account', 'token'),
      title: ctx.t('account.tokenModalTitle'),
      components: [
        {
          type: ComponentType.ActionRow,
          components: [
            {
              type: ComponentType.TextInput,
              custom_id: 'token',
              label: ctx.t('account.tokenLabel'),
              placeholder: ctx.t('account.tokenPlaceholder'),
              style: TextInputStyle.Short,
              required: true,
              min_length: 8,
              max_length: MAX_TOKEN_LENGTH,
            },
          ],
        },
      ],
    },
  };
}

function codeModal(ctx: Context, state: string): ModalReply {
  return {
    kind: 'modal',
    modal: {
      custom_id: customId('account', 'code', state),
      title: ctx.t('account.codeModalTitle'),
      components: [
        {
          type: ComponentType.ActionRow,
          components: [
            {
              type: ComponentType.TextInput,
              custom_id: 'code',
              label: ctx.t('account.codeLabel'),
              style: TextInputStyle.Short,
              required: true,
              min_length: 4,
              max_length: 200,
            },
          ],
        },
      ],
    },
  };
}

async function startOAuth(ctx: Context): Promise<MessageReply> {
  if (!ctx.oauth) return { kind: 'message', ephemeral: true, content: ctx.t('account.oauthUnavailable') };
  const state = await ctx.oauthStates.issue(
    { id: ctx.user.id, username: ctx.user.username, locale: ctx.locale },
    ctx.now(),
  );
  const url = ctx.oauth.authorizationUrl({ scope: ['read', 'write'], state });
  return {
    kind: 'message',
    ephemeral: true,
    content: ctx.t('account.oauthIntro'),
    components: [
      {
        type: ComponentType.ActionRow,
        components: [
          {
            type: ComponentType.Button,
            style: ButtonStyle.Link,
            label: ctx.t('account.openAuthorization'),
            url,
          },
          {
            type: ComponentType.Button,
            style: ButtonStyle.Primary,
            label: ctx.t('account.enterCode'),
            custom_id: customId('account', 'entercode', state),
          },
        ],
      },
    ],
  };
}

async function status(ctx: Context): Promise<MessageReply> {
  const account = await ctx.linkedAccount();
  if (!account) return { kind: 'message', ephemeral: true, content: ctx.t('account.notLinked') };
  const call = await ctx.ownCall();
  const [me, info] = await Promise.all([
    ctx.service.me({ fields: ['id', 'username'] }, call),
    ctx.tokens.info(account.token),
  ]);
  const scopes = info.scope;
  return {
    kind: 'message',
    ephemeral: true,
    content: canWrite({ scopes }) ? undefined : ctx.t('account.readOnlyWarning'),
    embeds: [
      {
        title: ctx.t('account.statusTitle'),
        fields: [
          { name: ctx.t('account.username'), value: me.username ?? String(me.id), inline: true },
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

function unlinkConfirmation(ctx: Context): MessageReply {
  return {
    kind: 'message',
    ephemeral: true,
    content: ctx.t('account.unlinkConfirm'),
    components: [
      {
        type: ComponentType.ActionRow,
        components: [
          {
            type: ComponentType.Button,
            style: ButtonStyle.Danger,
            label: ctx.t('account.unlinkButton'),
            custom_id: customId('account', 'unlink', ctx.user.id),
          },
          {
            type: ComponentType.Button,
            style: ButtonStyle.Secondary,
            label: ctx.t('account.cancelButton'),
            custom_id: customId('account', 'cancel', ctx.user.id),
          },
        ],
      },
    ],
  };
}

const visibilityOptions = z.object({ shared: z.boolean({ message: 'reason.required' }) });

/** Opt in or out of being found from a right-click on one's Discord account ("Viewing record"). */
async function visibility(ctx: Context, options: CommandInput['options']): Promise<MessageReply> {
  const { shared } = parseOptions(visibilityOptions, options);
  if (shared && !(await ctx.linkedAccount()))
    return { kind: 'message', ephemeral: true, content: ctx.t('account.visibilityNeedsLink') };
  await ctx.preferences.setDiscoverable(ctx.user.id, shared);
  return {
    kind: 'message',
    ephemeral: true,
    content: ctx.t(shared ? 'account.visibilityOn' : 'account.visibilityOff'),
  };
}

/** "Linked as …", and what to try next. */
function linkedReply(ctx: Context, stored: Parameters<typeof linkedMessage>[1]): MessageReply {
  return {
    kind: 'message',
    ephemeral: true,
    content: linkedMessage(ctx, stored),
    embeds: [nextStepsEmbed(ctx.t)],
  };
}

/** Confirm buttons carry the invoker's id: pressing someone else's does nothing. */
function requireOwner(ctx: Context, ownerId: string | undefined): void {
  if (ownerId !== ctx.user.id) throw new UserFacingError('error.notYourComponent');
}

export const command = defineCommand({
  definition: slashCommand(
    'account',
    'アカウント',
    { en: 'Link your viewing-record account', ja: '視聴記録のアカウントを連携' },
    [
      subcommand('link', '連携', { en: 'Link your account', ja: 'アカウントを連携' }, [
        stringOption(
          'method',
          '方法',
          { en: 'How to link', ja: '連携方法' },
          {
            choices: [
              { value: 'token', name: { en: 'Personal access token', ja: '個人用アクセストークン' } },
              { value: 'oauth', name: { en: 'Authorize with OAuth', ja: 'OAuth で認可' } },
            ],
          },
        ),
      ]),
      subcommand('status', '状態', { en: 'Show the linked account', ja: '連携中のアカウントを表示' }),
      subcommand('unlink', '解除', {
        en: 'Unlink and delete your token',
        ja: '連携を解除してトークンを削除',
      }),
      subcommand(
        'visibility',
        '公開設定',
        {
          en: 'Let others see your viewing record from your name',
          ja: '名前から視聴記録を見られるようにする',
        },
        [
          booleanOption(
            'shared',
            '公開',
            { en: 'True: others may look it up (off by default)', ja: 'True で公開（既定は非公開）' },
            { required: true },
          ),
        ],
      ),
    ],
  ),
  ephemeral: () => true,

  async execute(ctx, input) {
    switch (input.subcommand) {
      case 'link': {
        const { method } = parseOptions(linkOptions, input.options);
        // The token modal must be the first answer, so it is shown before any service call.
        if (method === 'token') return tokenModal(ctx);
        return method === 'oauth' ? startOAuth(ctx) : linkPanel(ctx);
      }
      case 'status':
        return status(ctx);
      case 'visibility':
        return visibility(ctx, input.options);
      default:
        return unlinkConfirmation(ctx);
    }
  },

  components: {
    [PANEL_ACTIONS.tokenForm]: {
      answers: 'modal',
      async handle(ctx) {
        return tokenModal(ctx);
      },
    },
    [PANEL_ACTIONS.oauth]: {
      answers: 'message',
      async handle(ctx) {
        return startOAuth(ctx);
      },
    },
    entercode: {
      answers: 'modal',
      async handle(ctx, input) {
        return codeModal(ctx, input.args[0] ?? '');
      },
    },
    unlink: {
      answers: 'update',
      async handle(ctx, input) {
        requireOwner(ctx, input.args[0]);
        const outcome = await ctx.accounts.unlink(ctx.user.id);
        // kiroku cannot revoke a personal token (nor an OAuth one it failed to): the person must.
        const content =
          outcome === 'personal-token' || outcome === 'revoke-failed'
            ? ctx.t('account.unlinkedRevokeYourself', { url: tokenSettingsUrl(ctx.settings.site.webUrl) })
            : ctx.t('account.unlinked');
        return { kind: 'update', content, components: [] };
      },
    },
    cancel: {
      answers: 'update',
      async handle(ctx, input) {
        requireOwner(ctx, input.args[0]);
        return { kind: 'update', content: ctx.t('account.cancelled'), components: [] };
      },
    },
  },

  modals: {
    token: {
      async handle(ctx, input) {
        const stored = await linkToken(ctx, input.fields.token ?? '', 'token');
        return linkedReply(ctx, stored);
      },
    },
    code: {
      async handle(ctx, input) {
        const state = input.args[0] ?? '';
        if (!ctx.oauth || !(await ctx.oauthStates.consume(state, ctx.user.id)))
          throw new UserFacingError('account.stateMismatch');
        const code = (input.fields.code ?? '').trim();
        let accessToken: string;
        try {
          accessToken = (await ctx.oauth.exchangeCode(code)).access_token;
        } catch (error) {
          if (error instanceof OAuthError || error instanceof Unauthorized)
            throw new UserFacingError('account.badCode');
          throw error;
        }
        const stored = await linkToken(ctx, accessToken, 'oauth');
        return linkedReply(ctx, stored);
      },
    },
  },
});
