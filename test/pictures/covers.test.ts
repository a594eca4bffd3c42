import * as canvas from '@napi-rs/canvas';
import { afterAll, describe, expect, it } from 'vitest';
import { CoverFetcher, decodeCover, parseCoverUrl } from '#src/pictures/covers.js';
import { isPublicAddress } from '#src/pictures/public-address.js';
import { captureLogger } from '../support/log-capture.js';
import { sendText, useStub } from '../support/stub-server.js';
import { coverArt } from './cover-art.js';

const stub = useStub();
const fetchers: CoverFetcher[] = [];
function fetcher(options: ConstructorParameters<typeof CoverFetcher>[0] = {}): CoverFetcher {
  const created = new CoverFetcher({ allowPrivateNetwork: true, ...options });
  fetchers.push(created);
  return created;
}
afterAll(async () => {
  await Promise.all(fetchers.map((f) => f.close()));
});

function servePng(png: Buffer): void {
  stub.handle((_request, response) => {
    response.writeHead(200, { 'content-type': 'image/png', 'content-length': png.length });
    response.end(png);
  });
}

describe('CoverFetcher', () => {
  it('fetches a cover and keeps it: the second card asks nothing', async () => {
    const png = await coverArt(0);
    servePng(png);
    const covers = fetcher();
    expect(await covers.fetch(`${stub.url}/a.png`)).toEqual(png);
    expect(await covers.fetch(`${stub.url}/a.png`)).toEqual(png);
    expect(stub.requests).toHaveLength(1);
  });

  it('asks once for a cover several cards want at the same time', async () => {
    servePng(await coverArt(1));
    const covers = fetcher();
    const results = await Promise.all([1, 2, 3].map(() => covers.fetch(`${stub.url}/same.png`)));
    expect(results.every((bytes) => bytes && bytes.length > 0)).toBe(true);
    expect(stub.requests).toHaveLength(1);
  });

  it('refuses anything but http(s) without a request', async () => {
    const covers = fetcher();
    for (const address of [
      'file:///etc/passwd',
      'data:image/png;base64,AAAA',
      'javascript:alert(1)',
      '/relative.png',
      '',
      null,
      undefined,
    ]) {
      expect(await covers.fetch(address)).toBeUndefined();
    }
    expect(parseCoverUrl('ftp://example.com/a.png')).toBeUndefined();
    expect(parseCoverUrl('https://example.com/a.png')?.href).toBe('https://example.com/a.png');
    expect(stub.requests).toHaveLength(0);
  });

  it('abandons a cover declared larger than the cap', async () => {
    servePng(Buffer.alloc(5000, 1));
    expect(await fetcher({ maxBytes: 4000 }).fetch(`${stub.url}/declared.png`)).toBeUndefined();
  });

  it('abandons a cover that streams past the cap without declaring its length', async () => {
    let sent = 0;
    stub.handle((_request, response) => {
      response.writeHead(200, { 'content-type': 'image/png' });
      const timer = setInterval(() => {
        sent += 1000;
        if (sent > 50_000 || response.destroyed) {
          clearInterval(timer);
          response.end();
          return;
        }
        response.write(Buffer.alloc(1000, 2));
      }, 2);
    });
    expect(await fetcher({ maxBytes: 4000 }).fetch(`${stub.url}/stream.png`)).toBeUndefined();
    expect(sent).toBeLessThan(50_000);
  });

  it('gives up on a server that does not answer in time, and logs the host only', async () => {
    stub.handle(() => {
      // never answers
    });
    const log = captureLogger();
    const started = Date.now();
    const covers = fetcher({ timeoutMs: 300, logger: log.logger });
    expect(await covers.fetch(`${stub.url}/slow.png?token=secret`)).toBeUndefined();
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(log.text()).toContain('cover not fetched');
    expect(log.text()).not.toContain('secret');
  });

  it('treats an error status as no cover, and follows a redirect', async () => {
    stub.handle((request, response) => {
      if (request.url.pathname === '/moved.png') {
        response.writeHead(302, { location: '/final.png' });
        response.end();
      } else if (request.url.pathname === '/final.png') {
        sendText(response, 200, 'PNG-ish', 'image/png');
      } else {
        sendText(response, 404, 'not found');
      }
    });
    const covers = fetcher();
    expect(await covers.fetch(`${stub.url}/missing.png`)).toBeUndefined();
    expect((await covers.fetch(`${stub.url}/moved.png`))?.toString()).toBe('PNG-ish');
  });

  it('never reaches loopback or private addresses unless told to (tests only)', async () => {
    servePng(await coverArt(2));
    const covers = new CoverFetcher();
    fetchers.push(covers);
    expect(await covers.fetch(`${stub.url}/private.png`)).toBeUndefined();
    expect(await covers.fetch(`${stub.url.replace('127.0.0.1', 'localhost')}/private.png`)).toBeUndefined();
    expect(stub.requests).toHaveLength(0);
    for (const address of [
      '127.0.0.1',
      '10.1.2.3',
      '172.20.0.5',
      '192.168.1.1',
      '169.254.169.254',
      '::1',
      'fd00::1',
      '::ffff:127.0.0.1',
      '0.0.0.0',
    ]) {
      expect(isPublicAddress(address), address).toBe(false);
    }
    expect(isPublicAddress('93.184.215.14')).toBe(true);
    expect(isPublicAddress('2606:4700::1111')).toBe(true);
  });
});

describe('decodeCover', () => {
  it('reads an image, and leaves out what is not one or would decode too large', async () => {
    expect(decodeCover(canvas, await coverArt(3))?.width).toBe(300);
    expect(decodeCover(canvas, Buffer.from('<html>not an image</html>'))).toBeUndefined();
    expect(decodeCover(canvas, Buffer.alloc(0))).toBeUndefined();
    expect(decodeCover(canvas, undefined)).toBeUndefined();
    const huge = await canvas.createCanvas(3000, 3000).encode('png');
    expect(decodeCover(canvas, huge)).toBeUndefined();
  });
});
