import { defineCommand } from '../src/bot/command.js';
import { slashCommand } from '../src/bot/definition.js';

export const command = defineCommand({
  definition: slashCommand('help', 'ヘルプ', { en: 'What kiroku can do', ja: 'kiroku でできること' }),
  ephemeral: () => true,
  async execute(ctx) {
    const account = await ctx.linkedAccount();
    return {
      kind: 'message',
      ephemeral: true,
      embeds: [
        {
          title: ctx.t('help.title'),
          description: ctx.t('help.body'),
          fields: [
            {
              name: ctx.t('help.account'),
              value: account
                ? ctx.t('help.accountLinked', { username: account.serviceUsername })
                : ctx.t('help.accountUnlinked'),
            },
          ],
        },
      ],
    };
  },
});
