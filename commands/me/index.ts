/**
 * `/me`: your own profile; with `card` (or a `season`), your season card as a picture (me/card.ts).
 * Options rather than subcommands: a command with subcommands cannot be run bare, and `/me` is.
 */
import { defineCommand } from '#src/bot/command.js';
import { slashCommand } from '#src/bot/definition.js';
import { parseOptions } from '#src/bot/options.js';
import { USER_FIELDS, userEmbed } from '#src/render/user.js';
import { cardOptions, cardQuery, cardSeasonChoices, meIds, seasonCardReply, shareCard } from './card.js';

export const command = defineCommand({
  definition: slashCommand(
    'me',
    'マイページ',
    {
      en: 'Your own viewing-record profile, or your season card',
      ja: '自分の視聴記録のプロフィール、またはシーズンカード',
    },
    cardOptions(),
  ),
  ephemeral: () => true,
  async execute(ctx, input) {
    const query = parseOptions(cardQuery, input.options);
    // A season only means something on a card: naming one asks for the card.
    if (query.card === 'season' || query.season !== undefined) return seasonCardReply(ctx, query.season);
    const call = await ctx.ownCall();
    const me = await ctx.service.me({ fields: USER_FIELDS }, call);
    const embed = userEmbed(me, ctx.t, ctx.locale);
    return {
      kind: 'message',
      embeds: [{ ...embed, title: ctx.t('me.title', { username: me.username ?? String(me.id) }) }],
    };
  },
  async autocomplete(ctx, input) {
    return input.focused.name === 'season' ? cardSeasonChoices(ctx, input.focused.value) : [];
  },
  components: { share: shareCard },
  ids: meIds,
});
