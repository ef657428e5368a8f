/**
 * Back-office documents through the API: only the back-office user (a normal administrator
 * holding every permission gets 403, god view too); bodies sanitised on save; every save a
 * version; an old version opened and restored as a new one; a stale version a 409 that changes
 * nothing; attachments through the file store (type by content, size), downloaded with the
 * link re-checked, never through files/{id}, removed.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { testAppPerFile } from '../../../../test/harness';
import { multipart } from '../../../../test/multipart';

const API = '/api/backmgr/rest/v1/docs';
const t = testAppPerFile({ admin: true, signIn: { manager: 'sales.manager' } });
let userAdmin: string;

type Doc = {
  id: number;
  version: number;
  body: string;
  titleEn: string;
  state: string;
  versions: { no: number; restoredFrom: number | null; savedBy: string | null }[];
  attachmentList: { fileId: number; name: string }[];
};
const create = async (extra: Record<string, unknown> = {}) => {
  const res = await t.call('POST', API, {
    token: t.admin,
    body: { titleZh: '发货流程', titleEn: 'Shipping', category: 'procedure', body: '<p>v1</p>', ...extra },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as Doc;
};
const save = (id: number, version: number, body: string, token = t.admin) =>
  t.call('PUT', `${API}/${id}`, {
    token,
    body: { titleEn: 'Shipping', category: 'procedure', state: 'published', body, version },
  });
const upload = (token: string, docId: number | string, name: string, bytes: Buffer) => {
  const { payload, headers } = multipart({ docId: String(docId) }, { name, bytes });
  return t.app.inject({
    method: 'POST',
    url: `${API}/attachments`,
    payload,
    headers: { ...headers, authorization: `Bearer ${token}` },
  });
};
const pdf = (text: string) => Buffer.from(`%PDF-1.7\n${text}\n%%EOF\n`);

/** An administrator who is not the back-office user: every permission item there is (backMgr:manage included). */
async function otherAdmin(): Promise<string> {
  const [u] = await t.rows<{ id: number }>(
    `INSERT INTO users (account_id, login_name, user_name, password_hash, user_type)
     SELECT 1, 'other.admin', 'Other admin', password_hash, 1 FROM users WHERE login_name = 'pm' RETURNING id`,
  );
  const [r] = await t.rows<{ id: number }>(`INSERT INTO roles (account_id, name) VALUES (1, 'every permission') RETURNING id`);
  await t.rows('INSERT INTO user_roles VALUES ($1, $2)', [u?.id, r?.id]);
  await t.rows('INSERT INTO role_permissions SELECT $1, id FROM permission_items WHERE active', [r?.id]);
  return t.login('other.admin');
}

beforeAll(async () => {
  userAdmin = await otherAdmin();
});

