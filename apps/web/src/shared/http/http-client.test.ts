import { defineEndpoint, session as ep, fieldErrorOf } from '@bo/contract';
import i18next from 'i18next';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { fieldsSummary, isApiError, type Notice } from './api-error';
import { call, callWithHeaders, configureHttp, download } from './http-client';

/** In-memory Web Storage for the node test environment. */
class MemoryStorage implements Storage {
  private items = new Map<string, string>();
  get length() {
    return this.items.size;
  }
  clear() {
    this.items.clear();
  }
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  key(index: number) {
    return [...this.items.keys()][index] ?? null;
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
  setItem(key: string, value: string) {
    this.items.set(key, value);
  }
}

const listEndpoint = defineEndpoint({
  method: 'GET',
  path: 'things/rest/v1/shops/{shopId}/items',
  access: 'login',
  summary: 'test',
  tags: ['test'],
  params: z.object({ shopId: z.coerce.number() }),
  query: z.object({ market: z.array(z.number()).optional(), q: z.string().optional() }),
  data: z.array(z.string()),
});
const exportEndpoint = defineEndpoint({
  method: 'GET',
  path: 'things/rest/v1/export',
  access: 'login',
  summary: 'test',
  tags: ['test'],
  binary: true,
});

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });

let notices: Notice[];
let unauthorized: number;
const fetchMock = vi.fn<typeof fetch>();

beforeAll(async () => {
  // Messages come in the UI language.
  await i18next.init({ lng: 'en-US', resources: {} });
});

