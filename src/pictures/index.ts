/**
 * Pictures kiroku posts: the weekly server summary and a person's season card, as PNG images with
 * their text alternative. Plain data in, no Discord and no service calls; covers are fetched by a
 * CoverFetcher the caller keeps (one per process, for its cache).
 *
 * `weeklySummaryPicture` and `seasonCardPicture` never leave the caller with nothing: when drawing
 * fails (the library or a font missing, memory), they log why and return the text alone.
 */
import type { Translator } from '../i18n/translator.js';
import type { Logger } from '../logger.js';
import { type SeasonCard, seasonCardSchema, type WeeklySummary, weeklySummarySchema } from './model.js';
import { type RenderDeps, renderCard } from './render.js';
import { drawSeasonCard, SEASON_SIZE } from './season-card.js';
import { seasonCardText, type TextAlternative, weeklySummaryText } from './text-alternative.js';
import { drawWeeklySummary, WEEKLY_SIZE, weekRange } from './weekly-summary.js';

export { COVER_DEFAULTS, CoverFetcher, type CoverFetcherOptions } from './covers.js';
export { BUNDLED_FONTS, type FontSource, FontUnavailableError, NOTO_SANS_JP } from './fonts.js';
export type { SeasonCard, WeeklySummary } from './model.js';
export type { RenderDeps } from './render.js';
export { SEASON_SIZE } from './season-card.js';
export { ALT_MAX, TEXT_MAX, type TextAlternative } from './text-alternative.js';
export { WEEKLY_SIZE } from './weekly-summary.js';

interface Picture extends TextAlternative {
  png: Buffer;
  width: number;
  height: number;
  /** A file name for the attachment (`weekly-summary.png`). */
  fileName: string;
}

/** The picture, or (when it could not be drawn) its text alternative alone with the reason. */
export type PictureOutcome =
  | ({ kind: 'image' } & Picture)
  | ({ kind: 'text'; reason: string } & TextAlternative);

interface PictureDeps extends RenderDeps {
  logger: Logger;
}

/** The weekly summary as a PNG; throws when it cannot be drawn. Malformed entries are left out. */
export async function renderWeeklySummary(
  input: WeeklySummary,
  t: Translator,
  deps: RenderDeps,
): Promise<Picture> {
  const summary = weeklySummarySchema.parse(input);
  const range = weekRange(summary.week, t);
  const urls = summary.topWorks.map((work) => work.coverUrl);
  const png = await renderCard(
    WEEKLY_SIZE,
    urls,
    (pen, covers) => drawWeeklySummary(pen, summary, t, covers, range),
    deps,
  );
  return { png, ...WEEKLY_SIZE, fileName: 'weekly-summary.png', ...weeklySummaryText(summary, t) };
}

/** The season card as a PNG; throws when it cannot be drawn. Malformed entries are left out. */
export async function renderSeasonCard(input: SeasonCard, t: Translator, deps: RenderDeps): Promise<Picture> {
  const card = seasonCardSchema.parse(input);
  const urls = card.topRated.map((work) => work.coverUrl);
  const png = await renderCard(
    SEASON_SIZE,
    urls,
    (pen, covers) => drawSeasonCard(pen, card, t, covers),
    deps,
  );
  return { png, ...SEASON_SIZE, fileName: 'season-card.png', ...seasonCardText(card, t) };
}

async function pictureOrText(
  picture: string,
  render: () => Promise<Picture>,
  describe: () => TextAlternative,
  logger: Logger,
): Promise<PictureOutcome> {
  try {
    return { kind: 'image', ...(await render()) };
  } catch (error) {
    const reason = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
    logger.warn({ picture, reason }, 'picture not drawn; posting its text alternative alone');
    return { kind: 'text', reason, ...describe() };
  }
}

/** The weekly summary, or its text alone (logged) when it cannot be drawn. */
export function weeklySummaryPicture(
  input: WeeklySummary,
  t: Translator,
  deps: PictureDeps,
): Promise<PictureOutcome> {
  return pictureOrText(
    'weekly-summary',
    () => renderWeeklySummary(input, t, deps),
    () => weeklySummaryText(weeklySummarySchema.parse(input), t),
    deps.logger,
  );
}

/** The season card, or its text alone (logged) when it cannot be drawn. */
export function seasonCardPicture(
  input: SeasonCard,
  t: Translator,
  deps: PictureDeps,
): Promise<PictureOutcome> {
  return pictureOrText(
    'season-card',
    () => renderSeasonCard(input, t, deps),
    () => seasonCardText(seasonCardSchema.parse(input), t),
    deps.logger,
  );
}
