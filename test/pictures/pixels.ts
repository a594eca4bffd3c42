/** Comparing rendered pictures pixel by pixel, for the reference-image tests. */
import { createCanvas, Image } from '@napi-rs/canvas';

function pixels(png: Buffer): { width: number; height: number; data: Uint8ClampedArray } {
  const image = new Image();
  image.src = png;
  const surface = createCanvas(image.width, image.height);
  const ctx = surface.getContext('2d');
  ctx.drawImage(image, 0, 0);
  return {
    width: image.width,
    height: image.height,
    data: ctx.getImageData(0, 0, image.width, image.height).data,
  };
}

/**
 * The share of pixels (0 to 1) whose colour differs by more than `threshold` in any channel: a
 * little anti-aliasing drift between Skia builds stays far below a missing glyph's share.
 */
export function differingShare(actual: Buffer, expected: Buffer, threshold = 64): number {
  const a = pixels(actual);
  const b = pixels(expected);
  if (a.width !== b.width || a.height !== b.height) return 1;
  let differing = 0;
  for (let i = 0; i < a.data.length; i += 4) {
    for (let channel = 0; channel < 4; channel++) {
      if (Math.abs((a.data[i + channel] ?? 0) - (b.data[i + channel] ?? 0)) > threshold) {
        differing++;
        break;
      }
    }
  }
  return differing / (a.width * a.height);
}

/** Width and height from a PNG's header. */
export function pngSize(png: Buffer): { width: number; height: number } {
  if (png.subarray(0, 8).toString('hex') !== '89504e470d0a1a0a') throw new Error('not a PNG');
  return { width: png.readUInt32BE(16), height: png.readUInt32BE(20) };
}
