/**
 * `/me card:season season:<2026-autumn>`: the person's season card, privately, with a **Share in
 * channel** button that posts the same card for everyone in the channel (only its owner may press it).
 * The card is drawn again for the share, from the same requests, so nothing is kept between the two.
 */
import { ButtonStyle, ComponentType, PermissionFlagsBits } from 'discord-api-types/v10';
import { z } from 'zod';
import { grants } from '#src/bot/channel-access.js';
import type { ComponentHandler, ComponentInput, MessageReply } from '#src/bot/command.js';
import type { Context } from '#src/bot/context.js';
import { stringOption } from '#src/bot/definition.js';
import { UserFacingError } from '#src/bot/user-facing-error.js';
import { customIds } from '#src/components/custom-id.js';
import { currentSeason, seasonChoices } from '#src/lookups/seasons.js';
import { seasonCardPicture } from '#src/pictures/index.js';
import { linkPanel } from '../account/link-panel.js';
import { gatherSeasonCard, parseSeason, type Season, seasonValue } from './season-data.js';

export const meIds = customIds('me', {
  /** Share a season card: whose it is (only they may press) and which season. */
  share: ['ownerId', 'season'],
});

const CARD_KINDS = ['season'] as const;

export const cardOptions = () => [
  stringOption(
    'card',
    'カード',
    { en: 'Show a picture card instead of your profile', ja: 'プロフィールの代わりに画像のカードを表示' },
    { choices: [{ value: 'season', name: { en: 'Season card', ja: 'シーズンカード' } }] },
  ),
  stringOption(
    'season',
    'シーズン',
    {
      en: 'Season of the card, such as 2024-autumn (default: this season)',
      ja: 'カードのシーズン（2024-autumnなど。既定は今のシーズン）',
    },
    { maxLength: 11, autocomplete: true },
  ),
];

export const cardQuery = z.object({
  card: z.enum(CARD_KINDS).optional(),
  season: z
    .string()
    .trim()
    .refine((value) => parseSeason(value) !== undefined, 'reason.oneSeason')
    .optional(),
});

/** Seasons offered for a card: single seasons only (`<year>-all` is a search filter). */
export function cardSeasonChoices(ctx: Pick<Context, 'now' | 't'>, typed: string) {
  return seasonChoices(ctx.now(), typed, ctx.t).filter((choice) => parseSeason(choice.value) !== undefined);
}

/** What kiroku needs where a card is shared. */
const SHARE_NEEDS =
  PermissionFlagsBits.ViewChannel | PermissionFlagsBits.SendMessages | PermissionFlagsBits.AttachFiles;

/** Where Discord did not say (it always does in servers today), the post itself is the check. */
function maySharePictures(permissions: string | undefined): boolean {
  return permissions === undefined || grants(permissions, SHARE_NEEDS);
}

/** The card drawn (or its text alone, logged, when drawing fails) as a message. */
async function cardMessage(ctx: Context, season: Season): Promise<MessageReply> {
  const call = await ctx.ownCall();
  const card = await gatherSeasonCard(ctx.service, call, season, {
    onTruncated: () =>
      ctx.logger.info({ season: seasonValue(season) }, 'season card read the newest records only'),
  });
  const picture = await seasonCardPicture(card, ctx.t, { covers: ctx.covers, logger: ctx.logger });
  return {
    kind: 'message',
    content: picture.text,
    files:
      picture.kind === 'image'
        ? [{ name: picture.fileName, data: picture.png, description: picture.alt }]
        : [],
  };
}

/** The private card, with its Share button; the link panel for someone not linked yet. */
export async function seasonCardReply(ctx: Context, seasonText: string | undefined): Promise<MessageReply> {
  if (!(await ctx.linkedAccount())) return linkPanel(ctx);
  const season = parseSeason(seasonText ?? currentSeason(ctx.now()));
  if (!season) throw new UserFacingError('error.expired');
  const message = await cardMessage(ctx, season);
  return {
    ...message,
    components: [
      {
        type: ComponentType.ActionRow,
        components: [
          {
            type: ComponentType.Button,
            style: ButtonStyle.Primary,
            label: ctx.t('picture.season.share'),
            custom_id: meIds.share.build(ctx.user.id, seasonValue(season)),
          },
        ],
      },
    ],
  };
}

/** Share: the same card, posted for the channel; refused to anyone but its owner, or where kiroku cannot post it. */
export const shareCard: ComponentHandler = {
  answers: 'public',
  async handle(ctx: Context, input: ComponentInput) {
    const { ownerId, season: value } = meIds.share.read(input.args);
    if (ownerId !== ctx.user.id) throw new UserFacingError('picture.season.notYours');
    if (ctx.guildId !== null && !maySharePictures(input.appPermissions))
      throw new UserFacingError('picture.season.cannotShare');
    const season = parseSeason(value);
    if (!season) throw new UserFacingError('error.expired');
    return cardMessage(ctx, season);
  },
};
