/**
 * The import history: everyone's committed, reverted and discarded imports of the shops and
 * kinds the caller sees; a preview or held file only to its uploader, and to holders of the
 * kind's upload permission who ask for all pending ones (pending=all).
 */
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { testAppPerFile } from '../../../test/harness';
import { uploadImport } from '../../../test/multipart';
import { usShop } from '../../../test/scenarios';

const t = testAppPerFile({ admin: true, signIn: { planner: 'planner', pm: 'pm', analyst: 'sales.analyst' } });
let shop: number;
const ids: Record<'plannerHeld' | 'plannerPreview' | 'adminPreview' | 'committed' | 'discarded', number> = {
  plannerHeld: 0,
  plannerPreview: 0,
  adminPreview: 0,
  committed: 0,
  discarded: 0,
};

const fixture = (name: string) => readFileSync(new URL(`../../../test/fixtures/imports/${name}`, import.meta.url));

async function upload(token: string, name: string): Promise<number> {
  const fields: Record<string, string> =
    name === 'br-unknown.csv'
      ? { kind: 'business-report', shopId: String(shop), periodStart: '2026-07-21', periodEnd: '2026-07-21' }
      : { kind: 'all-orders', shopId: String(shop) };
  const res = await uploadImport(t.app, token, fields, { name, bytes: fixture(name) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.id;
}

async function listed(token: string, query: Record<string, string | string[]> = {}): Promise<number[]> {
  const res = await t.call('GET', '/api/imports', { token, query: { shopId: String(shop), pageSize: '100', ...query } });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().data.list as { id: number }[]).map((r) => r.id).sort((a, b) => a - b);
}

beforeAll(async () => {
  shop = await usShop(t, 'History US', 'AHISTORYTEST1');
  const [role] = await t.rows<{ id: number }>(`INSERT INTO roles (account_id, name) VALUES (1, 'importers') RETURNING id`);
  await t.rows(
    `INSERT INTO role_permissions SELECT $1, id FROM permission_items
      WHERE auth_pattern IN ('sales:importTraffic', 'sales:importTraffic:import')`,
    [role!.id],
  );
  await t.rows(`INSERT INTO user_roles SELECT id, $1 FROM users WHERE login_name IN ('planner', 'pm')`, [role!.id]);
  ids.plannerHeld = await upload(t.as.planner, 'br-unknown.csv');
  ids.plannerPreview = await upload(t.as.planner, 'ao-2019.txt');
  ids.adminPreview = await upload(t.admin, 'ao-2023.txt');
  ids.committed = await upload(t.admin, 'ao-2019.txt');
  // A committed import as history shows it (how it was committed does not matter here).
  await t.rows(`UPDATE imports SET status = 'committed', committed_at = now(), committed_by = created_by WHERE id = $1`, [
    ids.committed,
  ]);
  ids.discarded = await upload(t.as.pm, 'ao-2023.txt');
  expect((await t.call('DELETE', `/api/imports/${ids.discarded}`, { token: t.as.pm })).statusCode).toBe(200);
});

describe('import history', () => {
  it('shows the caller their own pending imports and everyone’s written or discarded ones', async () => {
    expect(await listed(t.as.planner)).toEqual([ids.plannerHeld, ids.plannerPreview, ids.committed, ids.discarded]);
    expect(await listed(t.admin)).toEqual([ids.adminPreview, ids.committed, ids.discarded]);
    expect(await listed(t.as.pm)).toEqual([ids.committed, ids.discarded]);
    expect(await listed(t.as.pm, { pending: 'mine' })).toEqual([ids.committed, ids.discarded]);
  });

  it('lists other users’ pending imports only when asked, to holders of the upload permission', async () => {
    expect(await listed(t.as.pm, { pending: 'all' })).toEqual([
      ids.plannerHeld,
      ids.plannerPreview,
      ids.adminPreview,
      ids.committed,
      ids.discarded,
    ]);
    expect(await listed(t.as.pm, { pending: 'all', status: 'held' })).toEqual([ids.plannerHeld]);
    // The analyst reads imports but cannot upload (nor discard): others' drafts stay out of sight.
    expect(await listed(t.as.analyst, { pending: 'all' })).toEqual([ids.committed, ids.discarded]);
  });

  it('lists the kinds asked for, one or several', async () => {
    expect(await listed(t.as.planner, { kind: 'business-report' })).toEqual([ids.plannerHeld]);
    expect(await listed(t.as.planner, { kind: ['business-report', 'all-orders'] })).toEqual([
      ids.plannerHeld,
      ids.plannerPreview,
      ids.committed,
      ids.discarded,
    ]);
    expect(await listed(t.as.planner, { kind: ['sp-campaign', 'business-report'] })).toEqual([ids.plannerHeld]);
  });

  it('refuses an unknown pending filter', async () => {
    const res = await t.call('GET', '/api/imports', { token: t.as.pm, query: { pending: 'everyone' } });
    expect(res.statusCode).toBe(400);
  });
});
