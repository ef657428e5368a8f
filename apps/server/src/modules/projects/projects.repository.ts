/** The projects' queries: rows as the service reads them, the list and the log. No rules here. */
import type { EndpointQuery, projects as ep } from '@bo/contract';
import { APPROVAL_STATUS, type ApprovalStatus, statusFromCode } from '@bo/contract/approvals/approval-flow';
import {
  type ExternalLink,
  PROJECT_FLOW,
  type Priority,
  type ProjectListItem,
  type ProjectType,
  type RunStatus,
  type ScheduleStatus,
  type Stage,
} from '@bo/contract/projects/projects';
import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { likeContains, orderBy, pageByKeys, pageOf } from '../../db/sql';
import { userDirectory } from '../access/access.reads';
import { departmentDirectory, userDepartmentsToday } from '../organization/organization.reads';
import type { ProjectCore } from './projects.rules';

export type ListQuery = Omit<EndpointQuery<typeof ep.list>, 'pageNum' | 'pageSize'> & { pageNum?: number; pageSize?: number };

export const ts = (col: string) => sql.raw(`to_char(${col} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`);

export interface ProjectRaw extends Record<string, unknown> {
  id: number;
  account_id: number;
  code: string;
  name: string;
  type: ProjectType;
  owner_id: number;
  owner_name: string | null;
  member_ids: number[];
  cc_ids: number[];
  dept_id: number | null;
  dept_name: string | null;
  dept_name_en: string | null;
  priority: Priority;
  stage: Stage;
  schedule_status: ScheduleStatus;
  run_status: RunStatus;
  approval_status: number;
  description: string;
  dates: Record<string, string | null>;
  skus: string[];
  metrics: Record<string, number | null>;
  details: Record<string, unknown>;
  external_link: ExternalLink | null;
  version: number;
  created_at: string;
  updated_at: string;
  open_todos: number;
  overdue_todos: number;
  approvers: number[][] | null;
}

const SELECT = sql`
  SELECT p.id, p.account_id, p.code, p.name, p.type, p.owner_id, o.user_name AS owner_name, p.member_ids, p.cc_ids,
         p.dept_id, d.name AS dept_name, d.name_en AS dept_name_en, p.priority, p.stage, p.schedule_status, p.run_status,
         p.approval_status, p.description, p.dates, p.skus, p.metrics, p.details, p.external_link, p.version,
         ${ts('p.created_at')} AS created_at, ${ts('p.updated_at')} AS updated_at,
         (SELECT count(*)::int FROM project_todos t WHERE t.project_id = p.id AND NOT t.done) AS open_todos,
         (SELECT count(*)::int FROM project_todos t WHERE t.project_id = p.id AND NOT t.done AND t.due_date < current_date) AS overdue_todos,
         (SELECT a.approvers FROM approvals a WHERE a.flow = ${PROJECT_FLOW.key} AND a.entity_id = p.id::text) AS approvers`;
const JOINS = sql`LEFT JOIN ${userDirectory} o ON o.id = p.owner_id
  LEFT JOIN ${departmentDirectory} d ON d.id = p.dept_id`;
const FROM = sql`FROM projects p ${JOINS}`;

export const approvalOf = (r: Pick<ProjectRaw, 'approval_status'>): ApprovalStatus =>
  statusFromCode(Number(r.approval_status)) ?? 'not';
export const approvalCode = (s: ApprovalStatus) => APPROVAL_STATUS[s];

export const coreOf = (r: ProjectRaw): ProjectCore => ({
  id: Number(r.id),
  ownerId: Number(r.owner_id),
  memberIds: r.member_ids.map(Number),
  deptId: r.dept_id === null ? null : Number(r.dept_id),
  schedule: r.schedule_status,
  run: r.run_status,
  stage: r.stage,
  approval: approvalOf(r),
  approverIds: [...new Set((r.approvers ?? []).flat().map(Number))],
});

export const toListItem = (r: ProjectRaw, lang: 'zh' | 'en' = 'zh'): ProjectListItem => ({
  id: Number(r.id),
  code: r.code,
  name: r.name,
  type: r.type,
  owner: { id: Number(r.owner_id), name: r.owner_name ?? `#${r.owner_id}` },
  deptId: r.dept_id === null ? null : Number(r.dept_id),
  deptName: lang === 'en' && r.dept_name_en ? r.dept_name_en : r.dept_name,
  priority: r.priority,
  stage: r.stage,
  scheduleStatus: r.schedule_status,
  runStatus: r.run_status,
  approvalStatus: Number(r.approval_status),
  dates: r.dates,
  openTodos: Number(r.open_todos),
  overdueTodos: Number(r.overdue_todos),
  updatedAt: r.updated_at,
});