beforeEach(() => {
  notices = [];
  unauthorized = 0;
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
  vi.stubGlobal('localStorage', new MemoryStorage());
  vi.stubGlobal('sessionStorage', new MemoryStorage());
  vi.stubGlobal('location', { pathname: '/salesProfit', search: '?shop=3' });
  localStorage.setItem('token', 'tok-1');
  localStorage.setItem('userName', 'Ann');
  localStorage.setItem('lang', 'en-US');
  configureHttp({ notify: (n) => notices.push(n), onUnauthorized: () => unauthorized++ });
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('requests', () => {
  it('sends bearer and origin headers, fills path params, repeats array params', async () => {
    fetchMock.mockResolvedValueOnce(json(200, { code: 0, msg: 'ok', data: ['a'] }));
    const data = await call(listEndpoint, { params: { shopId: 7 }, query: { market: [0, 2], q: 'x y' } });
    expect(data).toEqual(['a']);
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/things/rest/v1/shops/7/items?market=0&market=2&q=x+y');
    const headers = init?.headers as Record<string, string>;
    expect(headers.Authorization).toBe('Bearer tok-1');
    expect(headers['X-Requested-With']).toBe('backoffice-web');
    expect(init?.method).toBe('GET');
  });

  it('sends a JSON body and answers the headers too', async () => {
    fetchMock.mockResolvedValueOnce(
      json(200, { code: 0, msg: 'ok', data: { token: 't' } }, { date: 'Sat, 21 Nov 2026 10:00:00 GMT' }),
    );
    const { data, headers } = await callWithHeaders(ep.login, { body: { loginName: 'a', password: 'b' } });
    expect(data.token).toBe('t');
    expect(headers.get('date')).toContain('2026');
    const init = fetchMock.mock.calls[0]?.[1];
    expect(init?.body).toBe('{"loginName":"a","password":"b"}');
    const sent = (init?.headers ?? {}) as Record<string, string>;
    expect(sent['Content-Type']).toBe('application/json');
  });
});

describe('status handling (spec §8)', () => {
  it('252 resolves and shows the demo success message', async () => {
    fetchMock.mockResolvedValueOnce(json(252, { code: 0, msg: 'demo', data: null }));
    await expect(call(ep.logout)).resolves.toBeNull();
    expect(notices).toEqual([{ kind: 'success', text: 'Done (the demo environment cannot show the real effect)' }]);
  });

  it('401 saves path and query, drops token and user keys, asks to go to /login', async () => {
    fetchMock.mockResolvedValueOnce(json(401, { code: 40101, msg: 'session expired', data: null }));
    await expect(call(ep.currentUser)).rejects.toMatchObject({ status: 401 });
    expect(sessionStorage.getItem('loginRedirect')).toBe('/salesProfit?shop=3');
    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('userName')).toBeNull();
    expect(localStorage.getItem('lang')).toBe('en-US');
    expect(unauthorized).toBe(1);
    expect(notices).toEqual([]);
  });

  it('403 shows the server msg, else the catalogue text', async () => {
    fetchMock.mockResolvedValueOnce(json(403, { code: 40301, msg: 'permission sales:profit required', data: null }));
    await expect(call(ep.permissions)).rejects.toMatchObject({ status: 403, code: 40301 });
    fetchMock.mockResolvedValueOnce(json(403, { code: 40300, msg: '', data: null }));
    await expect(call(ep.permissions)).rejects.toMatchObject({ status: 403 });
    expect(notices.map((n) => n.text)).toEqual(['permission sales:profit required', 'Account or password wrong']);
  });

  it('400 carries the field errors with their codes; a field without a known code reads as invalid', async () => {
    const fields = [
      fieldErrorOf('loginName', 'tooShort', { min: 3 }),
      { path: 'password', message: 'an uncoded message', code: 'no.such.code', params: { x: 1 } },
      { path: 'note', message: 'no code at all' },
    ];
    fetchMock.mockResolvedValueOnce(json(400, { code: 40000, msg: 'loginName: At least 3 characters', data: { fields } }));
    await expect(call(ep.login, { body: { loginName: '', password: 'x' } })).rejects.toMatchObject({
      status: 400,
      fields: [
        { path: 'loginName', code: 'tooShort', params: { min: 3 }, message: 'At least 3 characters' },
        { path: 'password', code: 'invalid', params: {}, message: 'an uncoded message' },
        { path: 'note', code: 'invalid', params: {}, message: 'no code at all' },
      ],
    });
    // The toast names the refusals in the user's language, not the server's English msg with its keys.
    expect(notices[0]?.text).toBe('Check the input: At least 3 characters; Invalid');
  });

  it("a refusal's fields read in the user's language, with their rows, the rest counted", async () => {
    const fields = [
      fieldErrorOf('changes.0.value', 'atMost', { max: 1000 }),
      fieldErrorOf('changes.3.value', 'atLeast', { min: 0.02 }),
      fieldErrorOf('changes.4.value', 'atLeast', { min: 0.02 }),
      fieldErrorOf('changes.7.value', 'required'),
    ];
    fetchMock.mockResolvedValueOnce(json(400, { code: 40000, msg: 'changes.0.value: At most 1000', data: { fields } }));
    const err = await call(ep.subsystems).catch((e: unknown) => e);
    expect(notices[0]?.text).toBe(
      'Check the input: row 1: At most 1000; row 4: At least 0.02; row 5: At least 0.02 (and 1 more)',
    );
    expect(isApiError(err) && fieldsSummary(err.fields, 'zh-CN')).toBe(
      '请检查输入：第 1 行：不能大于 1000；第 4 行：不能小于 0.02；第 5 行：不能小于 0.02（另有 1 处）',
    );
    expect(fieldsSummary([], 'en-US')).toBeNull();
    // A 403 naming its reason is not an input to check.
    expect(fieldsSummary([fieldErrorOf('export', 'exports.shopGone')], 'en-US', 403)).toBe(
      'The export was filtered by a shop you can no longer see: it cannot be downloaded again',
    );
  });

  it.each([
    [404, 'Cannot connect'],
    [500, 'Server internal error'],
    [504, 'Request timeout'],
  ])('%i shows "%s"', async (status, text) => {
    fetchMock.mockResolvedValueOnce(json(status, { code: status * 100, msg: 'details', data: null }));
    await expect(call(ep.subsystems)).rejects.toMatchObject({ status });
    expect(notices[0]?.text).toBe(text);
  });

  it('a non-zero code in a 200 reply rejects with the msg and shows nothing', async () => {
    fetchMock.mockResolvedValueOnce(json(200, { code: 40303, msg: 'cannot god-view yourself', data: null }));
    await expect(call(ep.godView, { query: { name: 'me' } })).rejects.toMatchObject({
      status: 200,
      code: 40303,
      message: 'cannot god-view yourself',
    });
    expect(notices).toEqual([]);
  });

  it('silent calls show nothing', async () => {
    fetchMock.mockResolvedValueOnce(json(500, { code: 50000, msg: 'x', data: null }));
    await expect(call(ep.subsystems, {}, { silent: true })).rejects.toMatchObject({ status: 500 });
    expect(notices).toEqual([]);
  });

  it('a network failure reads as "cannot connect"', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await expect(call(ep.subsystems)).rejects.toMatchObject({ status: 0 });
    expect(notices[0]?.text).toBe('Cannot connect');
  });
});

