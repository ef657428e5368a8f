/**
 * A project shared by link (platform/share's `project` kind): the public view opens without a
 * session and holds exactly the declared read-only fields; a revoked link answers 404; nobody
 * shares a project they cannot see or without the project page.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';

let t: TestApp;
let pm: string;
let projectId = 0;

beforeAll(async () => {
  t = await createTestApp();
  pm = await t.login('pm');
  const r = await t.database.db.execute<{ id: number }>(
    sql`SELECT id FROM projects WHERE account_id = 1 AND EXISTS (SELECT 1 FROM project_todos WHERE project_id = projects.id) ORDER BY id LIMIT 1`,
  );
  projectId = Number(r.rows[0]?.id);
});
afterAll(async () => t.close());

describe('sharing a project', () => {
  it('opens the read-only view without a session, with only its declared fields, until revoked', async () => {
    const made = await t.call('POST', '/api/share/links', {
      token: pm,
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

    const listed = await t.call('GET', `/api/share/links/project/${projectId}`, { token: pm });
    expect(listed.json().data.list.map((l: { id: number }) => l.id)).toContain(id);

    expect((await t.call('POST', `/api/share/links/${id}/revoke`, { token: pm })).statusCode).toBe(200);
    expect((await t.call('GET', `/api/public/share/${token}`)).statusCode).toBe(404);
  });

  it('refuses a project that does not exist, and a user without the project page', async () => {
    const none = await t.call('POST', '/api/share/links', { token: pm, body: { kind: 'project', entityId: '99999999' } });
    expect(none.statusCode).toBe(404);
    const analyst = await t.login('cs.agent');
    const refused = await t.call('POST', '/api/share/links', {
      token: analyst,
      body: { kind: 'project', entityId: String(projectId) },
    });
    expect(refused.statusCode).toBe(403);
  });
});
