import { beforeAll, describe, expect, it } from 'vitest';
import { testAppPerFile } from '../../../test/harness';
import { CHUNK_BYTES, fileStoreOf } from './file-store';
import { collectGarbage } from './files.service';
import { expireStoredExports, shopsNamed } from './stored-exports.service';

const t = testAppPerFile();
let admin: string;
let tester: string;
let testerRole: number;

/** A user of the internal account whose role holds the download centre and the product list's export. */
async function makeTester(): Promise<void> {
  const [pm] = await t.rows<{ password_hash: string }>(`SELECT password_hash FROM users WHERE login_name = 'pm'`);
  const [u] = await t.rows<{ id: number }>(
    `INSERT INTO users (account_id, login_name, user_name, password_hash, user_type) VALUES (1, 'exports.tester', 'exports.tester', $1, 1) RETURNING id`,
    [pm?.password_hash],
  );
  const [r] = await t.rows<{ id: number }>(`INSERT INTO roles (account_id, name) VALUES (1, 'exports tester') RETURNING id`);
  testerRole = Number(r?.id);
  await t.rows(`INSERT INTO user_roles VALUES ($1, $2)`, [u?.id, testerRole]);
  await t.rows(
    `INSERT INTO role_permissions SELECT $1, id FROM permission_items
      WHERE active AND auth_pattern IN ('tools:download', 'product:manage', 'product:manage:export')`,
    [testerRole],
  );
}

const EXPORT = '/api/product/rest/v1/products/excel';
const get = (token: string, url: string, query?: Record<string, string>) =>
  t.call('GET', url, { token, ...(query ? { query } : {}) });
const list = async (token: string) => {
  const res = await get(token, '/api/files/exports');
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as {
    list: { id: number; fileName: string; rows: number | null; size: number; endpoint: string; filters: unknown }[];
    total: number;
  };
};

beforeAll(async () => {
  await makeTester();
  [admin, tester] = await Promise.all([t.login('admin'), t.login('exports.tester')]);
});

