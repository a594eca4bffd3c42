/**
 * The OAuth callback's pages in a real browser: Debian's headless Chromium, driven by puppeteer-core,
 * sized like a phone. A person who started /account link in Japanese approves at the service (the
 * emulator) and lands on the confirmation page: Japanese declared in <html lang>, nothing wider than
 * the screen, no console or CSP error; pressing the confirm button links the account, and the
 * result page says what to do next. CI installs chromium (.ci/run); elsewhere the test is skipped
 * with the reason.
 */
import { spawnSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import puppeteer, { type Browser, type Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTranslator } from '#src/i18n/translator.js';
import { DEMO_USERS } from '../fakes/emulator/seed.js';
import { type Stack, startStackOnHttp } from '../support/stack.js';

/** Debian's chromium (apt-get install chromium), found on PATH. */
function chromiumPath(): string | undefined {
  const found = spawnSync('sh', ['-c', 'command -v chromium'], { encoding: 'utf8' });
  return found.status === 0 ? found.stdout.trim() || undefined : undefined;
}

const CHROMIUM = chromiumPath();
const MISSING = 'chromium is not installed (apt-get install -y chromium): skipping the browser test';
const title = 'the OAuth pages in headless Chromium on a phone-sized screen';

/** Offline and quiet: no component updates, sync or background requests; a throwaway profile. */
const FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

const PHONE = { width: 360, height: 740, deviceScaleFactor: 2, isMobile: true, hasTouch: true };

/** What the page shows, read inside the browser (a string: this project's types have no DOM). */
const REPORT_SCRIPT = `({
  lang: document.documentElement.lang,
  viewport: document.querySelector('meta[name=viewport]')?.getAttribute('content') ?? null,
  heading: document.querySelector('h1')?.textContent ?? '',
  text: document.body.innerText,
  overflows: document.documentElement.scrollWidth > window.innerWidth,
  fontSize: Number.parseFloat(getComputedStyle(document.body).fontSize),
})`;

const pageReport = z.object({
  lang: z.string(),
  viewport: z.string().nullable(),
  heading: z.string(),
  text: z.string(),
  overflows: z.boolean(),
  fontSize: z.number(),
});

async function report(page: Page): Promise<z.infer<typeof pageReport>> {
  return pageReport.parse(await page.evaluate(REPORT_SCRIPT));
}

describe.skipIf(!CHROMIUM)(CHROMIUM ? title : `${title}: ${MISSING}`, () => {
  let stack: Stack;
  let base: string;
  let profile: string;
  let browser: Browser;
  const problems: string[] = [];

  beforeAll(async () => {
    ({ stack, base } = await startStackOnHttp());
    profile = await mkdtemp(path.join(tmpdir(), 'kiroku-chromium-'));
    browser = await puppeteer.launch({
      executablePath: CHROMIUM,
      headless: true,
      args: FLAGS,
      userDataDir: profile,
    });
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await stack?.close();
    if (profile) await rm(profile, { recursive: true, force: true });
  });

  /** A phone-sized tab that records every console message, page error and refused request. */
  async function phoneTab(acceptLanguage: string): Promise<Page> {
    const page = await browser.newPage();
    await page.setViewport(PHONE);
    await page.setExtraHTTPHeaders({ 'accept-language': acceptLanguage });
    page.on('console', (message) => {
      // Chrome reports a document's own 4xx status as an error; the expired page's 400 is meant.
      const ownStatus = message
        .text()
        .startsWith('Failed to load resource: the server responded with a status of');
      if (ownStatus && message.location().url === page.url()) return;
      problems.push(`console ${message.type()}: ${message.text()}`);
    });
    page.on('pageerror', (error) => problems.push(`page error: ${String(error)}`));
    page.on('requestfailed', (request) => problems.push(`request failed: ${request.url()}`));
    return page;
  }

  it('asks in the starter’s language, fits a phone, and links on the confirm button', async () => {
    const user = { id: '380000000000000001', username: 'phone_user', locale: 'ja' };
    const start = await (
      await stack.discord.slash({
        name: 'account',
        subcommand: 'link',
        options: { method: 'oauth' },
        user,
        locale: 'ja',
      })
    ).reply(15_000);
    const authorize = new URL(/"url":"([^"]+)"/.exec(JSON.stringify(start.components))?.[1] ?? '');
    // The emulator approves as the user named in ?user= and redirects to the callback.
    authorize.searchParams.set('user', DEMO_USERS.dave.username);

    // The browser's own language is English: the page still speaks the Japanese of the starter.
    const page = await phoneTab('en-US,en;q=0.9');
    const response = await page.goto(authorize.href, { waitUntil: 'load' });
    expect(response?.status()).toBe(200);
    expect(page.url()).toMatch(new RegExp(`^${base}/oauth/callback\\?`));
    const ja = createTranslator('ja');
    const asked = await report(page);
    expect(asked).toMatchObject({ lang: 'ja', heading: ja('oauthPage.confirmHeading'), overflows: false });
    expect(asked.viewport).toContain('width=device-width');
    expect(asked.fontSize).toBeGreaterThanOrEqual(16);
    expect(asked.text).toContain('phone_user');
    expect(asked.text).toContain(DEMO_USERS.dave.username);
    const button = await page.$('button[value=confirm]');
    const box = await button?.boundingBox();
    expect(box?.height).toBeGreaterThanOrEqual(44);
    expect((box?.x ?? -1) + (box?.width ?? Number.POSITIVE_INFINITY)).toBeLessThanOrEqual(PHONE.width);
    expect(await stack.kiroku.deps.vault.get(user.id)).toBeUndefined();

    const [linked] = await Promise.all([page.waitForNavigation({ waitUntil: 'load' }), button?.tap()]);
    expect(linked?.status()).toBe(200);
    const done = await report(page);
    expect(done).toMatchObject({ lang: 'ja', heading: ja('oauthPage.linkedHeading'), overflows: false });
    expect(done.text).toContain(ja('oauthPage.linkedNext'));
    expect((await stack.kiroku.deps.vault.get(user.id))?.serviceUsername).toBe(DEMO_USERS.dave.username);
    expect(problems).toEqual([]);
    await page.close();
  });

  it('answers an expired link in the browser’s language, with what to do next', async () => {
    const page = await phoneTab('en-GB,en;q=0.9,ja;q=0.5');
    const response = await page.goto(`${base}/oauth/callback?state=${'x'.repeat(24)}&code=abc`);
    expect(response?.status()).toBe(400);
    const en = createTranslator('en');
    const expired = await report(page);
    expect(expired).toMatchObject({ lang: 'en', heading: en('oauthPage.expiredHeading'), overflows: false });
    expect(expired.text).toContain(en('oauthPage.startAgain'));
    expect(problems).toEqual([]);
    await page.close();
  });
});
