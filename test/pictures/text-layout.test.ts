import * as canvas from '@napi-rs/canvas';
import { createCanvas } from '@napi-rs/canvas';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FontBook } from '#src/pictures/fonts.js';
import { directionOf, ellipsize, type Measure, wrap } from '#src/pictures/text-layout.js';
import { graphemes, wellFormed } from '#src/render/fit.js';
import { messyText } from '../render/arbitraries.js';
import { PROPERTY_TEST_TIMEOUT_MS, runs } from '../render/property-runs.js';

/** Every grapheme is 1 wide, a wide (CJK, emoji) one 2: enough to check cuts without a font. */
const cells: Measure = (text) =>
  graphemes(text).reduce(
    (width, g) =>
      width +
      (/[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Extended_Pictographic}]/u.test(g) ? 2 : 1),
    0,
  );

const squash = (text: string) => text.replace(/\s+/gu, '');

describe('ellipsize', () => {
  it('keeps text that fits and cuts the rest by grapheme with an ellipsis', () => {
    expect(ellipsize(cells, 'Frieren', 10)).toBe('Frieren');
    expect(ellipsize(cells, 'Alexandria-Konstantinopolous', 10)).toBe('Alexandri…');
    expect(ellipsize(cells, '葬送のフリーレン', 9)).toBe('葬送のフ…');
    // A family emoji (seven code points) is kept whole or dropped whole.
    expect(ellipsize(cells, 'ab👨‍👩‍👧‍👦cd', 4)).toBe('ab…');
    expect(ellipsize(cells, 'ab👨‍👩‍👧‍👦cd', 5)).toBe('ab👨‍👩‍👧‍👦…');
  });

  it(
    'never exceeds the width nor splits a grapheme, for any text',
    () => {
      fc.assert(
        fc.property(messyText, fc.integer({ min: 1, max: 40 }), (text, width) => {
          const line = ellipsize(cells, text, width);
          expect(cells(line)).toBeLessThanOrEqual(width);
          const kept = line.endsWith('…') ? line.slice(0, -1) : line;
          // What is kept is the text's start, whole graphemes only.
          expect(squash(wellFormed(text)).startsWith(squash(kept))).toBe(true);
          const whole = graphemes(wellFormed(text).replace(/\s+/gu, ' ').trim());
          expect(graphemes(kept.trimEnd())).toEqual(whole.slice(0, graphemes(kept.trimEnd()).length));
        }),
        runs(300),
      );
    },
    PROPERTY_TEST_TIMEOUT_MS,
  );
});

describe('wrap', () => {
  it('breaks Latin between words and Japanese between words, punctuation kept on its line', () => {
    expect(wrap(cells, 'Frieren: Beyond Journey’s End', 16, 3)).toEqual(['Frieren: Beyond', 'Journey’s End']);
    for (const width of [6, 7, 8, 9, 10, 11, 12, 13]) {
      const lines = wrap(cells, '葬送のフリーレン、「第2期」。', width, 6);
      expect(lines.join('')).toBe('葬送のフリーレン、「第2期」。');
      for (const line of lines) expect(line).not.toMatch(/^[、。」]|「$/u);
    }
  });

  it('cuts the last line with an ellipsis when the lines run out', () => {
    expect(wrap(cells, 'one two three four five six', 9, 2)).toEqual(['one two', 'three fo…']);
  });

  it('splits a word wider than the line by grapheme', () => {
    expect(wrap(cells, 'Supercalifragilistic', 8, 3)).toEqual(['Supercal', 'ifragili', 'stic']);
  });

  it(
    'keeps every line within the width and the count, with no grapheme split, for any text',
    () => {
      fc.assert(
        fc.property(
          messyText,
          fc.integer({ min: 2, max: 30 }),
          fc.integer({ min: 1, max: 4 }),
          (text, width, max) => {
            const lines = wrap(cells, text, width, max);
            expect(lines.length).toBeLessThanOrEqual(max);
            for (const line of lines) {
              expect(cells(line)).toBeLessThanOrEqual(width);
              expect(line).toBe(line.trim());
            }
            if (!lines.some((line) => line.endsWith('…'))) {
              expect(squash(lines.join(''))).toBe(squash(wellFormed(text)));
            }
          },
        ),
        runs(300),
      );
    },
    PROPERTY_TEST_TIMEOUT_MS,
  );

  it('measures with the real fonts: a long Japanese title fits its width in two lines', () => {
    const fonts = new FontBook(canvas);
    const ctx = createCanvas(10, 10).getContext('2d');
    ctx.font = fonts.font(18, 700);
    const measure: Measure = (text) => {
      fonts.cover(text);
      return ctx.measureText(text).width;
    };
    const lines = wrap(measure, '魔法少女まどか☆マギカ 劇場版 [新編] 叛逆の物語 🌙', 182, 2);
    expect(lines).toHaveLength(2);
    expect(lines[1]?.endsWith('…')).toBe(true);
    for (const line of lines) expect(measure(line)).toBeLessThanOrEqual(182);
  });
});

describe('directionOf', () => {
  it('follows the first letter, as dir="auto" does', () => {
    expect(directionOf('سارة')).toBe('rtl');
    expect(directionOf('123 שלום world')).toBe('rtl');
    expect(directionOf('Title العنوان')).toBe('ltr');
    expect(directionOf('葬送のフリーレン')).toBe('ltr');
    expect(directionOf('🎬 ✨')).toBe('ltr');
  });
});
