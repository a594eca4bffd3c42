/**
 * The known string, drawn as the cards draw text, against a stored reference: Latin, kana, kanji
 * and emoji each come from the bundled fonts, so a missing font (tofu boxes or another font) fails.
 * Regenerate the reference after a deliberate change: UPDATE_REFERENCE_IMAGES=1 npx vitest run test/pictures/glyphs.test.ts
 */
import { readFileSync, writeFileSync } from 'node:fs';
import * as canvas from '@napi-rs/canvas';
import { describe, expect, it } from 'vitest';
import { type Pen, text } from '#src/pictures/draw.js';
import {
  BUNDLED_FONTS,
  FontBook,
  type FontSource,
  NOTO_COLOR_EMOJI,
  NOTO_SANS_JP,
} from '#src/pictures/fonts.js';
import { differingShare } from './pixels.js';

const KNOWN = 'Kiroku きろく カタカナ 記録 葬送 🎬✨';
const REFERENCE = new URL('../fixtures/pictures/known-text.png', import.meta.url);
/** Share of pixels allowed to differ: anti-aliasing drift only (a missing font changes 2% or more). */
const TOLERANCE = 0.003;

async function renderKnown(sources: readonly FontSource[]): Promise<Buffer> {
  const surface = canvas.createCanvas(720, 80);
  const ctx = surface.getContext('2d');
  ctx.fillStyle = '#12152a';
  ctx.fillRect(0, 0, 720, 80);
  const pen: Pen = { ctx, fonts: new FontBook(canvas, sources) };
  text(pen, KNOWN, 16, 54, 688, { size: 36, weight: 700 });
  return surface.encode('png');
}

describe('glyphs', () => {
  it('draws Latin, kana, kanji and emoji as the reference image shows them', async () => {
    const drawn = await renderKnown(BUNDLED_FONTS);
    if (process.env.UPDATE_REFERENCE_IMAGES === '1') writeFileSync(REFERENCE, drawn);
    expect(differingShare(drawn, readFileSync(REFERENCE))).toBeLessThanOrEqual(TOLERANCE);
  });

  it('fails the comparison when the Japanese font is missing (tofu)', async () => {
    const drawn = await renderKnown(BUNDLED_FONTS.filter((source) => source !== NOTO_SANS_JP));
    expect(differingShare(drawn, readFileSync(REFERENCE))).toBeGreaterThan(5 * TOLERANCE);
  });

  it('fails the comparison when the emoji font is missing', async () => {
    const drawn = await renderKnown(BUNDLED_FONTS.filter((source) => source !== NOTO_COLOR_EMOJI));
    expect(differingShare(drawn, readFileSync(REFERENCE))).toBeGreaterThan(5 * TOLERANCE);
  });
});
