/**
 * Debian's Chromium through playwright-core, with a fresh profile per browser: the old headless
 * shell (`chromium-headless-shell`) when it is installed, 13 % less CPU than the full browser for
 * the same suite (docs/performance.md), else the full `chromium`; CHROMIUM_PATH picks another.
 */
import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { type BrowserContext, chromium, type Page } from 'playwright-core';

export interface TestBrowser {
  context: BrowserContext;
  page: Page;
  errors: string[];
  close(): Promise<void>;
}

const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
const executablePath = process.env.CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium');

export async function openBrowser(opts: { locale?: string } = {}): Promise<TestBrowser> {
  const profile = await fs.mkdtemp(path.join(os.tmpdir(), 'bo-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath,
    headless: true,
    locale: opts.locale ?? 'en-US',
    viewport: { width: 1366, height: 860 },
    // The app drops antd's motion for reduced motion: a popconfirm's button is clicked
    // where it is, not while it zooms in. Under the two-lane load a click on a moving
    // popconfirm was lost (the commit never reached the server; E2E_SERVER_LOG showed it).
    reducedMotion: 'reduce',
    acceptDownloads: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-dev-shm-usage',
    ],
  });
  const page = context.pages()[0] ?? (await context.newPage());
  // npm test runs the kill -9 suites beside the screens on 2 cores: a commit that takes 3 s
  // alone can take 20 s then. A wait that is really stuck still fails, only later.
  page.setDefaultTimeout(40_000);
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  return {
    context,
    page,
    errors,
    close: async () => {
      await context.close();
      await fs.rm(profile, { recursive: true, force: true });
    },
  };
}
