/**
 * What a kit component needs around it in a DOM test: i18next with the app's texts, antd's
 * App (still, as for reduced motion), TanStack Query, a memory router, and the browser APIs the DOM lacks. The HTTP edge is
 * mocked (`fetch`), never the UI library.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, configure } from '@testing-library/react';
import { App as AntApp, ConfigProvider } from 'antd';
import i18next from 'i18next';
import type { ReactNode } from 'react';
import { initReactI18next } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, vi } from 'vitest';
import { enUS } from '../../../app/locales/en-US';
import { zhCN } from '../../../app/locales/zh-CN';
import { stillTheme } from '../../../app/theme';
import { addTexts, type ModuleTexts } from '../../i18n/module-texts';

// antd in a DOM test is slow, and npm test runs these beside the browser suites on 2 cores: a
// find or waitFor gets 15 s, a test two minutes (apps/web/vitest.config.ts). A stuck
// screen still fails, only later.
configure({ asyncUtilTimeout: 15_000 });

export function installBrowserStubs(): void {
  Object.defineProperty(window, 'matchMedia', {
    configurable: true,
    value: (query: string) => ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }),
  });
  // The test DOM has no pseudo-elements; antd asks for them to measure scroll bars.
  const computed = window.getComputedStyle.bind(window);
  window.getComputedStyle = (elt: Element) => computed(elt);
  // The tables measure their box: give every element a desktop width.
  Object.defineProperty(HTMLElement.prototype, 'clientWidth', { configurable: true, get: () => 1200 });
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  } as unknown as typeof ResizeObserver;
}

export async function initTexts(lang: 'en-US' | 'zh-CN' = 'en-US'): Promise<void> {
  await i18next.use(initReactI18next).init({
    lng: lang,
    resources: { 'en-US': { translation: enUS }, 'zh-CN': { translation: zhCN } },
    interpolation: { escapeValue: false },
  });
}

/**
 * A DOM test file's set-up in one call: before its tests the browser stubs, the app's texts in
 * `lang` (en-US) and the modules' `texts`; after each test the rendered tree is unmounted and the
 * stubbed globals (fetch, XMLHttpRequest) are put back, unless `keepGlobals` (a file that stubs
 * them once for all its tests).
 */
export function domTestSetup(
  texts: readonly ModuleTexts[] = [],
  opts: { lang?: 'en-US' | 'zh-CN'; keepGlobals?: boolean; also?: () => void } = {},
): void {
  beforeAll(async () => {
    installBrowserStubs();
    await initTexts(opts.lang ?? 'en-US');
    for (const m of texts) addTexts(m);
    opts.also?.();
  });
  afterEach(() => {
    cleanup();
    if (!opts.keepGlobals) vi.unstubAllGlobals();
  });
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** A reply in the API's envelope. */
export const ok = (data: unknown) => json(200, { code: 0, msg: 'ok', data });
export const refused = (status: number, code: number, msg: string, data: unknown = null) => json(status, { code, msg, data });

/** fetch answered by `answer(url, init)`; the calls are kept for assertions. */
export function mockFetch(answer: (url: URL, init: RequestInit) => Response | Promise<Response>) {
  const fn = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) =>
    answer(new URL(String(input), 'http://test.local'), init ?? {}),
  );
  vi.stubGlobal('fetch', fn);
  return fn;
}

/** Renders `element` at `url` inside the app's providers; answers the router (its location is the URL state). */
export function withProviders(element: ReactNode, url = '/') {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(
    [
      { path: '/', element },
      { path: '/elsewhere', element: <p>elsewhere</p> },
    ],
    {
      initialEntries: [url],
    },
  );
  const tree = (
    <QueryClientProvider client={client}>
      {/* The app's theme as a user who asks for reduced motion gets it: the DOM fires no transition ends. */}
      <ConfigProvider theme={stillTheme}>
        <AntApp>
          <RouterProvider router={router} />
        </AntApp>
      </ConfigProvider>
    </QueryClientProvider>
  );
  return { tree, router, client };
}

/**
 * XMLHttpRequest (what uploads use, for their progress) answered by `answer(url, init)`: it
 * reports half the body sent, then the answer. Answers the requests made, for assertions.
 */
export function mockXhr(answer: (url: URL, init: { method: string; body: unknown }) => Response | Promise<Response>) {
  const sent: { url: URL; method: string; body: unknown }[] = [];
  class FakeXhr {
    status = 0;
    responseText = '';
    timeout = 0;
    upload: { onprogress: ((e: { loaded: number; total: number }) => void) | null } = { onprogress: null };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    ontimeout: (() => void) | null = null;
    onabort: (() => void) | null = null;
    private method = 'GET';
    private url = '';
    open(method: string, url: string) {
      this.method = method;
      this.url = url;
    }
    setRequestHeader() {}
    abort() {
      this.onabort?.();
    }
    send(body: unknown) {
      const url = new URL(this.url, 'http://test.local');
      sent.push({ url, method: this.method, body });
      void (async () => {
        this.upload.onprogress?.({ loaded: 1, total: 2 });
        const res = await answer(url, { method: this.method, body });
        this.status = res.status;
        this.responseText = await res.text();
        this.onload?.();
      })();
    }
  }
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  return sent;
}
