/**
 * Cover images for the cards, fetched over HTTP(S) with a size cap and a timeout. Nothing here
 * fails a card: a cover that cannot be had (bad address, refused, slow, too large, not an image)
 * is `undefined` and the card draws a placeholder. Covers are kept in a small cache by address,
 * since a week's most-watched works are much the same in every server.
 */
import { LRUCache } from 'lru-cache';
import { Agent, type Dispatcher, request } from 'undici';
import type { Logger } from '../logger.js';
import type { CanvasImage, CanvasModule } from './canvas.js';
import { publicConnector } from './public-address.js';

export interface CoverFetcherOptions {
  /** The largest cover read, in bytes (default 2 MiB); a larger one is abandoned while streaming. */
  maxBytes?: number;
  /** The whole request, redirects and body included (default 5 s). */
  timeoutMs?: number;
  /** Redirects followed (default 3). */
  maxRedirects?: number;
  /** Bytes of covers kept in memory (default 24 MiB). */
  cacheBytes?: number;
  /** Allow loopback and private addresses: only for tests against a local server. */
  allowPrivateNetwork?: boolean;
  logger?: Logger;
}

export const COVER_DEFAULTS = {
  maxBytes: 2 * 1024 * 1024,
  timeoutMs: 5_000,
  maxRedirects: 3,
  cacheBytes: 24 * 1024 * 1024,
} as const;

/** A failure is remembered for a while too, so a dead address is not asked again in every card. */
const FAILURE_TTL_MS = 10 * 60_000;
const SUCCESS_TTL_MS = 6 * 60 * 60_000;
const NO_COVER = Buffer.alloc(0);

export class CoverFetcher {
  private readonly agent: Agent;
  private readonly cache: LRUCache<string, Buffer>;
  private readonly inFlight = new Map<string, Promise<Buffer>>();
  private readonly settings: Required<Omit<CoverFetcherOptions, 'logger'>>;

  constructor(private readonly options: CoverFetcherOptions = {}) {
    this.settings = {
      maxBytes: options.maxBytes ?? COVER_DEFAULTS.maxBytes,
      timeoutMs: options.timeoutMs ?? COVER_DEFAULTS.timeoutMs,
      maxRedirects: options.maxRedirects ?? COVER_DEFAULTS.maxRedirects,
      cacheBytes: options.cacheBytes ?? COVER_DEFAULTS.cacheBytes,
      allowPrivateNetwork: options.allowPrivateNetwork ?? false,
    };
    this.agent = new Agent({
      connections: 4,
      ...(this.settings.allowPrivateNetwork ? {} : { connect: publicConnector() }),
    });
    this.cache = new LRUCache<string, Buffer>({
      maxSize: this.settings.cacheBytes,
      sizeCalculation: (bytes) => Math.max(1, bytes.length),
      ttl: SUCCESS_TTL_MS,
    });
  }

  /** The cover's bytes, or undefined (logged at debug with the reason and the host only). */
  async fetch(address: string | null | undefined): Promise<Buffer | undefined> {
    const url = parseCoverUrl(address);
    if (!url) return undefined;
    const key = url.href;
    let bytes = this.cache.get(key);
    if (!bytes) {
      let pending = this.inFlight.get(key);
      if (!pending) {
        pending = this.download(url).finally(() => this.inFlight.delete(key));
        this.inFlight.set(key, pending);
      }
      bytes = await pending;
    }
    return bytes.length > 0 ? bytes : undefined;
  }

  private async download(url: URL): Promise<Buffer> {
    try {
      const bytes = await this.read(url);
      this.cache.set(url.href, bytes);
      return bytes;
    } catch (error) {
      this.options.logger?.debug({ host: url.host, reason: String(error) }, 'cover not fetched');
      this.cache.set(url.href, NO_COVER, { ttl: FAILURE_TTL_MS });
      return NO_COVER;
    }
  }

  private async read(url: URL): Promise<Buffer> {
    const { maxBytes, timeoutMs } = this.settings;
    // Our own timer, cleared when done: a signal that fired after the read would abort a body no one reads.
    const abort = new AbortController();
    const timer = setTimeout(() => abort.abort(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs);
    try {
      const response = await request(url, {
        dispatcher: this.agent,
        method: 'GET',
        headers: { accept: 'image/avif,image/webp,image/png,image/jpeg,image/gif;q=0.8' },
        signal: abort.signal,
        maxRedirections: this.settings.maxRedirects,
      });
      const body = response.body;
      body.on('error', () => {});
      const declared = Number(response.headers['content-length']);
      if (response.statusCode !== 200 || declared > maxBytes) {
        body.destroy();
        throw new Error(
          response.statusCode !== 200 ? `status ${response.statusCode}` : `declared ${declared} bytes`,
        );
      }
      return await readCapped(body, maxBytes);
    } finally {
      clearTimeout(timer);
    }
  }

  async close(): Promise<void> {
    await this.agent.close();
  }
}

/** The body, abandoned as soon as it passes `maxBytes`. */
async function readCapped(body: Dispatcher.ResponseData['body'], maxBytes: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > maxBytes) {
      body.destroy();
      throw new Error(`more than ${maxBytes} bytes`);
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

/** An absolute http(s) URL with a host; anything else (data:, file:, relative, garbage) is no cover. */
export function parseCoverUrl(address: string | null | undefined): URL | undefined {
  if (typeof address !== 'string' || address.length > 4096) return undefined;
  try {
    const url = new URL(address.trim());
    return (url.protocol === 'https:' || url.protocol === 'http:') && url.hostname ? url : undefined;
  } catch {
    return undefined;
  }
}

/** The largest cover decoded, in pixels: a small file can hold a huge image (16 MB decoded here). */
const MAX_COVER_PIXELS = 4_000_000;

/**
 * The cover as an image to draw, or undefined when the bytes are not an image the library reads
 * or would decode to more than `maxPixels`. Only the header is read here; drawing decodes it.
 */
export function decodeCover(
  canvas: CanvasModule,
  bytes: Buffer | undefined,
  maxPixels = MAX_COVER_PIXELS,
): CanvasImage | undefined {
  if (!bytes || bytes.length === 0) return undefined;
  try {
    const image = new canvas.Image();
    image.src = bytes;
    const { width, height } = image;
    return width > 0 && height > 0 && width * height <= maxPixels ? image : undefined;
  } catch {
    return undefined;
  }
}