describe('timeouts', () => {
  const hang = (_url: unknown, init?: RequestInit) =>
    new Promise<Response>((_resolve, reject) => {
      init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
    });

  it('gives up after 300 s with "request timeout"', async () => {
    vi.useFakeTimers();
    fetchMock.mockImplementationOnce(hang);
    const pending = call(ep.subsystems);
    const outcome = expect(pending).rejects.toMatchObject({ status: 504 });
    await vi.advanceTimersByTimeAsync(299_999);
    expect(notices).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    await outcome;
    expect(notices[0]?.text).toBe('Request timeout');
  });

  it('downloads get 3,000,000 ms', async () => {
    vi.useFakeTimers();
    fetchMock.mockImplementationOnce(hang);
    const pending = download(exportEndpoint);
    const outcome = expect(pending).rejects.toMatchObject({ status: 504 });
    await vi.advanceTimersByTimeAsync(300_000);
    expect(notices).toEqual([]);
    await vi.advanceTimersByTimeAsync(2_700_000);
    await outcome;
  });

  it("a caller's abort passes through without a message", async () => {
    fetchMock.mockImplementationOnce(hang);
    const controller = new AbortController();
    const pending = call(ep.subsystems, {}, { signal: controller.signal });
    controller.abort();
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
    expect(notices).toEqual([]);
  });
});

describe('downloads', () => {
  it('answers the file and its name from content-disposition', async () => {
    fetchMock.mockResolvedValueOnce(
      new Response(new Blob(['a,b\n']), {
        status: 200,
        headers: { 'content-disposition': "attachment; filename*=UTF-8''%E9%94%80%E5%94%AE.csv" },
      }),
    );
    const { blob, filename } = await download(exportEndpoint);
    expect(filename).toBe('销售.csv');
    expect(await blob.text()).toBe('a,b\n');
  });

  it('reports the bytes as they arrive and resolves only with the whole file', async () => {
    const feed: { push?: (chunk: string | null) => void } = {};
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        feed.push = (chunk) => (chunk === null ? controller.close() : controller.enqueue(new TextEncoder().encode(chunk)));
      },
    });
    fetchMock.mockResolvedValueOnce(
      new Response(body, {
        status: 200,
        headers: { 'content-disposition': 'attachment; filename="x.csv"', 'content-type': 'text/csv' },
      }),
    );
    const seen: [number, number | null][] = [];
    let settled = false;
    const pending = download(exportEndpoint, {}, { onProgress: (received, total) => seen.push([received, total]) }).then((r) => {
      settled = true;
      return r;
    });
    await vi.waitFor(() => expect(feed.push).toBeDefined());
    feed.push?.('abcd');
    await vi.waitFor(() => expect(seen.at(-1)).toEqual([4, null]));
    // Part of the file is in: the download is not done yet.
    expect(settled).toBe(false);
    feed.push?.('ef');
    feed.push?.(null);
    const { blob, filename } = await pending;
    expect(seen).toEqual([
      [0, null],
      [4, null],
      [6, null],
    ]);
    expect(filename).toBe('x.csv');
    expect(await blob.text()).toBe('abcdef');
    expect(blob.type).toBe('text/csv');
  });

  it('452 shows the message inside the error body', async () => {
    fetchMock.mockResolvedValueOnce(
      new Response(new Blob([JSON.stringify({ code: 45200, msg: 'too many rows', data: null })]), { status: 452 }),
    );
    await expect(download(exportEndpoint)).rejects.toMatchObject({ status: 452 });
    expect(notices[0]?.text).toBe('too many rows');
  });

  it('451 without a readable body shows "print error"', async () => {
    fetchMock.mockResolvedValueOnce(new Response(new Blob([new Uint8Array([0xff, 0x00])]), { status: 451 }));
    await expect(download(exportEndpoint)).rejects.toMatchObject({ status: 451 });
    expect(notices[0]?.text).toBe('Print error');
  });
});
