/**
 * The drawing library, @napi-rs/canvas (Skia), loaded on the first picture rather than at start:
 * a process that never draws does not map its 35 MB native library, and a host where the prebuilt
 * binary is missing still starts, its pictures falling back to their text alternative.
 */
import type * as Canvas from '@napi-rs/canvas';

export type CanvasModule = typeof Canvas;
export type DrawingContext = Canvas.SKRSContext2D;
export type CanvasImage = Canvas.Image;

let loading: Promise<CanvasModule> | undefined;

/** The library, loaded once; rejects (every time, with the same error) when it cannot be loaded. */
export function loadCanvas(): Promise<CanvasModule> {
  loading ??= import('@napi-rs/canvas');
  return loading;
}
