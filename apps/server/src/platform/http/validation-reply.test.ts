/** The 400 reply of a schema refusal: per field a code of the contract, its params and the en-US text. */
import { describe, expect, it } from 'vitest';
import { testAppPerFile } from '../../../test/harness';

const t = testAppPerFile({ admin: true });

describe('the 400 reply of a schema refusal', () => {
  it('carries path, code, params and the en-US message per field, and the messages in msg', async () => {
    const res = await t.call('POST', '/api/user/rest/v2/login', { body: { loginName: 'x'.repeat(65) } });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.code).toBe(40000);
    expect(body.data.fields).toEqual([
      { path: 'loginName', code: 'tooLong', params: { max: 64 }, message: 'At most 64 characters' },
      { path: 'password', code: 'required', params: {}, message: 'Required' },
    ]);
    expect(body.msg).toBe('loginName: At most 64 characters; password: Required');
  });

  it('names the code a contract refinement declares, and zod’s generic codes for the rest', async () => {
    const res = await t.call('POST', '/api/product/rest/v1/model-info', {
      token: t.admin,
      body: {
        productId: 1,
        lengthMm: 10,
        widthMm: 10,
        heightMm: 10,
        netWeightG: 500,
        grossWeightG: 400,
        packageLengthMm: 12,
        packageWidthMm: 12,
        packageHeightMm: 12,
        powerPack: 0,
        material: 1,
        hsCode: '94054090',
        countryOfOrigin: 'CN',
      },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().data.fields).toEqual([
      {
        path: 'grossWeightG',
        code: 'catalog.grossBelowNet',
        params: {},
        message: 'The gross weight is less than the net weight',
      },
    ]);
    const bounds = await t.call('POST', '/api/product/rest/v1/model-info', {
      token: t.admin,
      body: { productId: 1, lengthMm: 6000.55, powerPack: 9, extra: 1 },
    });
    const fields = bounds.json().data.fields as { path: string; code: string; params: object }[];
    expect(fields).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ path: 'lengthMm', code: 'catalog.atMostMm', params: { max: 5000 } }),
        expect.objectContaining({ path: 'lengthMm', code: 'atMostOneDecimal' }),
        expect.objectContaining({ path: 'widthMm', code: 'catalog.millimetres' }),
        expect.objectContaining({ path: 'powerPack', code: 'invalidOption', params: { values: '0, 1, 2' } }),
        expect.objectContaining({ path: 'material', code: 'required' }),
        expect.objectContaining({ path: '', code: 'unknownKeys', params: { keys: 'extra' } }),
      ]),
    );
  });

  it('codes the NUL refusal too', async () => {
    const res = await t.call('POST', '/api/user/rest/v2/login', { body: { loginName: 'a\u0000b', password: 'x' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().data.fields).toEqual([
      {
        path: 'loginName',
        code: 'noNul',
        params: {},
        message: 'Text must not contain NUL (U+0000) characters',
      },
    ]);
  });
});
