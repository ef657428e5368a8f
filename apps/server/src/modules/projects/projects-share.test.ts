/**
 * A project shared by link (platform/share's `project` kind): the public view opens without a
 * session and holds exactly the declared read-only fields; a revoked link answers 404; nobody
 * shares a project they cannot see or without the project page.
 */
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { testAppPerFile } from '../../../test/harness';
import { textArray } from './projects.repository';

const t = testAppPerFile({ signIn: { pm: 'pm' } });
let projectId = 0;

beforeAll(async () => {
  const r = await t.database.db.execute<{ id: number }>(
    sql`SELECT id FROM projects WHERE account_id = 1 AND EXISTS (SELECT 1 FROM project_todos WHERE project_id = projects.id) ORDER BY id LIMIT 1`,
  );
  projectId = Number(r.rows[0]?.id);
});

describe('sharing a project', () => {
  it('opens the read-only view without a session, with only its declared fields, until revoked', async () => {
    const made = await t.call('POST', '/api/share/links', {
      token: t.as.pm,
      body: { kind: 'project', entityId: String(projectId), expiresInHours: 24 },
    });
    expect(made.statusCode, made.body).toBe(200);
    const { token, url, id } = made.json().data;
    expect(url).toBe(`/teambition/project?share=${token}`);

    const view = await t.call('GET', `/api/public/share/${token}`);
    expect(view.statusCode, view.body).toBe(200);
    const data = view.json().data;
    expect(data.kind).toBe('project');
    expect(data.data.code).toMatch(/^[A-Z]+-\d+/);
    expect(data.data.todos.length).toBeGreaterThan(0);
    // People other than the owner, the approval and the log are not part of the view.
    for (const key of ['members', 'memberIds', 'approval', 'ccIds', 'version', 'myRoles', 'people', 'metrics'])
      expect(data.data).not.toHaveProperty(key);

    const listed = await t.call('GET', `/api/share/links/project/${projectId}`, { token: t.as.pm });
    expect(listed.json().data.list.map((l: { id: number }) => l.id)).toContain(id);

    expect((await t.call('POST', `/api/share/links/${id}/revoke`, { token: t.as.pm })).statusCode).toBe(200);
    expect((await t.call('GET', `/api/public/share/${token}`)).statusCode).toBe(404);
  });

  it('refuses a project that does not exist, and a user without the project page', async () => {
    const none = await t.call('POST', '/api/share/links', { token: t.as.pm, body: { kind: 'project', entityId: '99999999' } });
    expect(none.statusCode).toBe(404);
    const analyst = await t.login('cs.agent');
    const refused = await t.call('POST', '/api/share/links', {
      token: analyst,
      body: { kind: 'project', entityId: String(projectId) },
    });
    expect(refused.statusCode).toBe(403);
  });
});

/** Makes a link as pm; answers its token and id. */
async function link(kind: string, entityId: string, expiresInHours = 24) {
  const made = await t.call('POST', '/api/share/links', { token: t.as.pm, body: { kind, entityId, expiresInHours } });
  expect(made.statusCode, made.body).toBe(200);
  return made.json().data as { id: number; token: string; url: string };
}
const open = (token: string) => t.call('GET', `/api/public/share/${token}`);
const rows = async <T>(q: ReturnType<typeof sql>) => (await t.database.db.execute(q)).rows as T[];

describe('sharing a project’s data view', () => {
  it('shows the headline, the SKUs’ sales of the last 30 and 90 days and the progress, and nothing else', async () => {
    const [p] = await rows<{ id: number; skus: string[] }>(
      sql`SELECT id, skus FROM projects WHERE account_id = 1 AND cardinality(skus) > 0 ORDER BY id LIMIT 1`,
    );
    expect(p).toBeDefined();
    const { token, url } = await link('data-view', String(p?.id));
    expect(url).toBe(`/teambition/dataView?share=${token}`);
    const res = await open(token);
    expect(res.statusCode, res.body).toBe(200);
    const v = res.json().data.data;
    expect(Object.keys(v).sort()).toEqual(
      ['code', 'dates', 'name', 'ownerName', 'progress', 'runStatus', 'sales', 'skus', 'stage', 'type', 'updatedAt'].sort(),
    );
    expect(v.skus).toEqual(p?.skus);
    expect(v.sales.currency).toBe('USD');
    expect(v.sales.daily).toHaveLength(90);
    // The figures are the day rollup's over the project's SKUs or models in account 1's shops.
    const [direct] = await rows<{ units: string; cents: string }>(sql`
      SELECT COALESCE(sum(d.units), 0) AS units, COALESCE(sum(d.revenue_cents), 0) AS cents
        FROM sales_listing_day d JOIN listings li ON li.id = d.listing_id JOIN skus sk ON sk.id = li.sku_id
        JOIN products pr ON pr.id = sk.product_id JOIN shops sh ON sh.id = d.shop_id
       WHERE sh.account_id = 1 AND (sk.sku = ANY (${textArray(p?.skus ?? [])}) OR pr.model = ANY (${textArray(p?.skus ?? [])}))
         AND d.day >= current_date - 90 AND d.day < current_date`);
    expect(v.sales.last90.units).toBe(Number(direct?.units));
    expect(v.sales.last90.amount).toBeCloseTo(Number(direct?.cents) / 100, 2);
    expect(v.sales.last90.units).toBeGreaterThan(0);
    expect(v.sales.last30.units).toBeLessThanOrEqual(v.sales.last90.units);
    const perSku = v.sales.bySku.reduce((a: number, s: { last90: { units: number } }) => a + s.last90.units, 0);
    expect(perSku).toBe(v.sales.last90.units);
    const [todos] = await rows<{ done: number; total: number }>(
      sql`SELECT count(*) FILTER (WHERE done)::int AS done, count(*)::int AS total FROM project_todos WHERE project_id = ${p?.id}`,
    );
    expect(v.progress).toMatchObject({ todosDone: todos?.done, todosTotal: todos?.total });
  });

  it('answers 404 once expired, and from the very next request once revoked', async () => {
    const expiring = await link('data-view', String(projectId));
    expect((await open(expiring.token)).statusCode).toBe(200);
    await t.database.db.execute(sql`UPDATE share_links SET expires_at = now() - interval '1 second' WHERE id = ${expiring.id}`);
    const expired = await open(expiring.token);
    expect(expired.statusCode).toBe(404);

    const revoking = await link('data-view', String(projectId));
    expect((await open(revoking.token)).statusCode).toBe(200);
    expect((await t.call('POST', `/api/share/links/${revoking.id}/revoke`, { token: t.as.pm })).statusCode).toBe(200);
    const revoked = await open(revoking.token);
    expect(revoked.statusCode).toBe(404);
    expect(revoked.body).toBe(expired.body);
  });
});

