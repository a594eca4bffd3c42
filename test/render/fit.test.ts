import { describe, expect, it } from 'vitest';
import { escapeUserText } from '#src/render/escape.js';
import { fitText, graphemes, isWellFormed, openMarkdownClosers } from '#src/render/fit.js';
import { fitLines, packPages } from '#src/render/fit-list.js';
import { lines, spoiler, truncate } from '#src/render/format.js';
import { embedUrl } from '#src/render/url.js';

/** Every grapheme of the result, bar the ellipsis, is a grapheme of the input. */
function keepsWholeGraphemes(input: string, output: string): boolean {
  const whole = new Set(graphemes(input));
  return graphemes(output).every((g) => g === '…' || whole.has(g) || /^[|*_~`]+$/.test(g));
}

describe('fitText', () => {
  it('returns text that fits unchanged', () => {
    expect(fitText('hello', 5)).toBe('hello');
  });

  it.each([
    ['emoji', '😭🔥'.repeat(200)],
    ['ZWJ family', '👨‍👩‍👧'.repeat(100)],
    ['flags', '🇯🇵🇺🇸'.repeat(100)],
    ['keycaps', '1️⃣#️⃣'.repeat(100)],
    ['combining marks', 'か\u3099'.repeat(300)],
    ['skin tones', '👍🏽'.repeat(150)],
  ])('never splits %s', (_name, text) => {
    for (const max of [1, 2, 3, 7, 100, 255, 256]) {
      const out = fitText(text, max);
      expect(out.length).toBeLessThanOrEqual(max);
      expect(isWellFormed(out)).toBe(true);
      expect(keepsWholeGraphemes(text, out)).toBe(true);
    }
  });

  it('puts the ellipsis inside the limit', () => {
    expect(fitText('abcdef', 4)).toBe('abc…');
  });

  it('closes a spoiler, bold and inline code it cuts through', () => {
    expect(fitText(`||${'a'.repeat(50)}||`, 20)).toBe(`||${'a'.repeat(15)}…||`);
    expect(fitText(`**${'b'.repeat(50)}**`, 20)).toMatch(/^\*\*b+…\*\*$/);
    expect(fitText(`\`${'c'.repeat(50)}\``, 20)).toMatch(/^`c+…`$/);
    expect(fitText(`**x ||${'d'.repeat(50)}||**`, 30)).toMatch(/…\|\|\*\*$/);
  });

  it('never cuts inside a mention, custom emoji, timestamp or masked link', () => {
    const tokens = [
      '<@123456789012345678>',
      '<:kiroku:123456789012345678>',
      '<t:1700000000:R>',
      '[a link](https://annict.com/works/1)',
    ];
    for (const token of tokens) {
      const text = `${'x'.repeat(10)} ${token} tail`;
      for (let max = 11; max < text.length; max++) {
        const out = fitText(text, max);
        expect(out.length).toBeLessThanOrEqual(max);
        // The token is either whole or absent.
        const partial = token.slice(0, 4);
        if (out.includes(partial)) expect(out).toContain(token);
      }
    }
  });

  it('replaces lone surrogates', () => {
    const out = fitText('a\uD83Db', 10);
    expect(isWellFormed(out)).toBe(true);
    expect(out).toBe('a\uFFFDb');
  });

  it('is what the old names do', () => {
    expect(truncate('😭'.repeat(10), 5)).toBe('😭😭…');
  });

  it('knows which markers are open', () => {
    expect(openMarkdownClosers('||a **b')).toBe('**||');
    expect(openMarkdownClosers('\\|\\| a')).toBe('');
    expect(openMarkdownClosers('`||`')).toBe('');
  });
});

describe('escaping what service users write', () => {
  it('keeps `x ||| secret` inside the spoiler', () => {
    const out = spoiler('x ||| secret');
    expect(out.startsWith('||')).toBe(true);
    expect(out.endsWith('||')).toBe(true);
    // Discord closes a spoiler at the first raw `||`: only the closing one may be there.
    expect(out.slice(2).indexOf('||')).toBe(out.length - 4);
  });

  it('forges no masked link, heading or code block', () => {
    const out = escapeUserText('||| [Free Nitro](https://evil.example)\n# Big\n```js\ncode```');
    expect(out).not.toMatch(/(^|[^\\])\[Free Nitro\]\(/);
    expect(out).not.toMatch(/^# /m);
    expect(out).not.toMatch(/(^|[^\\])```/);
  });

  it('ends a spoiler cleanly when the comment ends with a pipe', () => {
    const out = spoiler('a|');
    expect(out.slice(2, -2)).not.toContain('||');
    expect(out.slice(-3, -2)).not.toBe('|');
  });
});

describe('lists', () => {
  it('keeps every entry, shortening long ones to a fair share', () => {
    const entries = Array.from({ length: 10 }, (_, i) => `${i}: ${'😭'.repeat(i === 3 ? 1500 : 10)}`);
    const out = lines(entries);
    expect(out.length).toBeLessThanOrEqual(4096);
    for (let i = 0; i < 10; i++) expect(out).toContain(`${i}: `);
  });

  it('says how many are left out when there are too many to share', () => {
    const entries = Array.from({ length: 100 }, (_, i) => `${i} ${'x'.repeat(200)}`);
    const out = fitLines(entries, { limit: 4096, more: (n) => `…and ${n} more` });
    expect(out.length).toBeLessThanOrEqual(4096);
    const shown = out.split('\n').filter((line) => !line.startsWith('…and'));
    expect(out).toContain(`…and ${100 - shown.length} more`);
  });

  it('packs pages of whole entries', () => {
    const entries = Array.from({ length: 30 }, (_, i) => `${i} ${'y'.repeat(i * 40)}`);
    const pages = packPages(entries, 1000);
    expect(pages.flat()).toHaveLength(30);
    for (const page of pages) expect(page.join('\n').length).toBeLessThanOrEqual(1000);
  });
});

describe('embedUrl', () => {
  it.each([
    ['https://annict.com/a.png', 'https://annict.com/a.png'],
    ['http://annict.com/a.png', undefined],
    ['//annict.com/a.png', undefined],
    ['javascript:alert(1)', undefined],
    ['https://', undefined],
    ['', undefined],
    [null, undefined],
  ])('%s → %s', (input, expected) => {
    expect(embedUrl(input)).toBe(expected);
  });
});
