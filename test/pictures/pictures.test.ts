/**
 * The two pictures from plain data, covers served by a loopback stub: their size, their text
 * alternative in both languages, what is left out, and the text alone when drawing fails.
 * UPDATE_DOC_IMAGES=1 also writes them to docs/images/ (the pictures docs/usage.md shows).
 */
import { writeFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTranslator } from '#src/i18n/translator.js';
import {
  ALT_MAX,
  BUNDLED_FONTS,
  CoverFetcher,
  type FontSource,
  renderSeasonCard,
  renderWeeklySummary,
  SEASON_SIZE,
  seasonCardPicture,
  TEXT_MAX,
  WEEKLY_SIZE,
  weeklySummaryPicture,
} from '#src/pictures/index.js';
import { captureLogger } from '../support/log-capture.js';
import { sendText, useStub } from '../support/stub-server.js';
import { coverArt } from './cover-art.js';
import { pngSize } from './pixels.js';
import { COVER_PATHS, sampleSeason, sampleWeek } from './samples.js';

const stub = useStub();
let covers: CoverFetcher;
const arts = new Map<string, Buffer>();

beforeAll(async () => {
  for (const [index, path] of COVER_PATHS.entries()) arts.set(path, await coverArt(index));
  stub.handle((request, response) => {
    const art = arts.get(request.url.pathname);
    if (request.url.pathname === '/covers/4.png') return; // hangs: the card must not wait for it
    if (!art) return sendText(response, 404, 'no such cover');
    response.writeHead(200, { 'content-type': 'image/png', 'content-length': art.length });
    response.end(art);
  });
  covers = new CoverFetcher({ allowPrivateNetwork: true, timeoutMs: 1_000 });
});
afterAll(() => covers.close());

const docImage = (name: string, png: Buffer) => {
  if (process.env.UPDATE_DOC_IMAGES === '1')
    writeFileSync(new URL(`../../docs/images/${name}`, import.meta.url), png);
};

describe.each(['en', 'ja'] as const)('in %s', (locale) => {
  const t = createTranslator(locale);

  it('draws the weekly summary at its size, with its text alternative', async () => {
    const picture = await renderWeeklySummary(sampleWeek(stub.url), t, { covers });
    docImage(`weekly-summary-${locale}.png`, picture.png);
    expect(pngSize(picture.png)).toEqual(WEEKLY_SIZE);
    expect(picture.fileName).toBe('weekly-summary.png');
    expect(picture.alt.length).toBeGreaterThan(0);
    expect(picture.alt.length).toBeLessThanOrEqual(ALT_MAX);
    expect(picture.text.length).toBeLessThanOrEqual(TEXT_MAX);
    expect(picture.alt).toContain('mika');
    expect(picture.alt).toContain('薬屋のひとりごと');
    expect(picture.alt).toContain(
      locale === 'ja' ? 'ken 2話、ほかのメンバー27話' : 'ken 2, everyone else 27',
    );
    expect(picture.text).toMatch(locale === 'ja' ? /2026\/11\/16～2026\/11\/22/u : /Nov 16\s–\s22, 2026/u);
  });

  it('draws the season card at its size, with its text alternative', async () => {
    const picture = await renderSeasonCard(sampleSeason(stub.url), t, { covers });
    docImage(`season-card-${locale}.png`, picture.png);
    expect(pngSize(picture.png)).toEqual(SEASON_SIZE);
    expect(picture.alt).toContain(locale === 'ja' ? '2026年秋' : 'Fall 2026');
    expect(picture.alt).toContain(locale === 'ja' ? '完走率58%' : '(58%)');
    expect(picture.alt).toContain(
      locale === 'ja' ? 'ぼっち・ざ・ろっく！（普通）' : 'ぼっち・ざ・ろっく！ (Average)',
    );
  });
});

describe('what the text alternative says', () => {
  const t = createTranslator('en');

  it('names only the members listed as sharing; everyone else is a total', async () => {
    const week = { ...sampleWeek(stub.url), sharers: [{ name: 'mika', episodes: 31 }] };
    const picture = await renderWeeklySummary(week, t, { covers });
    expect(picture.alt).toContain('Who watched: mika 31, everyone else 97.');
    expect(picture.alt).not.toContain('たろう');
  });

  it('escapes Markdown in the message text but not in the attachment description', async () => {
    const week = { ...sampleWeek(stub.url), server: { name: '**Bold** club' } };
    const picture = await renderWeeklySummary(week, t, { covers });
    expect(picture.alt).toContain('**Bold** club');
    expect(picture.text).toContain('\\*\\*Bold\\*\\* club');
  });

  it('leaves out malformed entries and keeps the rest', async () => {
    const week = sampleWeek(stub.url);
    const broken = {
      ...week,
      sharers: [
        { name: '', episodes: 3 },
        { name: 'ok', episodes: -1 },
        { name: 'kept', episodes: 4 },
      ],
      topWorks: [{ title: '   ', episodes: 1, members: 1 }, ...week.topWorks.slice(0, 1)],
    } as unknown as typeof week;
    const picture = await renderWeeklySummary(broken, t, { covers });
    expect(picture.alt).toContain('Who watched: kept 4');
    expect(picture.alt).toContain('Most watched: Frieren: Beyond Journey’s End (23 episodes, 6 members).');
  });

  it('fits an essay of a server name and a thousand members into the limits', async () => {
    const week = {
      ...sampleWeek(stub.url),
      server: { name: '名前'.repeat(600) },
      sharers: Array.from({ length: 1000 }, (_, i) => ({
        name: `member${i}👨‍👩‍👧‍👦`.repeat(4),
        episodes: 1,
      })),
    };
    const picture = await renderWeeklySummary(week, t, { covers });
    expect(picture.alt.length).toBeLessThanOrEqual(ALT_MAX);
    expect(picture.text.length).toBeLessThanOrEqual(TEXT_MAX);
    expect(picture.text.endsWith('…')).toBe(true);
  });
});

describe('when drawing fails', () => {
  const missing: FontSource = {
    family: 'Gone Sans',
    packageName: '@fontsource/kiroku-font-that-is-not-installed',
    file: (subset) => `gone-${subset}.woff2`,
  };

  it('returns the text alternative alone and logs why', async () => {
    const log = captureLogger();
    const t = createTranslator('ja');
    const outcome = await weeklySummaryPicture(sampleWeek(stub.url), t, {
      covers,
      logger: log.logger,
      fonts: [missing, ...BUNDLED_FONTS],
    });
    expect(outcome.kind).toBe('text');
    if (outcome.kind !== 'text') return;
    expect(outcome.reason).toContain('FontUnavailableError');
    expect(outcome.text).toContain('アニメ同好会');
    expect(outcome.alt.length).toBeGreaterThan(0);
    expect(log.records()).toContainEqual(
      expect.objectContaining({ level: 40, picture: 'weekly-summary', reason: outcome.reason }),
    );
  });

  it('returns the picture when it can be drawn', async () => {
    const log = captureLogger();
    const outcome = await seasonCardPicture(sampleSeason(stub.url), createTranslator('en'), {
      covers,
      logger: log.logger,
    });
    expect(outcome.kind).toBe('image');
    expect(log.lines()).toEqual([]);
  });
});
