/**
 * Drawing primitives for the cards: the background, panels, text that fits (cut or wrapped, in its
 * own direction), bars, and covers as rounded thumbnails with a placeholder when there is none.
 */
import { graphemes } from '../render/fit.js';
import type { CanvasImage, DrawingContext } from './canvas.js';
import type { FontBook } from './fonts.js';
import { directionOf, ellipsize, type Measure, wrap } from './text-layout.js';
import { COVER_RADIUS, PANEL_PADDING, PANEL_RADIUS, THEME } from './theme.js';

export interface Pen {
  ctx: DrawingContext;
  fonts: FontBook;
}

interface TextStyle {
  size: number;
  weight?: number;
  color?: string;
  align?: 'left' | 'right' | 'center';
  /** Letter spacing in pixels (small capitals labels). */
  tracking?: number;
}

function applyStyle({ ctx, fonts }: Pen, style: TextStyle): void {
  ctx.font = fonts.font(style.size, style.weight);
  ctx.fillStyle = style.color ?? THEME.text;
  ctx.textAlign = style.align ?? 'left';
  ctx.textBaseline = 'alphabetic';
  ctx.letterSpacing = `${style.tracking ?? 0}px`;
}

/** The width of texts in the pen's current font, fonts registered as the texts need them. */
function measurer({ ctx, fonts }: Pen): Measure {
  return (text) => {
    fonts.cover(text);
    return ctx.measureText(text).width;
  };
}

function drawLine(pen: Pen, line: string, x: number, y: number): void {
  pen.fonts.cover(line);
  pen.ctx.direction = directionOf(line);
  pen.ctx.fillText(line, x, y);
}

/** One line at baseline `y`, cut with an ellipsis to `maxWidth`; returns the drawn width. */
export function text(
  pen: Pen,
  value: string,
  x: number,
  y: number,
  maxWidth: number,
  style: TextStyle,
): number {
  applyStyle(pen, style);
  const measure = measurer(pen);
  const line = ellipsize(measure, value, maxWidth);
  drawLine(pen, line, x, y);
  return measure(line);
}

/** Up to `maxLines` wrapped lines from baseline `y`; returns the number of lines drawn. */
export function paragraph(
  pen: Pen,
  value: string,
  x: number,
  y: number,
  box: { maxWidth: number; maxLines: number; lineHeight: number },
  style: TextStyle,
): number {
  applyStyle(pen, style);
  const lines = wrap(measurer(pen), value, box.maxWidth, box.maxLines);
  lines.forEach((line, index) => {
    drawLine(pen, line, x, y + index * box.lineHeight);
  });
  return lines.length;
}

/**
 * A flat background with a band of the accent along the top. Flat on purpose: a full-card gradient
 * is dithered into noise that PNG cannot compress (a 1200 × 1200 card took 0.5 MB and 250 ms more).
 */
export function background({ ctx }: Pen, width: number, height: number): void {
  ctx.fillStyle = THEME.background;
  ctx.fillRect(0, 0, width, height);
  const band = ctx.createLinearGradient(0, 0, width, 0);
  band.addColorStop(0, THEME.accent);
  band.addColorStop(1, THEME.accentTo);
  ctx.fillStyle = band;
  ctx.fillRect(0, 0, width, 6);
}

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** A panel with its heading; returns where its content starts (`left`) and how wide it is (`inner`). */
export function titledPanel(pen: Pen, heading: string, box: Box): { left: number; inner: number } {
  panel(pen, box.x, box.y, box.width, box.height);
  const left = box.x + PANEL_PADDING;
  const inner = box.width - 2 * PANEL_PADDING;
  text(pen, heading, left, box.y + 50, inner, { size: 22, weight: 700 });
  return { left, inner };
}

export function panel({ ctx }: Pen, x: number, y: number, width: number, height: number): void {
  ctx.beginPath();
  ctx.roundRect(x, y, width, height, PANEL_RADIUS);
  ctx.fillStyle = THEME.panel;
  ctx.fill();
  ctx.lineWidth = 1;
  ctx.strokeStyle = THEME.panelBorder;
  ctx.stroke();
}

