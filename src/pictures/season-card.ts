/**
 * A person's season card, drawn: episodes recorded, works finished, completion, and their
 * top-rated works of the season with covers.
 */
import { formatNumber, type Translator } from '../i18n/translator.js';
import { localTitle } from '../render/names.js';
import type { CanvasImage } from './canvas.js';
import { coverPanel, coverPanelHeight } from './cover-row.js';
import { background, bar, type Pen, panel, text } from './draw.js';
import { brandFooter, header } from './header.js';
import type { SeasonCard } from './model.js';
import { MARGIN, PANEL_PADDING, THEME } from './theme.js';

const WIDTH = 1200;
const INNER = WIDTH - 2 * MARGIN;
const SEASON_TOP_RATED = 5;
const STATS_Y = 222;
const RATED_Y = STATS_Y + 150 + 24;
const RATED_HEIGHT = coverPanelHeight(INNER, SEASON_TOP_RATED);
export const SEASON_SIZE = { width: WIDTH, height: RATED_Y + RATED_HEIGHT + 64 } as const;

/** `Autumn 2026` / `2026年秋`. */
export function seasonLabel(season: SeasonCard['season'], t: Translator): string {
  return t('season.name', { year: String(season.year), season: t(`season.${season.name}`) });
}

/** Finished works as a whole percentage of the works watched (0 when none were). */
export function completionPercent(works: SeasonCard['works']): number {
  if (works.watched <= 0) return 0;
  return Math.round((100 * Math.min(works.finished, works.watched)) / works.watched);
}

function tile(pen: Pen, box: { x: number; y: number; width: number }, label: string, value: string): void {
  panel(pen, box.x, box.y, box.width, 150);
  const inner = box.width - 2 * PANEL_PADDING;
  text(pen, label, box.x + PANEL_PADDING, box.y + 46, inner, { size: 18, color: THEME.secondary });
  text(pen, value, box.x + PANEL_PADDING, box.y + 114, inner, { size: 58, weight: 800 });
}

function stats(pen: Pen, card: SeasonCard, t: Translator, y: number): void {
  const gap = 24;
  const width = (INNER - 2 * gap) / 3;
  tile(pen, { x: MARGIN, y, width }, t('picture.season.episodes'), formatNumber(t.locale, card.episodes));
  tile(
    pen,
    { x: MARGIN + width + gap, y, width },
    t('picture.season.finished'),
    formatNumber(t.locale, card.works.finished),
  );
  const x = MARGIN + 2 * (width + gap);
  const percent = completionPercent(card.works);
  tile(pen, { x, y, width }, t('picture.season.completion'), `${percent}%`);
  const inner = width - 2 * PANEL_PADDING;
  const of = t('picture.season.completionOf', {
    finished: formatNumber(t.locale, Math.min(card.works.finished, card.works.watched)),
    watched: formatNumber(t.locale, card.works.watched),
  });
  text(pen, of, x + width - PANEL_PADDING, y + 46, inner / 2 + 20, {
    size: 16,
    color: THEME.muted,
    align: 'right',
  });
  bar(pen, x + PANEL_PADDING, y + 128, { width: inner, height: 10, filled: percent / 100 }, [
    THEME.accent,
    THEME.accentTo,
  ]);
}

function topRated(
  pen: Pen,
  card: SeasonCard,
  t: Translator,
  covers: ReadonlyMap<string, CanvasImage>,
  y: number,
): void {
  const tiles = card.topRated.slice(0, SEASON_TOP_RATED).map((work) => ({
    title: localTitle({ title: work.title, title_en: work.titleEn }, t),
    image: covers.get(work.coverUrl ?? ''),
    badge: { label: t(`rating.${work.rating}`), fill: THEME.ratings[work.rating], color: '#14162a' },
  }));
  const texts = { heading: t('picture.season.topRated'), empty: t('picture.season.noTopRated') };
  coverPanel(pen, texts, tiles, {
    x: MARGIN,
    y,
    width: INNER,
    height: RATED_HEIGHT,
    slots: SEASON_TOP_RATED,
  });
}

/** Draws the card on a fresh canvas of SEASON_SIZE. */
export function drawSeasonCard(
  pen: Pen,
  card: SeasonCard,
  t: Translator,
  covers: ReadonlyMap<string, CanvasImage>,
): void {
  background(pen, SEASON_SIZE.width, SEASON_SIZE.height);
  header(pen, {
    eyebrow: t('picture.season.eyebrow'),
    title: card.user.name,
    subtitle: seasonLabel(card.season, t),
    width: INNER,
  });
  stats(pen, card, t, STATS_Y);
  topRated(pen, card, t, covers, RATED_Y);
  brandFooter(pen, t, SEASON_SIZE);
}