describe('sharing a todo as a chat task', () => {
  let todoId = 0;
  beforeAll(async () => {
    const [todo] = await rows<{ id: number }>(
      sql`SELECT t.id FROM project_todos t JOIN projects p ON p.id = t.project_id WHERE p.account_id = 1 AND t.description <> '' ORDER BY t.id LIMIT 1`,
    );
    todoId = Number(todo?.id);
  });

  it('opens the card without a session: the todo, its project, assignee, due day, state and description', async () => {
    const { token, url } = await link('chat-task', String(todoId));
    expect(url).toBe(`/chatTask?share=${token}`);
    const res = await open(token);
    expect(res.statusCode, res.body).toBe(200);
    const v = res.json().data.data;
    const [row] = await rows<{ title: string; description: string; code: string; due: string | null; done: boolean }>(sql`
      SELECT t.title, t.description, p.code, t.due_date::text AS due, t.done
        FROM project_todos t JOIN projects p ON p.id = t.project_id WHERE t.id = ${todoId}`);
    expect(v).toMatchObject({
      title: row?.title,
      description: row?.description,
      projectCode: row?.code,
      dueDate: row?.due,
      done: row?.done,
    });
    expect(v.assigneeName).not.toBe('');
    expect(v.updatedAt).toMatch(/^\d{4}-\d\d-\d\dT/);
    // Only the declared fields: no ids, versions or other people.
    expect(Object.keys(v).sort()).toEqual(
      ['assigneeName', 'description', 'done', 'dueDate', 'overdue', 'projectCode', 'projectName', 'title', 'updatedAt'].sort(),
    );
  });

  it('shows a change of the todo on the next read, and stops at the revocation', async () => {
    const { token, id } = await link('chat-task', String(todoId));
    const [before] = await rows<{ version: number; done: boolean }>(
      sql`SELECT version, done FROM project_todos WHERE id = ${todoId}`,
    );
    const admin = await t.login('admin');
    const done = await t.call('PUT', `/api/digitize/rest/v1/project/todo/complete/${todoId}`, {
      token: admin,
      body: { version: before?.version, done: !before?.done },
    });
    expect(done.statusCode, done.body).toBe(200);
    expect((await open(token)).json().data.data.done).toBe(!before?.done);
    expect((await t.call('POST', `/api/share/links/${id}/revoke`, { token: t.as.pm })).statusCode).toBe(200);
    expect((await open(token)).statusCode).toBe(404);
  });

  it('answers 404 once the link has expired', async () => {
    const { token, id } = await link('chat-task', String(todoId));
    await t.database.db.execute(sql`UPDATE share_links SET expires_at = now() - interval '1 second' WHERE id = ${id}`);
    expect((await open(token)).statusCode).toBe(404);
  });

  it('refuses a todo of another account, one that does not exist, and a user without the project board', async () => {
    const [other] = await rows<{ id: number }>(sql`
      WITH p AS (
        INSERT INTO projects (account_id, code, name, type, owner_id, member_ids, priority, stage, schedule_status, run_status,
                              description, dates, skus, metrics, details, created_by)
        SELECT u.account_id, 'GTM-99999', 'Other account', 'GTM_PROJECT', u.id, '{}', 'P2', 'DB', 'DRAFT', 'NOT_START', '', '{}', '{}', '{}', '{}', u.id
          FROM users u WHERE u.account_id <> 1 ORDER BY u.id LIMIT 1 RETURNING id, owner_id)
      INSERT INTO project_todos (project_id, title, assignee_id, created_by) SELECT id, 'Not yours', owner_id, owner_id FROM p RETURNING id`);
    expect(other).toBeDefined();
    const refused = await t.call('POST', '/api/share/links', {
      token: t.as.pm,
      body: { kind: 'chat-task', entityId: String(other?.id) },
    });
    expect(refused.statusCode).toBe(404);
    const none = await t.call('POST', '/api/share/links', { token: t.as.pm, body: { kind: 'chat-task', entityId: '99999999' } });
    expect(none.statusCode).toBe(404);
    const agent = await t.login('cs.agent');
    for (const kind of ['chat-task', 'data-view']) {
      const entityId = kind === 'chat-task' ? String(todoId) : String(projectId);
      expect((await t.call('POST', '/api/share/links', { token: agent, body: { kind, entityId } })).statusCode).toBe(403);
    }
  });
});