/** A rounded bar; a value of 0 still shows its track. */
export function bar(
  { ctx }: Pen,
  x: number,
  y: number,
  size: { width: number; height: number; filled: number },
  color: string | [string, string],
): void {
  const radius = Math.min(size.height, size.width) / 2;
  ctx.beginPath();
  ctx.roundRect(x, y, size.width, size.height, radius);
  ctx.fillStyle = THEME.track;
  ctx.fill();
  if (size.filled <= 0) return;
  const width = Math.max(size.height, size.width * Math.min(1, size.filled));
  const fill = typeof color === 'string' ? color : ctx.createLinearGradient(x, 0, x + width, 0);
  if (typeof fill !== 'string') {
    fill.addColorStop(0, color[0]);
    fill.addColorStop(1, color[1]);
  }
  ctx.beginPath();
  ctx.roundRect(x, y, width, size.height, radius);
  ctx.fillStyle = fill;
  ctx.fill();
}

/** A hue of its own for each title, so placeholders in a row do not all look alike. */
function hueOf(title: string): number {
  let hash = 0;
  for (const character of title) hash = (hash * 31 + (character.codePointAt(0) ?? 0)) % 360;
  return hash;
}

function placeholder(pen: Pen, title: string, x: number, y: number, width: number, height: number): void {
  const { ctx } = pen;
  const hue = hueOf(title);
  const fill = ctx.createLinearGradient(x, y, x + width, y + height);
  fill.addColorStop(0, `hsl(${hue}, 45%, 34%)`);
  fill.addColorStop(1, `hsl(${(hue + 50) % 360}, 50%, 18%)`);
  ctx.fillStyle = fill;
  ctx.fillRect(x, y, width, height);
  const initial = graphemes(title.trim())[0] ?? '?';
  text(pen, initial, x + width / 2, y + height / 2 + width * 0.16, width, {
    size: Math.round(width * 0.42),
    weight: 700,
    color: 'rgba(255, 255, 255, 0.55)',
    align: 'center',
  });
}

/** A cover, cropped to fill its box, with rounded corners and a soft shadow; a placeholder without one. */
export function cover(
  pen: Pen,
  image: CanvasImage | undefined,
  title: string,
  box: { x: number; y: number; width: number; height: number },
): void {
  const { ctx } = pen;
  const { x, y, width, height } = box;
  ctx.save();
  ctx.shadowColor = THEME.shadow;
  ctx.shadowBlur = 18;
  ctx.shadowOffsetY = 8;
  ctx.beginPath();
  ctx.roundRect(x, y, width, height, COVER_RADIUS);
  ctx.fillStyle = THEME.background;
  ctx.fill();
  ctx.restore();
  ctx.save();
  ctx.beginPath();
  ctx.roundRect(x, y, width, height, COVER_RADIUS);
  ctx.clip();
  if (!(image && drawCropped(ctx, image, box))) placeholder(pen, title, x, y, width, height);
  ctx.restore();
}

/** Draws the image cropped to fill the box; false when it cannot be decoded after all. */
function drawCropped(
  ctx: DrawingContext,
  image: CanvasImage,
  { x, y, width, height }: { x: number; y: number; width: number; height: number },
): boolean {
  try {
    const scale = Math.max(width / image.width, height / image.height);
    const sourceWidth = width / scale;
    const sourceHeight = height / scale;
    const sx = (image.width - sourceWidth) / 2;
    const sy = (image.height - sourceHeight) / 2;
    ctx.drawImage(image, sx, sy, sourceWidth, sourceHeight, x, y, width, height);
    return true;
  } catch {
    return false;
  }
}

/** The width `pill` will take for a label. */
export function pillWidth(pen: Pen, label: string, size: number): number {
  applyStyle(pen, { size, weight: 700 });
  return measurer(pen)(label) + size * 1.3;
}

/** A small filled pill with centred text (a rank or a rating); returns its width. */
export function pill(
  pen: Pen,
  label: string,
  x: number,
  y: number,
  style: { size: number; fill: string; color: string },
): number {
  const { ctx } = pen;
  const width = pillWidth(pen, label, style.size);
  const height = style.size * 1.7;
  ctx.beginPath();
  ctx.roundRect(x, y, width, height, height / 2);
  ctx.fillStyle = style.fill;
  ctx.fill();
  text(pen, label, x + width / 2, y + height * 0.7, width, {
    size: style.size,
    weight: 700,
    color: style.color,
    align: 'center',
  });
  return width;
}
