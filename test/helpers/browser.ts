import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Browser, chromium, type Page } from 'playwright-core';
import { startTestApp, testDatabase, type TestApp } from './test-app';

/** Where the browser tests leave their screenshots (a CI artifact; not in git). */
export const SCREENSHOTS = join(__dirname, '..', '..', 'test-artifacts', 'screenshots');

/**
 * The Chromium the browser tests drive: CHROMIUM_PATH, which scripts/test.js sets to the one it
 * found (Debian's `chromium`, installed by .ci/run when missing), or Debian's path.
 */
export function chromiumPath(): string {
  const path = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  if (!existsSync(path))
    throw new Error(`no Chromium at ${path}: install Debian's chromium package or set CHROMIUM_PATH`);
  return path;
}

export async function launchBrowser(): Promise<Browser> {
  // No sandbox: CI runs as root, where Chromium's sandbox refuses to start.
  return chromium.launch({ executablePath: chromiumPath(), args: ['--no-sandbox', '--disable-dev-shm-usage'] });
}

/**
 * A page that may reach only `origin`: any other request is refused and recorded, so a test can
 * prove the page works offline (nothing from a CDN).
 */
export async function offlinePage(
  browser: Browser,
  origin: string,
): Promise<{ page: Page; outside: string[]; errors: string[] }> {
  const context = await browser.newContext({ viewport: { width: 1400, height: 850 } });
  const outside: string[] = [];
  const errors: string[] = [];
  await context.route(
    (url) => url.origin !== origin,
    (route) => {
      outside.push(route.request().url());
      return route.abort('internetdisconnected');
    },
  );
  const page = await context.newPage();
  page.on('pageerror', (error) => errors.push(error.message));
  // A resource the content security policy refused shows only as a console message.
  page.on(
    'console',
    (message) =>
      message.type() === 'error' && /Content Security Policy/i.test(message.text()) && errors.push(message.text()),
  );
  return { page, outside, errors };
}

/** Saves a screenshot of the page as test-artifacts/screenshots/<database>-<name>.png. */
export async function screenshot(page: Page, name: string): Promise<string> {
  mkdirSync(SCREENSHOTS, { recursive: true });
  const path = join(SCREENSHOTS, `${testDatabase()}-${name}.png`);
  await page.screenshot({ path, fullPage: true });
  return path;
}

export interface BrowserRig {
  t: TestApp;
  browser: Browser;
  close(): Promise<void>;
}

/**
 * The service started as `npm start` starts it for a developer (development, a generated secret in
 * its own data folder, so the development sign-in is offered), and a Chromium to drive it.
 */
export async function developmentRig(): Promise<BrowserRig> {
  const dataDir = mkdtempSync(join(tmpdir(), 'talent-browser-'));
  const t = await startTestApp({ NODE_ENV: 'development', JWT_SECRET: undefined, DATA_DIR: dataDir });
  const browser = await launchBrowser();
  return {
    t,
    browser,
    async close() {
      await browser.close();
      await t.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