describe('back-office documents', () => {
  it('answer the back-office user alone: 403 to anyone else, whatever they hold, and under god view', async () => {
    const d = await create();
    const held = await t.call('GET', '/api/user/rest/v2/users/permissions', { token: userAdmin });
    expect(held.body).toContain('backMgr:manage');
    for (const [method, url] of [
      ['GET', API],
      ['GET', `${API}/${d.id}`],
      ['PUT', `${API}/${d.id}`],
      ['DELETE', `${API}/${d.id}`],
      ['GET', `${API}/${d.id}/versions/1`],
      ['POST', `${API}/${d.id}/versions/1/restore`],
    ] as const) {
      const res = await t.call(method, url, { token: userAdmin, body: method === 'GET' || method === 'DELETE' ? undefined : {} });
      expect(res.statusCode, `${method} ${url}`).toBe(403);
    }
    expect((await upload(userAdmin, d.id, 'a.pdf', pdf('x'))).statusCode).toBe(403);
    const god = await t.call('GET', '/api/user/rest/v1/users/godView', { token: t.admin, query: { name: 'sales.manager' } });
    const godToken = god.json().data?.token as string;
    expect((await t.call('GET', API, { token: godToken })).statusCode).toBe(403);
    expect((await t.call('GET', `${API}/${d.id}`, { token: t.admin })).statusCode).toBe(200);
  });

  it('sanitise the body on save (create, update) and refuse a bad body with coded fields', async () => {
    const d = await create({ body: '<p onclick="alert(1)">hi<script>alert(2)</script></p><a href="javascript:alert(3)">x</a>' });
    expect(d.body).toBe('<p>hi</p><a>x</a>');
    const res = await save(d.id, d.version, '<img src=x onerror=alert(1)><span style="font-family: Tahoma; color:red">t</span>');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.body).toBe('<span style="font-family: Tahoma">t</span>');
    const [stored] = await t.rows<{ body: string }>('SELECT body FROM backmgr_doc_versions WHERE doc_id = $1 AND no = 2', [d.id]);
    expect(stored?.body).toBe('<span style="font-family: Tahoma">t</span>');

    const codesOf = async (body: Record<string, unknown>) => {
      const bad = await t.call('POST', API, { token: t.admin, body });
      expect(bad.statusCode).toBe(400);
      return (bad.json().data.fields as { path: string; code: string }[]).map((f) => `${f.path}:${f.code}`);
    };
    expect(await codesOf({ titleZh: '', titleEn: '', category: 'guide', body: 'x' })).toEqual(['titleZh:backMgr.titleRequired']);
    expect(await codesOf({ titleEn: 'x', category: 'nope', body: 'x' })).toEqual(['category:invalidOption']);
  });

  it('write a version per save; an old one opens and is restored as a new version; the list filters and sorts', async () => {
    const d = await create({ titleEn: 'Versioned', body: '<p>first</p>' });
    const v2 = (await save(d.id, 1, '<p>second</p>')).json().data as Doc;
    expect(v2.version).toBe(2);
    expect(v2.versions.map((v) => v.no)).toEqual([2, 1]);
    expect(v2.versions[0]?.savedBy).toBeTruthy();

    const old = await t.call('GET', `${API}/${d.id}/versions/1`, { token: t.admin });
    expect(old.statusCode, old.body).toBe(200);
    expect(old.json().data.body).toBe('<p>first</p>');
    expect((await t.call('GET', `${API}/${d.id}/versions/9`, { token: t.admin })).statusCode).toBe(404);

    const restored = await t.call('POST', `${API}/${d.id}/versions/1/restore`, { token: t.admin, body: { version: 2 } });
    expect(restored.statusCode, restored.body).toBe(200);
    const r = restored.json().data as Doc;
    expect(r.version).toBe(3);
    expect(r.body).toBe('<p>first</p>');
    expect(r.state).toBe('published');
    expect(r.versions[0]).toMatchObject({ no: 3, restoredFrom: 1 });
    expect(r.versions).toHaveLength(3);

    const listed = await t.call('GET', API, { token: t.admin, query: { keyword: 'Versioned', state: 'published' } });
    expect(listed.statusCode).toBe(200);
    expect((listed.json().data.list as { id: number }[]).map((x) => x.id)).toEqual([d.id]);
    const drafts = await t.call('GET', API, { token: t.admin, query: { keyword: 'Versioned', state: 'draft' } });
    expect(drafts.json().data.total).toBe(0);
    const sorted = await t.call('GET', API, { token: t.admin, query: { sortField: 'title', sortOrder: 'asc', pageSize: '100' } });
    expect(sorted.statusCode).toBe(200);
  });

  it('refuse a stale version with 409 and change nothing (update and restore)', async () => {
    const d = await create({ body: '<p>one</p>' });
    expect((await save(d.id, 1, '<p>two</p>')).statusCode).toBe(200);
    const stale = await save(d.id, 1, '<p>mine</p>');
    expect(stale.statusCode).toBe(409);
    const staleRestore = await t.call('POST', `${API}/${d.id}/versions/1/restore`, { token: t.admin, body: { version: 1 } });
    expect(staleRestore.statusCode).toBe(409);
    expect(staleRestore.json().code).toBe(stale.json().code);
    const now = (await t.call('GET', `${API}/${d.id}`, { token: t.admin })).json().data as Doc;
    expect(now.version).toBe(2);
    expect(now.body).toBe('<p>two</p>');
    expect(now.versions).toHaveLength(2);
  });

  it('take attachments through the file store: refused by type and size, downloaded by this route only, removed', async () => {
    const d = await create();
    const ok = await upload(t.admin, d.id, 'spec.pdf', pdf('the spec'));
    expect(ok.statusCode, ok.body).toBe(200);
    const fileId = ok.json().data.fileId as number;

    // A program renamed .pdf, a text file: refused by content, nothing stored.
    const before = await t.rows<{ n: number }>(`SELECT count(*)::int AS n FROM files WHERE purpose = 'document'`);
    const exe = await upload(t.admin, d.id, 'invoice.pdf', Buffer.concat([Buffer.from('MZ'), Buffer.alloc(200, 1)]));
    expect(exe.statusCode).toBe(400);
    expect(exe.json().data.fields[0].code).toBe('file.executable');
    const txt = await upload(t.admin, d.id, 'notes.txt', Buffer.from('plain text notes\n'));
    expect(txt.statusCode).toBe(400);
    expect(txt.json().data.fields[0].code).toBe('file.typeNotAllowed');
    // Over 20 MB: refused while it arrives.
    const big = await upload(t.admin, d.id, 'big.pdf', Buffer.concat([pdf('x'), Buffer.alloc(20 * 1024 * 1024 + 10, 32)]));
    expect(big.statusCode).toBe(400);
    expect(big.json().data.fields[0].code).toBe('file.tooLarge');
    const after = await t.rows<{ n: number }>(`SELECT count(*)::int AS n FROM files WHERE purpose = 'document'`);
    expect(after[0]?.n).toBe(before[0]?.n);
    expect((await upload(t.admin, 2147483000, 'a.pdf', pdf('orphan'))).statusCode).toBe(404);

    const got = await t.call('GET', `${API}/${d.id}`, { token: t.admin });
    expect((got.json().data as Doc).attachmentList.map((a) => a.name)).toEqual(['spec.pdf']);
    const dl = await t.call('GET', `${API}/${d.id}/attachments/${fileId}`, { token: t.admin });
    expect(dl.statusCode).toBe(200);
    expect(dl.body).toContain('the spec');
    // Not through the generic download (not even its owner), not under another document, not for anyone else.
    expect((await t.call('GET', `/api/files/${fileId}`, { token: t.admin })).statusCode).toBe(404);
    expect((await t.call('GET', `/api/files/${fileId}`, { token: t.as.manager })).statusCode).toBe(404);
    const other = await create();
    expect((await t.call('GET', `${API}/${other.id}/attachments/${fileId}`, { token: t.admin })).statusCode).toBe(404);
    expect((await t.call('GET', `${API}/${d.id}/attachments/${fileId}`, { token: t.as.manager })).statusCode).toBe(403);

    expect((await t.call('DELETE', `${API}/${d.id}/attachments/${fileId}`, { token: t.admin })).statusCode).toBe(200);
    expect((await t.call('GET', `${API}/${d.id}/attachments/${fileId}`, { token: t.admin })).statusCode).toBe(404);
    const [removed] = await t.rows<{ gone: boolean }>('SELECT deleted_at IS NOT NULL AS gone FROM files WHERE id = $1', [fileId]);
    expect(removed?.gone).toBe(true);
  });

  it('delete a document with its versions and attachments, audited', async () => {
    const d = await create();
    const up = await upload(t.admin, d.id, 'x.pdf', pdf('x'));
    const fileId = up.json().data.fileId as number;
    expect((await t.call('DELETE', `${API}/${d.id}`, { token: t.admin })).statusCode).toBe(200);
    expect((await t.call('GET', `${API}/${d.id}`, { token: t.admin })).statusCode).toBe(404);
    expect(await t.rows('SELECT 1 FROM backmgr_doc_versions WHERE doc_id = $1', [d.id])).toHaveLength(0);
    const [f] = await t.rows<{ gone: boolean }>('SELECT deleted_at IS NOT NULL AS gone FROM files WHERE id = $1', [fileId]);
    expect(f?.gone).toBe(true);
    const audits = await t.rows<{ action: string }>(
      `SELECT action FROM audit_log WHERE entity = 'backmgr_doc' AND entity_id = $1 ORDER BY id`,
      [String(d.id)],
    );
    expect(audits.map((a) => a.action)).toEqual(['create', 'backMgr.docAttach', 'delete']);
  });

  it('are seeded for the demo', async () => {
    const res = await t.call('GET', API, { token: t.admin, query: { keyword: 'Shipping procedure' } });
    expect(res.json().data.total).toBeGreaterThanOrEqual(1);
  });
});