export async function findProject(db: DbOrTx, accountId: number, id: number, lock = false): Promise<ProjectRaw | null> {
  if (lock) {
    const l = await db.execute(sql`SELECT id FROM projects WHERE id = ${id} AND account_id = ${accountId} FOR UPDATE`);
    if (l.rows.length === 0) return null;
  }
  const r = await db.execute<ProjectRaw>(sql`${SELECT} ${FROM} WHERE p.id = ${id} AND p.account_id = ${accountId}`);
  return r.rows[0] ?? null;
}

const SORTS = {
  updatedAt: sql`p.updated_at`,
  createdAt: sql`p.created_at`,
  name: sql`p.name`,
  priority: sql`p.priority`,
  stage: sql`array_position(ARRAY['DB','DD','D0','D1','D2','D3','D4','D5'], p.stage)`,
};

/** The list's filter (spec §2.6's list types: 1 GTM, 0 key = P0, 21 development, 31 improvement = platform). */
export function listWhere(accountId: number, userId: number, q: ListQuery): SQL {
  const where: SQL[] = [sql`p.account_id = ${accountId}`];
  if (q.type) where.push(sql`p.type = ${q.type}`);
  if (q.listType === 1) where.push(sql`p.type = 'GTM_PROJECT'`);
  if (q.listType === 0) where.push(sql`p.priority = 'P0'`);
  if (q.listType === 21) where.push(sql`p.type = 'NEW_PRODUCT_DEV_PROJECT'`);
  if (q.listType === 31) where.push(sql`p.type = 'PLATFORM_PROJECT'`);
  if (q.scheduleStatus) where.push(sql`p.schedule_status = ${q.scheduleStatus}`);
  if (q.runStatus) where.push(sql`p.run_status = ${q.runStatus}`);
  if (q.stage) where.push(sql`p.stage = ${q.stage}`);
  if (q.priority) where.push(sql`p.priority = ${q.priority}`);
  if (q.ownerId) where.push(sql`p.owner_id = ${q.ownerId}`);
  if (q.deptId) where.push(sql`p.dept_id = ${q.deptId}`);
  if (q.mine)
    where.push(sql`(p.owner_id = ${userId} OR ${userId} = ANY (p.member_ids) OR EXISTS (
      SELECT 1 FROM approval_waits w JOIN approvals a ON a.id = w.approval_id
       WHERE w.user_id = ${userId} AND a.flow = ${PROJECT_FLOW.key} AND a.entity_id = p.id::text))`);
  if (q.keyword) {
    const k = likeContains(q.keyword);
    where.push(sql`(p.name ILIKE ${k} OR p.code ILIKE ${k} OR EXISTS (SELECT 1 FROM unnest(p.skus) s WHERE s ILIKE ${k}))`);
  }
  return sql.join(where, sql` AND `);
}

export async function listPage(
  db: DbOrTx,
  accountId: number,
  userId: number,
  q: ListQuery & { pageNum: number; pageSize: number },
) {
  // A row draws its owner, department, todo counts and approvers: the page's ids first.
  return pageByKeys<ProjectRaw>(
    db,
    {
      select: SELECT,
      table: sql`projects p`,
      key: sql`p.id`,
      joins: JOINS,
      where: listWhere(accountId, userId, q),
      orderBy: orderBy(q.sortField, q.sortOrder, SORTS, sql`p.id DESC`),
    },
    q,
  );
}

/** The export's statement (streamed through a cursor). */
export const exportQuery = (accountId: number, userId: number, q: ListQuery, also: SQL = sql`true`): SQL =>
  sql`${SELECT} ${FROM} WHERE ${listWhere(accountId, userId, q)} AND ${also} ORDER BY ${orderBy(q.sortField, q.sortOrder, SORTS, sql`p.id DESC`)}`;

/** A text[] parameter (drizzle would spread a JS array into a row). */
const CODE_PREFIX: Record<ProjectType, string> = {
  PLATFORM_PROJECT: 'PLT',
  NEW_PRODUCTS_PROJECT: 'NPL',
  GTM_PROJECT: 'GTM',
  BRAND_EXPOSURE_PROJECT: 'BRD',
  NEW_PRODUCT_DEV_PROJECT: 'DEV',
};

