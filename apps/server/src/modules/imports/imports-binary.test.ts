/**
 * A binary file named .csv (here the first bytes of a PNG) is refused with 400 and a message
 * that says the file is not a report, for every import kind, whichever parser reads it in the
 * parse worker; nothing is stored.
 */
import { IMPORT_KINDS, type ImportKind, isShopKind } from '@bo/contract/imports/imports';
import { beforeAll, describe, expect, it } from 'vitest';
import { testAppPerFile } from '../../../test/harness';
import { uploadImport } from '../../../test/multipart';
import { usShop } from '../../../test/scenarios';

const t = testAppPerFile({ admin: true });
let shop: number;

/** The PNG signature and the start of its IHDR chunk: NUL bytes in the first line, no zip header. */
const PNG = Buffer.from([
  0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00, 0x00, 0x0d, 0x49, 0x48, 0x44, 0x52, 0x00, 0x00, 0x00, 0x10, 0x00,
  0x00, 0x00, 0x10, 0x08, 0x06, 0x00, 0x00, 0x00, 0x1f, 0xf3, 0xff, 0x61,
]);

const fieldsOf = (kind: ImportKind): Record<string, string> =>
  !isShopKind(kind)
    ? { kind }
    : kind === 'business-report'
      ? { kind, shopId: String(shop), periodStart: '2026-07-21', periodEnd: '2026-07-21' }
      : { kind, shopId: String(shop) };

beforeAll(async () => {
  shop = await usShop(t, 'Binary US', 'ABINARYTEST01');
});

describe('a binary file named .csv', () => {
  it.each(Object.keys(IMPORT_KINDS) as ImportKind[])('is refused with 400 and a clear message: %s', async (kind) => {
    const before = (await t.database.pool.query<{ n: number }>(`SELECT count(*)::int AS n FROM imports`)).rows[0]!.n;
    const res = await uploadImport(t.app, t.admin, fieldsOf(kind), { name: 'report.csv', bytes: PNG });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().msg).toMatch(/not a text report|binary data|not a usable \.xlsx file/);
    const after = (await t.database.pool.query<{ n: number }>(`SELECT count(*)::int AS n FROM imports`)).rows[0]!.n;
    expect(after).toBe(before);
  });
});
