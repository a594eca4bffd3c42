/** The top and bottom of every card: a small label, a large title, a subtitle, and kiroku's mark. */
import type { Translator } from '../i18n/translator.js';
import { type Pen, text } from './draw.js';
import { MARGIN, THEME } from './theme.js';

export function header(
  pen: Pen,
  lines: { eyebrow: string; title: string; subtitle: string; width: number },
): void {
  text(pen, lines.eyebrow, MARGIN, 88, lines.width, {
    size: 16,
    weight: 700,
    color: THEME.accent,
    tracking: 3,
  });
  text(pen, lines.title, MARGIN, 144, lines.width, { size: 46, weight: 800 });
  text(pen, lines.subtitle, MARGIN, 184, lines.width, { size: 21, color: THEME.secondary });
}

export function brandFooter(pen: Pen, t: Translator, size: { width: number; height: number }): void {
  const { ctx } = pen;
  const y = size.height - 30;
  const dot = ctx.createLinearGradient(MARGIN, 0, MARGIN + 14, 0);
  dot.addColorStop(0, THEME.accent);
  dot.addColorStop(1, THEME.accentTo);
  ctx.beginPath();
  ctx.arc(MARGIN + 7, y - 6, 7, 0, Math.PI * 2);
  ctx.fillStyle = dot;
  ctx.fill();
  text(pen, t('picture.footer'), MARGIN + 24, y, size.width - 2 * MARGIN - 24, {
    size: 16,
    color: THEME.muted,
  });
}
