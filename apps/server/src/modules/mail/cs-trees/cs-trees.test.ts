/**
 * Problem and demand trees through the API: add, rename, move (no cycles, dense order),
 * disable with descendants, delete only when unused, versions, audit rows, the two trees apart.
 */
import { describe, expect, it } from 'vitest';
import { testAppPerFile } from '../../../../test/harness';

const API = '/api/email/rest/v1/cs-trees';
const t = testAppPerFile({ signIn: { lead: 'cs.lead', agent: 'cs.agent' } });

type Node = {
  id: number;
  parentId: number | null;
  name: string;
  sort: number;
  enabled: boolean;
  version: number;
  childCount: number;
};

const add = async (name: string, parentId: number | null = null, kind = 'problem') => {
  const res = await t.call('POST', `${API}/${kind}`, { token: t.as.lead, body: { parentId, name, nameEn: `${name} (en)` } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as Node;
};
const tree = async (kind = 'problem') => {
  const res = await t.call('GET', `${API}/${kind}`, { token: t.as.agent });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as Node[];
};
const byName = async (name: string) => (await tree()).find((n) => n.name === name) as Node;

describe('problem tree', () => {
  let quality: Node;
  let shipping: Node;
  let broken: Node;

  it('adds roots and children in order, parents before children', async () => {
    quality = await add('Quality');
    shipping = await add('Shipping');
    broken = await add('Arrived broken', quality.id);
    await add('Flickers', quality.id);
    expect((await tree()).map((n) => [n.name, n.parentId, n.sort])).toEqual([
      ['Quality', null, 0],
      ['Arrived broken', quality.id, 0],
      ['Flickers', quality.id, 1],
      ['Shipping', null, 1],
    ]);
    expect((await byName('Quality')).childCount).toBe(2);
  });

  it('keeps the demand tree apart', async () => {
    await add('Quality', null, 'demand');
    expect((await tree('demand')).map((n) => n.name)).toEqual(['Quality']);
    expect((await tree()).filter((n) => n.name === 'Quality')).toHaveLength(1);
  });

  it('refuses a sibling with the same name (409 on the name) and a missing parent (400)', async () => {
    const dup = await t.call('POST', `${API}/problem`, { token: t.as.lead, body: { parentId: quality.id, name: 'flickers' } });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().data.fields).toEqual([
      { path: 'name', code: 'mail.siblingNameTaken', params: {}, message: 'A sibling has this name' },
    ]);
    const orphan = await t.call('POST', `${API}/problem`, { token: t.as.lead, body: { parentId: 999999, name: 'x' } });
    expect(orphan.statusCode).toBe(400);
  });

  it('renames with the version, 409 when stale, with an audit row', async () => {
    const res = await t.call('PUT', `${API}/problem`, {
      token: t.as.lead,
      body: { id: broken.id, version: 1, name: 'Damaged on arrival', nameEn: 'Damaged on arrival', enabled: true },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ name: 'Damaged on arrival', version: 2 });
    const stale = await t.call('PUT', `${API}/problem`, {
      token: t.as.lead,
      body: { id: broken.id, version: 1, name: 'Lost', nameEn: '', enabled: true },
    });
    expect(stale.statusCode).toBe(409);
    const audit = await t.database.pool.query(
      `SELECT before, after FROM audit_log WHERE action = 'csTree.update' AND entity_id = $1`,
      [String(broken.id)],
    );
    expect(audit.rows[0]).toMatchObject({ before: { name: 'Arrived broken' }, after: { name: 'Damaged on arrival' } });
  });

  it('moves a node under another parent at a position; never under itself or a descendant', async () => {
    const node = await byName('Damaged on arrival');
    const res = await t.call('PUT', `${API}/problem/move`, {
      token: t.as.lead,
      body: { id: node.id, version: node.version, parentId: shipping.id, index: 0 },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await tree()).map((n) => [n.name, n.parentId, n.sort])).toEqual([
      ['Quality', null, 0],
      ['Flickers', quality.id, 0],
      ['Shipping', null, 1],
      ['Damaged on arrival', shipping.id, 0],
    ]);
    const q = await byName('Quality');
    const cycle = await t.call('PUT', `${API}/problem/move`, {
      token: t.as.lead,
      body: { id: q.id, version: q.version, parentId: (await byName('Flickers')).id, index: 0 },
    });
    expect(cycle.statusCode).toBe(400);
    expect(cycle.json().data.fields[0].path).toBe('parentId');
    // Reorder the roots: Shipping first.
    const s = await byName('Shipping');
    const first = await t.call('PUT', `${API}/problem/move`, {
      token: t.as.lead,
      body: { id: s.id, version: s.version, parentId: null, index: 0 },
    });
    expect(first.statusCode, first.body).toBe(200);
    expect((await tree()).filter((n) => n.parentId === null).map((n) => [n.name, n.sort])).toEqual([
      ['Shipping', 0],
      ['Quality', 1],
    ]);
  });

  it('disabling a node disables its descendants; a child cannot be enabled under a disabled parent', async () => {
    const s = await byName('Shipping');
    const res = await t.call('PUT', `${API}/problem`, {
      token: t.as.lead,
      body: { id: s.id, version: s.version, name: s.name, nameEn: '', enabled: false },
    });
    expect(res.statusCode, res.body).toBe(200);
    const child = await byName('Damaged on arrival');
    expect(child.enabled).toBe(false);
    const again = await t.call('PUT', `${API}/problem`, {
      token: t.as.lead,
      body: { id: child.id, version: child.version, name: child.name, nameEn: '', enabled: true },
    });
    expect(again.statusCode).toBe(400);
    expect(again.json().data.fields[0].path).toBe('enabled');
  });

  it('deletes only an unused node', async () => {
    const s = await byName('Shipping');
    const refused = await t.call('DELETE', `${API}/problem/${s.id}`, { token: t.as.lead });
    expect(refused.statusCode).toBe(409);
    const child = await byName('Damaged on arrival');
    expect((await t.call('DELETE', `${API}/problem/${child.id}`, { token: t.as.lead })).statusCode).toBe(200);
    expect((await t.call('DELETE', `${API}/problem/${s.id}`, { token: t.as.lead })).statusCode).toBe(200);
    expect((await tree()).map((n) => [n.name, n.sort])).toEqual([
      ['Quality', 0],
      ['Flickers', 0],
    ]);
    expect((await t.call('DELETE', `${API}/demand/${quality.id}`, { token: t.as.lead })).statusCode).toBe(404);
  });

  it('needs the buttons to write, refuses a bad kind or body', async () => {
    expect((await t.call('POST', `${API}/problem`, { token: t.as.agent, body: { parentId: null, name: 'x' } })).statusCode).toBe(
      403,
    );
    expect((await t.call('GET', `${API}/nope`, { token: t.as.agent })).statusCode).toBe(400);
    expect((await t.call('POST', `${API}/problem`, { token: t.as.lead, body: { parentId: null, name: '  ' } })).statusCode).toBe(
      400,
    );
  });

  it('keeps a tree at most five levels deep', async () => {
    let parent: number | null = null;
    for (const level of [1, 2, 3, 4, 5]) parent = (await add(`Level ${level}`, parent)).id;
    const res = await t.call('POST', `${API}/problem`, { token: t.as.lead, body: { parentId: parent, name: 'Level 6' } });
    expect(res.statusCode).toBe(400);
  });
});