describe('stored exports', () => {
  it('keeps the bytes of an export with its filters, row count and who ran it', async () => {
    const res = await get(tester, EXPORT, { keyword: 'a' });
    expect(res.statusCode, res.body).toBe(200);
    const [row] = await t.rows<{
      user_id: number;
      endpoint: string;
      query: Record<string, unknown>;
      permission: string;
      row_count: number;
      size: number;
      expires_days: number;
    }>(
      `SELECT s.*, round(extract(epoch FROM s.expires_at - s.created_at) / 86400)::int AS expires_days
         FROM stored_exports s JOIN users u ON u.id = s.user_id WHERE u.login_name = 'exports.tester' ORDER BY s.id DESC LIMIT 1`,
    );
    expect(row).toMatchObject({
      endpoint: 'GET product/rest/v1/products/excel',
      permission: 'product:manage:export',
      size: res.rawPayload.length,
      expires_days: 7,
    });
    expect(row?.query).toMatchObject({ keyword: 'a' });
    expect(row?.row_count).toBeGreaterThanOrEqual(0);

    const mine = await list(tester);
    expect(mine.list[0]).toMatchObject({ endpoint: 'GET product/rest/v1/products/excel', size: res.rawPayload.length });
    const again = await get(tester, `/api/files/exports/${mine.list[0]?.id}`);
    expect(again.statusCode, again.body).toBe(200);
    expect(Buffer.compare(again.rawPayload, res.rawPayload)).toBe(0);
    expect(again.headers['content-disposition']).toBe(res.headers['content-disposition']);
  });

  it('lists and serves only the owner’s exports', async () => {
    await get(admin, EXPORT);
    const adminList = await list(admin);
    const testerList = await list(tester);
    const testerIds = new Set(testerList.list.map((e) => e.id));
    expect(adminList.list.length).toBeGreaterThan(0);
    for (const e of adminList.list) expect(testerIds.has(e.id)).toBe(false);
    const other = adminList.list[0]?.id;
    expect((await get(tester, `/api/files/exports/${other}`)).statusCode).toBe(404);
    expect((await t.call('DELETE', `/api/files/exports/${other}`, { token: tester })).statusCode).toBe(404);
    // The generic file download never serves an export, not even to its owner (it would skip the re-check).
    const [f] = await t.rows<{ file_id: number }>(`SELECT file_id FROM stored_exports WHERE id = $1`, [other]);
    expect((await get(admin, `/api/files/${f?.file_id}`)).statusCode).toBe(404);
  });

  it('re-checks the export’s permission at download: removed from the role, the download is refused', async () => {
    await get(tester, EXPORT);
    const [latest] = (await list(tester)).list;
    await t.rows(
      `DELETE FROM role_permissions WHERE role_id = $1
          AND permission_id IN (SELECT id FROM permission_items WHERE auth_pattern = 'product:manage:export')`,
      [testerRole],
    );
    const res = await get(tester, `/api/files/exports/${latest?.id}`);
    expect(res.statusCode, res.body).toBe(403);
    expect(res.json().data.fields[0]).toMatchObject({ code: 'exports.permissionGone' });
    // Still listed (the user sees why it cannot be downloaded), and deletable.
    expect((await list(tester)).list.some((e) => e.id === latest?.id)).toBe(true);
    await t.rows(
      `INSERT INTO role_permissions SELECT $1, id FROM permission_items WHERE auth_pattern = 'product:manage:export'`,
      [testerRole],
    );
    expect((await get(tester, `/api/files/exports/${latest?.id}`)).statusCode).toBe(200);
  });

  it('re-checks the shops its filters named', async () => {
    expect(shopsNamed({ shopId: 3, shopIds: ['4', 5], keyword: '7', sellerId: 9 })).toEqual([3, 4, 5]);
    expect(shopsNamed({ keyword: 'x' })).toBeNull();
    await get(admin, EXPORT);
    const [latest] = (await list(admin)).list;
    const [shop] = await t.rows<{ id: number }>(`SELECT id FROM shops WHERE account_id = 1 ORDER BY id LIMIT 1`);
    await t.rows(`UPDATE stored_exports SET shop_ids = ARRAY[$2::int] WHERE id = $1`, [latest?.id, shop?.id]);
    expect((await get(admin, `/api/files/exports/${latest?.id}`)).statusCode).toBe(200);
    // A shop the caller does not see (none has this id).
    await t.rows(`UPDATE stored_exports SET shop_ids = ARRAY[2000000000] WHERE id = $1`, [latest?.id]);
    const res = await get(admin, `/api/files/exports/${latest?.id}`);
    expect(res.statusCode).toBe(403);
    expect(res.json().data.fields[0]).toMatchObject({ code: 'exports.shopGone' });
  });

  it('deletes one’s own; the expiry job deletes expired ones and the collector frees their files', async () => {
    await get(tester, EXPORT);
    const [latest, older] = (await list(tester)).list;
    const del = await t.call('DELETE', `/api/files/exports/${latest?.id}`, { token: tester });
    expect(del.statusCode, del.body).toBe(200);
    expect((await list(tester)).list.some((e) => e.id === latest?.id)).toBe(false);

    const [f] = await t.rows<{ file_id: number }>(`SELECT file_id FROM stored_exports WHERE id = $1`, [older?.id]);
    await t.rows(`UPDATE stored_exports SET expires_at = now() - interval '1 second' WHERE id = $1`, [older?.id]);
    expect((await list(tester)).list.some((e) => e.id === older?.id)).toBe(false);
    expect(await expireStoredExports(t.database.db)).toBeGreaterThanOrEqual(1);
    expect(await t.rows(`SELECT 1 FROM stored_exports WHERE id = $1`, [older?.id])).toHaveLength(0);
    const [file] = await t.rows<{ deleted: boolean }>(`SELECT deleted_at IS NOT NULL AS deleted FROM files WHERE id = $1`, [
      f?.file_id,
    ]);
    expect(file?.deleted).toBe(true);
    await collectGarbage(t.database.db, fileStoreOf(t.database.db), 0);
    expect(await t.rows(`SELECT 1 FROM files WHERE id = $1`, [f?.file_id])).toHaveLength(0);
  });
});

describe('streamed blobs', () => {
  it('stores a blob written in pieces under its content’s name, once', async () => {
    const store = fileStoreOf(t.database.db);
    const bytes = Buffer.alloc(CHUNK_BYTES * 2 + 1234);
    for (let i = 0; i < bytes.length; i++) bytes[i] = (i * 7) % 251;
    const put = async () => {
      const w = store.begin();
      for (let at = 0; at < bytes.length; at += 10_000) await w.write(bytes.subarray(at, at + 10_000));
      return t.database.db.transaction((tx) => w.finish(tx, 'zip'));
    };
    const a = await put();
    const b = await put();
    expect(a).toEqual(b);
    expect(a.size).toBe(bytes.length);
    const chunks = await t.rows<{ n: number }>(`SELECT count(*)::int AS n FROM file_chunks WHERE sha256 = $1`, [a.sha256]);
    expect(chunks[0]?.n).toBe(3);
    expect(await t.rows(`SELECT 1 FROM file_blobs WHERE sha256 LIKE 'pending-%'`)).toHaveLength(0);
    const back: Buffer[] = [];
    for await (const c of store.read(a.sha256)) back.push(c);
    expect(Buffer.compare(Buffer.concat(back), bytes)).toBe(0);

    // A file built whole arrives in one piece: cut into the same chunks, the same blob.
    const whole = store.begin();
    await whole.write(bytes);
    expect(await t.database.db.transaction((tx) => whole.finish(tx, 'zip'))).toEqual(a);

    const aborted = store.begin();
    await aborted.write(bytes);
    expect(await t.rows(`SELECT 1 FROM file_blobs WHERE sha256 LIKE 'pending-%'`)).toHaveLength(1);
    await aborted.abort();
    expect(await t.rows(`SELECT 1 FROM file_blobs WHERE sha256 LIKE 'pending-%'`)).toHaveLength(0);
  });
});
