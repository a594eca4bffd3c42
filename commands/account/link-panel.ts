/**
 * What `/account link` shows first: a private panel saying what linking allows and what stays
 * private, with the steps for a personal access token, a link to the service's token page, an
 * "I have a token" button (the token form) and, when an OAuth application is configured, a button
 * that starts OAuth. A form cannot hold a link, so the help lives here, before the form opens.
 */
import { type APIEmbed, ButtonStyle, ComponentType } from 'discord-api-types/v10';
import { signUpUrl, tokenSettingsUrl } from '#src/accounts/accounts.js';
import type { MessageReply } from '#src/bot/command.js';
import type { Context } from '#src/bot/context.js';
import type { MessageComponents } from '#src/bot/interaction-types.js';
import type { Translator } from '#src/i18n/translator.js';
import { accountIds } from './ids.js';

const PANEL_COLOR = 0x3b82f6;

function panelEmbed(t: Translator, oauth: boolean): APIEmbed {
  const fields = [{ name: t('account.panelTokenTitle'), value: t('account.panelTokenSteps') }];
  if (oauth) fields.push({ name: t('account.panelOauthTitle'), value: t('account.panelOauthSteps') });
  return {
    title: t('account.panelTitle'),
    description: [
      t('help.about', { signUp: signUpUrl(t.site.webUrl) }),
      t('account.panelAllows'),
      `**${t('account.panelPrivateTitle')}**\n${t('account.panelPrivate')}`,
    ].join('\n\n'),
    fields,
    color: PANEL_COLOR,
  };
}

function panelButtons(t: Translator, oauth: boolean): MessageComponents {
  return [
    {
      type: ComponentType.ActionRow,
      components: [
        {
          type: ComponentType.Button,
          style: ButtonStyle.Link,
          label: t('account.panelOpenTokenPage'),
          url: tokenSettingsUrl(t.site.webUrl),
        },
        {
          type: ComponentType.Button,
          style: ButtonStyle.Primary,
          label: t('account.panelHaveToken'),
          custom_id: accountIds.tokenform.build(),
        },
        ...(oauth
          ? [
              {
                type: ComponentType.Button as const,
                style: ButtonStyle.Secondary as const,
                label: t('account.panelOauth'),
                custom_id: accountIds.oauth.build(),
              },
            ]
          : []),
      ],
    },
  ];
}

export function linkPanel(ctx: Pick<Context, 't' | 'oauth'>): MessageReply {
  const oauth = ctx.oauth !== undefined;
  return {
    kind: 'message',
    embeds: [panelEmbed(ctx.t, oauth)],
    components: panelButtons(ctx.t, oauth),
  };
}

/** After linking: three commands worth trying first, as clickable mentions. */
export function nextStepsEmbed(t: Translator): APIEmbed {
  return { title: t('account.nextStepsTitle'), description: t('account.nextSteps'), color: PANEL_COLOR };
}