/**
 * Gives a new project its code, the type's prefix and the id (PLT-00042). The row is written
 * first under a placeholder code, since the id is known only then.
 */
export const assignCode = (tx: DbOrTx, id: number, type: ProjectType) =>
  tx.execute(sql`UPDATE projects SET code = ${CODE_PREFIX[type]} || '-' || lpad(${id}::text, 5, '0') WHERE id = ${id}`);

export const textArray = (xs: readonly string[]) =>
  sql`${`{${xs.map((x) => `"${x.replace(/["\\]/g, (c) => `\\${c}`)}"`).join(',')}}`}::text[]`;

/** Names of users of the account. */
export async function namesOf(db: DbOrTx, accountId: number, ids: readonly number[]): Promise<Map<number, string>> {
  const uniq = [...new Set(ids)].filter((x) => Number.isInteger(x));
  if (uniq.length === 0) return new Map();
  const r = await db.execute<{ id: number; user_name: string }>(sql`
    SELECT id, user_name FROM ${userDirectory} u WHERE u.account_id = ${accountId} AND u.id = ANY (${`{${uniq.join(',')}}`}::int[])`);
  return new Map(r.rows.map((x) => [Number(x.id), x.user_name]));
}

/** Which of the ids are not enabled users of the account. */
export async function unknownUsers(db: DbOrTx, accountId: number, ids: readonly number[]): Promise<number[]> {
  const uniq = [...new Set(ids)];
  if (uniq.length === 0) return [];
  const r = await db.execute<{ id: number }>(sql`
    SELECT id FROM ${userDirectory} u
     WHERE u.account_id = ${accountId} AND u.enabled AND u.state = 'active' AND u.id = ANY (${`{${uniq.join(',')}}`}::int[])`);
  const known = new Set(r.rows.map((x) => Number(x.id)));
  return uniq.filter((id) => !known.has(id));
}

export async function deptExists(db: DbOrTx, accountId: number, deptId: number): Promise<boolean> {
  const r = await db.execute(sql`SELECT 1 FROM ${departmentDirectory} d WHERE d.id = ${deptId} AND d.account_id = ${accountId}`);
  return r.rows.length > 0;
}

export async function people(db: DbOrTx, accountId: number) {
  const r = await db.execute<{ id: number; user_name: string; dept_name: string | null }>(sql`
    SELECT u.id, u.user_name, ud.dept_name
      FROM ${userDirectory} u
      LEFT JOIN ${userDepartmentsToday(accountId)} ud ON ud.user_id = u.id
     WHERE u.account_id = ${accountId} AND u.enabled AND u.state = 'active'
     ORDER BY u.user_name`);
  return r.rows.map((x) => ({ id: Number(x.id), name: x.user_name, deptName: x.dept_name }));
}

/** One line of the project log. */
export async function writeLog(
  db: DbOrTx,
  projectId: number,
  actor: { userId: number; impersonatorUserId: number | null },
  action: string,
  before: Record<string, unknown> | null,
  after: Record<string, unknown> | null,
): Promise<void> {
  await db.execute(sql`
    INSERT INTO project_logs (project_id, action, user_id, impersonator_user_id, before, after)
    VALUES (${projectId}, ${action}, ${actor.userId}, ${actor.impersonatorUserId},
            ${before === null ? null : JSON.stringify(before)}::jsonb, ${after === null ? null : JSON.stringify(after)}::jsonb)`);
}

export async function logPage(db: DbOrTx, projectId: number, page: { pageNum: number; pageSize: number }) {
  return pageOf<{
    id: number;
    action: string;
    user_id: number;
    user_name: string | null;
    impersonator_name: string | null;
    before: Record<string, unknown> | null;
    after: Record<string, unknown> | null;
    at: string;
  }>(
    db,
    {
      select: sql`SELECT l.id, l.action, l.user_id, u.user_name, i.user_name AS impersonator_name, l.before, l.after, ${ts('l.at')} AS at`,
      from: sql`FROM project_logs l LEFT JOIN ${userDirectory} u ON u.id = l.user_id
                LEFT JOIN ${userDirectory} i ON i.id = l.impersonator_user_id
               WHERE l.project_id = ${projectId}`,
      orderBy: sql`l.id DESC`,
      count: sql`FROM project_logs l WHERE l.project_id = ${projectId}`,
    },
    page,
  );
}
