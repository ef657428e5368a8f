/** API replies are compressed when the client accepts it; files and small replies go out as they are. */
import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { testAppPerFile } from '../../../test/harness';

const PERMISSIONS = '/api/user/rest/v2/users/permissions';
const t = testAppPerFile({ admin: true });

describe('compressed API replies', () => {
  it('compresses the admin’s permission list with brotli or gzip when asked, and sends it plain otherwise', async () => {
    const plain = await t.call('GET', PERMISSIONS, { token: t.admin });
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    const json = plain.rawPayload;
    expect(json.length).toBeGreaterThan(50_000);

    const br = await t.call('GET', PERMISSIONS, { token: t.admin, headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(zlib.brotliDecompressSync(br.rawPayload).equals(json)).toBe(true);

    const gz = await t.call('GET', PERMISSIONS, { token: t.admin, headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.rawPayload).equals(json)).toBe(true);

    expect(br.rawPayload.length).toBeLessThan(json.length / 5);
    expect(gz.rawPayload.length).toBeLessThan(json.length / 5);
  });

  it('leaves small replies and spreadsheets alone', async () => {
    const small = await t.call('GET', '/api/user/rest/v1/login', { token: t.admin, headers: { 'accept-encoding': 'br' } });
    expect(small.rawPayload.length).toBeLessThan(1024);
    expect(small.headers['content-encoding']).toBeUndefined();

    const template = await t.call('GET', '/api/product/rest/v1/materials/template', {
      token: t.admin,
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(template.statusCode).toBe(200);
    expect(String(template.headers['content-type'])).toMatch(/spreadsheetml/);
    expect(template.headers['content-encoding']).toBeUndefined();
    expect(template.rawPayload.subarray(0, 2).toString()).toBe('PK');
  });
});
