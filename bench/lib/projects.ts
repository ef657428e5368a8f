/**
 * The project list and board at 5,000 projects and 200,000 log rows (issue #23, "Speed": project
 * list and board p95 under 150 ms). /projectBoard's list (`GET digitize/rest/v1/project/list`:
 * every type, filtered, sorted, paged, with its owners' and departments' names) and one project's
 * log (`project/log/list`), after the account's projects are filled up to 5,000 of every type,
 * state and owner and their log up to 200,000 rows. Each call alone, one connection, like the
 * kit list calls (lib/kit-list.ts runs them).
 */
import pg from 'pg';
import type { KitListCall } from './kit-list';

export const PROJECTS = 5_000;
export const PROJECT_LOG_ROWS = 200_000;
export const PROJECTS_TARGET_MS = 150;

export interface ProjectsData {
  projects: number;
  logRows: number;
  added: number;
  /** A project with the most log rows, for the log call. */
  busiest: number;
  /** A user owning projects, for the owner filter. */
  ownerId: number;
  seconds: number;
}

const TYPES = ['PLATFORM_PROJECT', 'NEW_PRODUCTS_PROJECT', 'GTM_PROJECT', 'BRAND_EXPOSURE_PROJECT', 'NEW_PRODUCT_DEV_PROJECT'];
const RUN = ['NOT_START', 'RUNNING', 'PAUSED', 'CLOSED', 'OVER_COMPLETE', 'CANCELED'];
const STAGES = ['DB', 'DD', 'D0', 'D1', 'D2', 'D3', 'D4', 'D5'];
const WORDS = ['lamp launch', 'strip refresh', 'bulb cost down', 'camera GTM', 'brand week', 'platform move', 'night light'];

/** Fills the admin's account with projects up to `projects` and their log up to `logRows`, in one transaction. */
export async function seedProjects(dbUrl: string, projects = PROJECTS, logRows = PROJECT_LOG_ROWS): Promise<ProjectsData> {
  const t0 = performance.now();
  const c = new pg.Client({ connectionString: dbUrl });
  await c.connect();
  try {
    await c.query('BEGIN');
    const [admin] = (
      await c.query<{ id: number; account_id: number }>(`SELECT id, account_id FROM users WHERE login_name = 'admin'`)
    ).rows;
    if (!admin) throw new Error('projects bench: no admin user');
    const users = (
      await c.query<{ id: number }>('SELECT id FROM users WHERE account_id = $1 AND enabled ORDER BY id', [admin.account_id])
    ).rows.map((u) => u.id);
    const depts = (
      await c.query<{ id: number }>('SELECT id FROM org_departments WHERE account_id = $1 ORDER BY id', [admin.account_id])
    ).rows.map((d) => d.id);
    const count = async (table: string) =>
      Number((await c.query<{ n: string }>(`SELECT count(*) AS n FROM ${table}`)).rows[0]?.n ?? 0);
    const before = await count('projects');
    const need = Math.max(0, projects - before);
    if (need > 0)
      await c.query(
        `INSERT INTO projects (account_id, code, name, type, owner_id, member_ids, dept_id, priority, stage, schedule_status,
                               run_status, approval_status, description, created_by, created_at, updated_at)
         SELECT $2, 'BP' || lpad(g::text, 6, '0'), ($5::text[])[1 + g % 7] || ' ' || g, ($6::text[])[1 + g % 5],
                ($3::int[])[1 + g % cardinality($3::int[])],
                ARRAY[($3::int[])[1 + (g * 7) % cardinality($3::int[])], ($3::int[])[1 + (g * 13) % cardinality($3::int[])]],
                CASE WHEN cardinality($4::int[]) = 0 THEN NULL ELSE ($4::int[])[1 + g % cardinality($4::int[])] END,
                'P' || (g % 4), ($7::text[])[1 + g % 8], (ARRAY['DRAFT', 'PENDING', 'RELEASED'])[1 + g % 3],
                ($8::text[])[1 + g % 6], 1 + g % 5, 'Bench project ' || g, $9,
                now() - (g % 900) * interval '1 day', now() - (g % 600) * interval '1 hour'
           FROM generate_series(1, $1::int) g`,
        [need, admin.account_id, users, depts, WORDS, TYPES, STAGES, RUN, admin.id],
      );
    const logsBefore = await count('project_logs');
    const logNeed = Math.max(0, logRows - logsBefore);
    if (logNeed > 0)
      await c.query(
        `WITH p AS (SELECT id, row_number() OVER (ORDER BY id) - 1 AS k, count(*) OVER () AS n FROM projects WHERE account_id = $2)
         INSERT INTO project_logs (project_id, action, user_id, before, after, at)
         SELECT p.id, (ARRAY['update', 'todo.create', 'event.create', 'commit'])[1 + g % 4], $3,
                jsonb_build_object('stage', 'D' || (g % 5)), jsonb_build_object('stage', 'D' || (g % 5 + 1)),
                now() - (g % 20000) * interval '1 minute'
           FROM generate_series(1, $1::int) g JOIN p ON p.k = (g * 7919) % p.n`,
        [logNeed, admin.account_id, admin.id],
      );
    await c.query('COMMIT');
    for (const t of ['projects', 'project_logs']) await c.query(`VACUUM ANALYZE ${t}`);
    const [busiest] = (
      await c.query<{ project_id: number }>(
        'SELECT project_id FROM project_logs GROUP BY project_id ORDER BY count(*) DESC, project_id LIMIT 1',
      )
    ).rows;
    const [owner] = (
      await c.query<{ owner_id: number }>(
        'SELECT owner_id FROM projects WHERE account_id = $1 GROUP BY owner_id ORDER BY count(*) DESC LIMIT 1',
        [admin.account_id],
      )
    ).rows;
    return {
      projects: await count('projects'),
      logRows: await count('project_logs'),
      added: need,
      busiest: busiest?.project_id ?? 0,
      ownerId: owner?.owner_id ?? admin.id,
      seconds: (performance.now() - t0) / 1000,
    };
  } catch (err) {
    await c.query('ROLLBACK').catch(() => undefined);
    throw err;
  } finally {
    await c.end();
  }
}

/** /projectBoard as it is used: the first page, a type and state with a keyword, one owner's by name, page 20, and a project's log. */
export function projectCalls(data: ProjectsData): KitListCall[] {
  const list = 'digitize/rest/v1/project/list';
  return [
    { key: 'projects.first', label: 'board: first page (20, newest change first)', path: `${list}?pageNum=1&pageSize=20` },
    {
      key: 'projects.filtered',
      label: 'board: GTM, running, keyword "launch"',
      path: `${list}?type=GTM_PROJECT&runStatus=RUNNING&keyword=launch&pageNum=1&pageSize=20`,
    },
    {
      key: 'projects.owner',
      label: "board: one owner's, by name, page 5",
      path: `${list}?ownerId=${data.ownerId}&sortField=name&sortOrder=asc&pageNum=5&pageSize=20`,
    },
    { key: 'projects.deep', label: 'board: page 200 of 250', path: `${list}?pageNum=200&pageSize=20` },
    {
      key: 'projects.log',
      label: "a project's log, newest first",
      path: `digitize/rest/v1/project/log/list?projectId=${data.busiest}&pageNum=1&pageSize=20`,
    },
  ];
}
