/** Debian's Chromium through playwright-core, with a fresh profile per browser. */
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

export async function openBrowser(opts: { locale?: string } = {}): Promise<TestBrowser> {
  const profile = await fs.mkdtemp(path.join(os.tmpdir(), 'bo-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    locale: opts.locale ?? 'en-US',
    viewport: { width: 1366, height: 860 },
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
