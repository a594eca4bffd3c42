/**
 * `/account link`: the onboarding panel (link-panel.ts), the token form, or OAuth with the code form;
 * the buttons and forms that lead from one to the next are answered here too.
 */
import { ButtonStyle, ComponentType, TextInputStyle } from 'discord-api-types/v10';
import { linkedMessage, linkToken, MAX_TOKEN_LENGTH } from '#src/accounts/link.js';
import type {
  CommandInput,
  ComponentHandler,
  MessageReply,
  ModalHandler,
  ModalReply,
} from '#src/bot/command.js';
import type { Context } from '#src/bot/context.js';
import { stringOption, subcommand } from '#src/bot/definition.js';
import { readOptions } from '#src/bot/options.js';
import { UserFacingError } from '#src/bot/user-facing-error.js';
import { OAuthError, Unauthorized } from '#src/service/index.js';
import { accountIds } from './ids.js';
import { linkPanel, nextStepsEmbed } from './link-panel.js';

const options = [
  stringOption(
    'method',
    '方法',
    { en: 'How to link', ja: '連携方法' },
    {
      choices: [
        { value: 'token', name: { en: 'Personal access token', ja: '個人用アクセストークン' } },
        { value: 'oauth', name: { en: 'Authorize with OAuth', ja: 'OAuthで認可' } },
      ],
    },
  ),
] as const;

export const linkSubcommand = () =>
  subcommand('link', '連携', { en: 'Link your account', ja: 'アカウントを連携' }, options);

function tokenModal(ctx: Context): ModalReply {
  return {
    kind: 'modal',
    modal: {
      custom_id: accountIds.token.build(),
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
      custom_id: accountIds.code.build(state),
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
  if (!ctx.oauth) return { kind: 'message', content: ctx.t('account.oauthUnavailable') };
  const state = await ctx.oauthStates.issue(
    { id: ctx.user.id, username: ctx.user.username, locale: ctx.locale },
    ctx.now(),
  );
  const url = ctx.oauth.authorizationUrl({ scope: ['read', 'write'], state });
  return {
    kind: 'message',
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
            custom_id: accountIds.entercode.build(state),
          },
        ],
      },
    ],
  };
}

/** Without a method, the onboarding panel comes first (link-panel.ts). */
export async function link(ctx: Context, raw: CommandInput['options']) {
  const { method } = readOptions(options, raw);
  // The token modal must be the first answer, so it is shown before any service call.
  if (method === 'token') return tokenModal(ctx);
  return method === 'oauth' ? startOAuth(ctx) : linkPanel(ctx);
}

/** "Linked as …", and what to try next. */
function linkedReply(ctx: Context, stored: Parameters<typeof linkedMessage>[1]): MessageReply {
  return {
    kind: 'message',
    content: linkedMessage(ctx, stored),
    embeds: [nextStepsEmbed(ctx.t)],
  };
}

export const linkButtons: Readonly<Record<string, ComponentHandler>> = {
  [accountIds.tokenform.action]: {
    answers: 'modal',
    async handle(ctx) {
      return tokenModal(ctx);
    },
  },
  [accountIds.oauth.action]: {
    answers: 'message',
    async handle(ctx) {
      return startOAuth(ctx);
    },
  },
  [accountIds.entercode.action]: {
    answers: 'modal',
    async handle(ctx, input) {
      return codeModal(ctx, accountIds.entercode.read(input.args).state);
    },
  },
};

export const linkForms: Readonly<Record<string, ModalHandler>> = {
  [accountIds.token.action]: {
    async handle(ctx, input) {
      const stored = await linkToken(ctx, input.fields.token ?? '', 'token');
      return linkedReply(ctx, stored);
    },
  },
  [accountIds.code.action]: {
    async handle(ctx, input) {
      const { state } = accountIds.code.read(input.args);
      if (!ctx.oauth || !(await ctx.oauthStates.consume(state, ctx.user.id)))
        throw new UserFacingError('account.stateMismatch');
      const code = (input.fields.code ?? '').trim();
      let accessToken: string;
      try {
        accessToken = (await ctx.oauth.exchangeCode(code, { person: ctx.user.id })).access_token;
      } catch (error) {
        if (error instanceof OAuthError || error instanceof Unauthorized)
          throw new UserFacingError('account.badCode');
        throw error;
      }
      const stored = await linkToken(ctx, accessToken, 'oauth');
      return linkedReply(ctx, stored);
    },
  },
};
