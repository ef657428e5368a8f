/**
 * The one multipart reader, through the two forms of the API (imports, mail drafts): what
 * is not a well-formed form, or holds NUL where text is stored, is a 400 that says so.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';
import { multipart } from '../../../test/multipart';

let t: TestApp;
let admin = '';
let shopId = 0;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin');
  const shops = (await t.call('GET', '/api/sales/rest/v1/shops/user', { token: admin })).json().data as { id: number }[];
  shopId = shops[0]?.id ?? 0;
});
afterAll(() => t?.close());

const post = (url: string, payload: Buffer | string, contentType: string) =>
  t.app.inject({ method: 'POST', url, payload, headers: { 'content-type': contentType, authorization: `Bearer ${admin}` } });

const importForm = (fields: Record<string, string>, file?: { name: string; bytes: Buffer }) =>
  multipart(
    { kind: 'business-report', shopId: String(shopId), periodStart: '2026-03-01', periodEnd: '2026-03-01', ...fields },
    file,
  );

describe('multipart uploads', () => {
  it('answers 400 for a form without a boundary, with the wrong one, cut short, or without part headers', async () => {
    const { payload, headers } = importForm({}, { name: 'r.csv', bytes: Buffer.from('SKU,Units\nA,1\n') });
    const boundary = headers['content-type'].split('boundary=')[1] ?? '';
    const cases: [string, Buffer | string, string][] = [
      ['no boundary', payload, 'multipart/form-data'],
      ['wrong boundary', payload, 'multipart/form-data; boundary=another'],
      ['cut short', payload.subarray(0, payload.length - 40), headers['content-type']],
      ['no part headers', `--${boundary}\r\n\r\nvalue\r\n--${boundary}--\r\n`, headers['content-type']],
      ['garbage', 'not a form at all', headers['content-type']],
      // busboy skips a part without headers and, when it is larger than its buffer, stops reading for good.
      [
        'a large part without headers',
        `--${boundary}\r\n\r\n${'\n'.repeat(100_000)}\r\n--${boundary}--\r\n`,
        headers['content-type'],
      ],
    ];
    for (const [name, body, type] of cases) {
      const res = await post('/api/imports', body, type);
      expect(res.statusCode, `${name}: ${res.body}`).toBe(400);
      const reply = res.json() as { code: number; msg: string };
      expect(reply.msg.length, name).toBeGreaterThan(0);
    }
  });

  it('answers 400 naming the field for NUL in a field, a file name or a draft body; nothing is stored', async () => {
    const before = Number((await t.database.pool.query('SELECT count(*) FROM imports')).rows[0].count);
    const inField = importForm({ periodStart: '2026-03-01\u0000' }, { name: 'r.csv', bytes: Buffer.from('x') });
    let res = await post('/api/imports', inField.payload, inField.headers['content-type']);
    expect(res.statusCode).toBe(400);
    expect(res.json().data.fields[0].path).toBe('periodStart');
    const inName = importForm({}, { name: 'rep\u0000ort.csv', bytes: Buffer.from('SKU\nA\n') });
    res = await post('/api/imports', inName.payload, inName.headers['content-type']);
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toMatch(/file name.*NUL/);
    const after = Number((await t.database.pool.query('SELECT count(*) FROM imports')).rows[0].count);
    expect(after).toBe(before);

    const draft = multipart({ dialogueId: '1', subject: 'Re', content: '<p>a\u0000b</p>' });
    res = await post('/api/email/rest/v2/email-sender/drafts', draft.payload, draft.headers['content-type']);
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toMatch(/content.*NUL/);
    res = await t.call('POST', '/api/email/rest/v2/email-sender/drafts', {
      token: admin,
      body: { dialogueId: 1, subject: 'Re', content: '<p>a\u0000b</p>' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toMatch(/NUL/);
  });

  it('a file with NUL after its first lines imports with the NUL dropped, not a 500', async () => {
    const header =
      '"(Parent) ASIN","(Child) ASIN","Title","SKU","Sessions - Total","Page Views - Total","Units Ordered","Ordered Product Sales","Total Order Items"';
    const rows = Array.from({ length: 400 }, (_, i) => `"B0P${i}","B0C${i}","Title ${i}","SKU-${i}","1","1","1","$1.00","1"`);
    rows.push('"B0PX","B0CX","Ti\u0000tle","SKU-\u0000X","1","1","1","$1.00","1"');
    const form = importForm({}, { name: 'r.csv', bytes: Buffer.from(`${header}\n${rows.join('\n')}\n`) });
    const res = await post('/api/imports', form.payload, form.headers['content-type']);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.body).not.toContain('\\u0000');
  });
});
