/**
 * The fonts pictures are drawn with, bundled from npm packages under the SIL Open Font License
 * (docs/architecture.md lists them). Fontsource splits each font into subsets by Unicode range, as
 * a browser loads them; kiroku does the same: a subset file is registered the first time a text
 * needs one of its characters, so a card in Latin and kana loads a few hundred kilobytes of font,
 * not all of Japanese.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { CanvasModule } from './canvas.js';

export interface FontSource {
  /** The family name the drawing code asks for. */
  family: string;
  /** The npm package that ships the files and their `unicode.json`. */
  packageName: string;
  /** The file name of one subset, from its key in `unicode.json` (`[12]`, `arabic`). */
  file(subset: string): string;
  /** Only these subsets (a family earlier in the list covers the rest); every subset when absent. */
  subsets?: readonly string[];
}

const bare = (subset: string) => subset.replace(/^\[|\]$/g, '');

/** Latin, kana and kanji: the variable font (every weight in one file per subset). */
export const NOTO_SANS_JP: FontSource = {
  family: 'Noto Sans JP',
  packageName: '@fontsource-variable/noto-sans-jp',
  file: (subset) => `noto-sans-jp-${bare(subset)}-wght-normal.woff2`,
};

const NOTO_SANS_ARABIC: FontSource = {
  family: 'Noto Sans Arabic',
  packageName: '@fontsource-variable/noto-sans-arabic',
  file: (subset) => `noto-sans-arabic-${subset}-wght-normal.woff2`,
  subsets: ['arabic'],
};

const NOTO_SANS_HEBREW: FontSource = {
  family: 'Noto Sans Hebrew',
  packageName: '@fontsource-variable/noto-sans-hebrew',
  file: (subset) => `noto-sans-hebrew-${subset}-wght-normal.woff2`,
  subsets: ['hebrew'],
};

/**
 * Last, so that digits, `#` and `*` (which it also covers, for keycaps) are drawn as text. Its
 * WOFF files, not WOFF2: Skia draws nothing from this font's WOFF2 subsets (checked with 1.1.1).
 */
export const NOTO_COLOR_EMOJI: FontSource = {
  family: 'Noto Color Emoji',
  packageName: '@fontsource/noto-color-emoji',
  file: (subset) => `noto-color-emoji-${bare(subset)}-400-normal.woff`,
};

export const BUNDLED_FONTS: readonly FontSource[] = [
  NOTO_SANS_JP,
  NOTO_SANS_ARABIC,
  NOTO_SANS_HEBREW,
  NOTO_COLOR_EMOJI,
];

/** A font file that could not be found or read: the picture cannot be drawn as it should. */
export class FontUnavailableError extends Error {
  override readonly name = 'FontUnavailableError';
}

const packageFiles = createRequire(import.meta.url);

/** Which subsets hold each code point, from the package's `unicode.json` (`U+3041-3096,U+30fc`). */
function readCoverage(source: FontSource): Map<number, string[]> {
  let ranges: Record<string, string>;
  try {
    ranges = JSON.parse(readFileSync(packageFiles.resolve(`${source.packageName}/unicode.json`), 'utf8'));
  } catch (error) {
    throw new FontUnavailableError(`${source.family}: ${source.packageName} cannot be read`, {
      cause: error,
    });
  }
  const coverage = new Map<number, string[]>();
  for (const [subset, list] of Object.entries(ranges)) {
    if (source.subsets && !source.subsets.includes(subset)) continue;
    for (const range of list.split(',')) {
      const [first = '', last = first] = range.trim().replace(/^U\+/i, '').split('-');
      const start = Number.parseInt(first, 16);
      const end = Number.parseInt(last, 16);
      for (let point = start; point <= end; point++) {
        const subsets = coverage.get(point);
        if (subsets) subsets.push(subset);
        else coverage.set(point, [subset]);
      }
    }
  }
  return coverage;
}

/** Each source's coverage, read once per process. */
const coverages = new Map<FontSource, Map<number, string[]>>();

function coverageOf(source: FontSource): Map<number, string[]> {
  let coverage = coverages.get(source);
  if (!coverage) {
    coverage = readCoverage(source);
    coverages.set(source, coverage);
  }
  return coverage;
}

/** Files registered in this process (the library's font registry is global to the process too). */
const registered = new Set<string>();

/**
 * A list of font families to draw with, registered as texts need them. Built without a family
 * (the tests leave the Japanese one out), text in its script falls to tofu: that is how a
 * missing font is caught.
 */
export class FontBook {
  /** The families in order, as a CSS list (`"Noto Sans JP", "Noto Color Emoji"`). */
  readonly families: string;
  private readonly seen = new Set<number>();

  constructor(
    private readonly canvas: CanvasModule,
    private readonly sources: readonly FontSource[] = BUNDLED_FONTS,
  ) {
    this.families = sources.map((source) => `"${source.family}"`).join(', ');
  }

  /** `700 24px "Noto Sans JP", …`: a canvas font shorthand over these families. */
  font(sizePx: number, weight = 400): string {
    return `${weight} ${sizePx}px ${this.families}`;
  }

  /** Registers the subset files that hold the text's characters, each once per process. */
  cover(text: string): void {
    for (const character of text) {
      const point = character.codePointAt(0) ?? 0;
      if (this.seen.has(point)) continue;
      for (const source of this.sources) {
        for (const subset of coverageOf(source).get(point) ?? []) this.register(source, subset);
      }
      this.seen.add(point);
    }
  }

  private register(source: FontSource, subset: string): void {
    const name = `${source.packageName}/files/${source.file(subset)}`;
    if (registered.has(name)) return;
    let path: string;
    try {
      path = packageFiles.resolve(name);
    } catch (error) {
      throw new FontUnavailableError(`${source.family}: ${name} is missing`, { cause: error });
    }
    if (!this.canvas.GlobalFonts.registerFromPath(path, source.family)) {
      throw new FontUnavailableError(`${source.family}: ${name} cannot be loaded`);
    }
    registered.add(name);
  }
}
