import { defineCommand } from '../src/bot/command.js';
import { slashCommand } from '../src/bot/definition.js';
import { USER_FIELDS, userEmbed } from '../src/render/user.js';

export const command = defineCommand({
  definition: slashCommand('me', 'マイページ', {
    en: 'Your own viewing-record profile',
    ja: '自分の視聴記録のプロフィール',
  }),
  ephemeral: () => true,
  async execute(ctx) {
    const call = await ctx.ownCall();
    const me = await ctx.service.me({ fields: USER_FIELDS }, call);
    const embed = userEmbed(me, ctx.t, ctx.locale);
    return {
      kind: 'message',
      embeds: [{ ...embed, title: ctx.t('me.title', { username: me.username ?? String(me.id) }) }],
    };
  },
});
