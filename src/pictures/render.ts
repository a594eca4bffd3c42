/**
 * From data to a PNG: load the library, fetch and decode the covers, draw, encode. One card is
 * drawn at a time per process (covers are fetched outside that turn), so however many cards a
 * weekly run asks for, memory holds one canvas being drawn.
 */
import pLimit from 'p-limit';
import { type CanvasImage, type CanvasModule, loadCanvas } from './canvas.js';
import type { CoverFetcher } from './covers.js';
import { decodeCover } from './covers.js';
import type { Pen } from './draw.js';
import { BUNDLED_FONTS, FontBook, type FontSource } from './fonts.js';

interface CardSize {
  width: number;
  height: number;
}

export interface RenderDeps {
  covers: Pick<CoverFetcher, 'fetch'>;
  /** Font families to draw with, in order; the bundled ones by default (tests leave one out). */
  fonts?: readonly FontSource[];
}

const drawing = pLimit(1);
/** One book per list of fonts (a list the caller drops is forgotten with it). */
const books = new WeakMap<readonly FontSource[], FontBook>();

function fontBook(canvas: CanvasModule, sources: readonly FontSource[]): FontBook {
  let book = books.get(sources);
  if (!book) {
    book = new FontBook(canvas, sources);
    books.set(sources, book);
  }
  return book;
}

async function decodeAll(
  canvas: CanvasModule,
  covers: RenderDeps['covers'],
  urls: readonly (string | null | undefined)[],
): Promise<Map<string, CanvasImage>> {
  const images = new Map<string, CanvasImage>();
  const unique = [...new Set(urls.filter((url): url is string => typeof url === 'string' && url !== ''))];
  await Promise.all(
    unique.map(async (url) => {
      const image = decodeCover(canvas, await covers.fetch(url));
      if (image) images.set(url, image);
    }),
  );
  return images;
}

/** Draws a card of `size` with `draw`, its covers fetched from `coverUrls` first; throws when it cannot. */
export async function renderCard(
  size: CardSize,
  coverUrls: readonly (string | null | undefined)[],
  draw: (pen: Pen, covers: ReadonlyMap<string, CanvasImage>) => void,
  deps: RenderDeps,
): Promise<Buffer> {
  const canvas = await loadCanvas();
  const fonts = fontBook(canvas, deps.fonts ?? BUNDLED_FONTS);
  const covers = await decodeAll(canvas, deps.covers, coverUrls);
  return drawing(async () => {
    const surface = canvas.createCanvas(size.width, size.height);
    draw({ ctx: surface.getContext('2d'), fonts }, covers);
    return surface.encode('png');
  });
}
