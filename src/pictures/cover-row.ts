/** A row of covers with their rank, an optional badge, the title in two lines and a caption. */
import type { CanvasImage } from './canvas.js';
import { type Box, cover, type Pen, paragraph, pill, text, titledPanel } from './draw.js';
import { PANEL_PADDING, THEME } from './theme.js';

interface CoverTile {
  title: string;
  image: CanvasImage | undefined;
  /** Drawn on the cover's foot (a rating), coloured. */
  badge?: { label: string; fill: string; color: string };
  caption?: string;
}

const GAP = 28;
/** Height of a cover for its width. */
const ASPECT = 1.36;

/** Draws up to `slots` tiles across `box.width`, from `box.y`; they take `rowHeight` of it. */
function coverRow(
  pen: Pen,
  tiles: readonly CoverTile[],
  box: { x: number; y: number; width: number; slots: number },
): void {
  const slot = (box.width + GAP) / box.slots;
  const width = Math.floor(slot - GAP);
  const height = Math.round(width * ASPECT);
  tiles.slice(0, box.slots).forEach((tile, index) => {
    const x = box.x + index * slot;
    cover(pen, tile.image, tile.title, { x, y: box.y, width, height });
    pill(pen, String(index + 1), x + 10, box.y + 10, {
      size: 15,
      fill: 'rgba(12, 14, 24, 0.78)',
      color: THEME.text,
    });
    if (tile.badge) pill(pen, tile.badge.label, x + 10, box.y + height - 40, { size: 15, ...tile.badge });
    const below = box.y + height + 34;
    const lines = paragraph(
      pen,
      tile.title,
      x,
      below,
      { maxWidth: width, maxLines: 2, lineHeight: 24 },
      { size: 18, weight: 700 },
    );
    if (tile.caption)
      text(pen, tile.caption, x, below + lines * 24 + 4, width, { size: 15, color: THEME.secondary });
  });
}

/** The height of a cover panel of `width`: heading, covers, two lines of title, a caption, padding. */
export function coverPanelHeight(width: number, slots: number): number {
  const inner = width - 2 * PANEL_PADDING;
  return 80 + Math.round(((inner + GAP) / slots - GAP) * ASPECT) + 34 + 2 * 24 + 4 + 30;
}

/** A panel with its heading and a row of covers, or a line saying there are none. */
export function coverPanel(
  pen: Pen,
  texts: { heading: string; empty: string },
  tiles: readonly CoverTile[],
  box: Box & { slots: number },
): void {
  const { left, inner } = titledPanel(pen, texts.heading, box);
  if (tiles.length === 0) {
    text(pen, texts.empty, left, box.y + 110, inner, { size: 19, color: THEME.secondary });
    return;
  }
  coverRow(pen, tiles, { x: left, y: box.y + 80, width: inner, slots: box.slots });
}
