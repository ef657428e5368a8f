/**
 * Discarding an import that was never written: a held or previewed import can be discarded
 * by its uploader, or by anyone with the kind's upload permission who sees its shop; never a
 * committed one, and never by a caller who only reads imports.
 */
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { testAppPerFile } from '../../../test/harness';
import { uploadImport } from '../../../test/multipart';
import { usShop } from '../../../test/scenarios';

const t = testAppPerFile({ admin: true, signIn: { planner: 'planner', pm: 'pm', analyst: 'sales.analyst', shopA: 'shop.a' } });
let shop: number;
let plannerRole: number;

const fixture = (name: string) => readFileSync(new URL(`../../../test/fixtures/imports/${name}`, import.meta.url));
const discard = (id: number, token: string) => t.call('DELETE', `/api/imports/${id}`, { token });

async function held(token: string): Promise<number> {
  const res = await uploadImport(
    t.app,
    token,
    { kind: 'business-report', shopId: String(shop), periodStart: '2026-07-21', periodEnd: '2026-07-21' },
    { name: 'odd.csv', bytes: fixture('br-unknown.csv') },
  );
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json().data.status).toBe('held');
  return res.json().data.id;
}

/** A role with the import screen and its upload button, given to one user. */
async function importerRole(login: string): Promise<number> {
  const [role] = await t.rows<{ id: number }>(`INSERT INTO roles (account_id, name) VALUES (1, $1) RETURNING id`, [
    `importer ${login}`,
  ]);
  await t.rows(
    `INSERT INTO role_permissions SELECT $1, id FROM permission_items
      WHERE auth_pattern IN ('sales:importTraffic', 'sales:importTraffic:import')`,
    [role!.id],
  );
  await t.rows(`INSERT INTO user_roles SELECT id, $1 FROM users WHERE login_name = $2`, [role!.id, login]);
  return role!.id;
}

beforeAll(async () => {
  shop = await usShop(t, 'Discard US', 'ADISCARDTEST1');
  plannerRole = await importerRole('planner');
  await importerRole('pm');
});

describe('discarding an import', () => {
  it('lets a colleague with the upload permission discard a held import, with an audit row', async () => {
    const id = await held(t.as.planner);
    expect((await t.call('GET', `/api/imports/${id}`, { token: t.as.pm })).json().data.discardable).toBe(true);
    const res = await discard(id, t.as.pm);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ id, status: 'discarded' });
    const [row] = await t.rows<{ before: { status: string } }>(
      `SELECT before FROM audit_log WHERE action = 'discard' AND entity = 'import' AND entity_id = $1`,
      [String(id)],
    );
    expect(row?.before.status).toBe('held');
    expect((await discard(id, t.as.pm)).statusCode).toBe(409);
  });

  it('keeps callers who only read imports, or do not see the shop, from discarding', async () => {
    const id = await held(t.admin);
    expect((await t.call('GET', `/api/imports/${id}`, { token: t.admin })).json().data.discardable).toBe(true);
    expect((await t.call('GET', `/api/imports/${id}`, { token: t.as.analyst })).json().data.discardable).toBe(false);
    expect((await discard(id, t.as.analyst)).statusCode).toBe(403);
    expect((await discard(id, t.as.shopA)).statusCode).toBe(404);
    expect((await t.call('GET', `/api/imports/${id}`, { token: t.admin })).json().data.status).toBe('held');
  });

  it('lets the uploader discard their own held import after losing the upload permission', async () => {
    const id = await held(t.as.planner);
    await t.rows(
      `DELETE FROM role_permissions WHERE role_id = $1
          AND permission_id IN (SELECT id FROM permission_items WHERE auth_pattern = 'sales:importTraffic:import')`,
      [plannerRole],
    );
    // The planner can no longer upload …
    const again = await uploadImport(
      t.app,
      t.as.planner,
      { kind: 'business-report', shopId: String(shop), periodStart: '2026-07-21', periodEnd: '2026-07-21' },
      { name: 'odd.csv', bytes: fixture('br-unknown.csv') },
    );
    expect(again.statusCode).toBe(403);
    // … but still clears what they left behind.
    expect((await t.call('GET', `/api/imports/${id}`, { token: t.as.planner })).json().data.discardable).toBe(true);
    const res = await discard(id, t.as.planner);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.status).toBe('discarded');
  });

  it('refuses to discard a committed import', async () => {
    const res = await uploadImport(
      t.app,
      t.admin,
      { kind: 'all-orders', shopId: String(shop) },
      { name: 'o.txt', bytes: Buffer.from('amazon-order-id\tpurchase-date\n') },
    );
    expect(res.statusCode, res.body).toBe(200);
    const id = res.json().data.id as number;
    await t.rows(`UPDATE imports SET status = 'committed' WHERE id = $1`, [id]);
    const refused = await discard(id, t.admin);
    expect(refused.statusCode).toBe(409);
    // The import state machine's words, in the caller's language.
    expect(refused.json().msg).toBe('cannot discard: the import is committed');
    const zh = await t.call('DELETE', `/api/imports/${id}`, { token: t.admin, headers: { 'accept-language': 'zh-CN,zh;q=0.9' } });
    expect(zh.statusCode).toBe(409);
    expect(zh.json().msg).toBe('导入当前为「已写入」，不能放弃');
    const commitAgain = await t.call('POST', `/api/imports/${id}/commit`, { token: t.admin, body: {} });
    expect(commitAgain.statusCode).toBe(409);
    expect(commitAgain.json().msg).toBe('cannot commit: the import is committed');
    expect((await t.call('GET', `/api/imports/${id}`, { token: t.admin })).json().data.discardable).toBe(false);
  });
});
