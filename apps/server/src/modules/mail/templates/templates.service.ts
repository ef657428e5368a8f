/**
 * Reply and FAQ templates. Rules:
 * - A template belongs to the caller's company account; a personal one is seen and changed
 *   by its owner only (another user gets 404), a shared one by everyone of the account.
 * - Every save sanitises the body (formatting only), refuses unknown or broken merge tags
 *   and any linter error (400 with data.fields and data.lint, nothing written); warnings
 *   come back with the saved template.
 * - Edits carry the version (409 when stale); every write has an audit row.
 */

import { type FieldError, fieldErrorOf } from '@bo/contract';
import { checkTags, renderMergeTags, SAMPLE_MERGE_VALUES, type TagProblem } from '@bo/contract/mail/merge-tags';
import { type LintIssue, lintErrors, lintRuleName, lintTemplate } from '@bo/contract/mail/messaging-rules';
import { sanitizeTemplateHtml } from '@bo/contract/mail/template-html';
import type {
  createTemplateBody,
  TemplateContent,
  TemplateRow,
  templateListQuery,
  updateTemplateBody,
} from '@bo/contract/mail/templates';
import { type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { DbOrTx } from '../../../db/client';
import { likeContains, pageOf } from '../../../db/sql';
import { audit } from '../../../platform/audit/audit.service';
import type { RequestActor } from '../../../platform/auth/actor';
import type { AppContext } from '../../../platform/context';
import { badRequest, codedFieldError, conflict, fieldConflict, notFound, staleVersion } from '../../../platform/errors';

type CreateBody = z.infer<typeof createTemplateBody>;
type UpdateBody = z.infer<typeof updateTemplateBody>;
type ListQuery = z.infer<typeof templateListQuery>;

interface Raw extends Record<string, unknown> {
  id: number;
  kind: 'reply' | 'faq';
  owner_user_id: number | null;
  created_by: number;
  name: string;
  category: string;
  language: TemplateRow['language'];
  market_id: number | null;
  asin: string | null;
  subject: string;
  body: string;
  version: number;
  updated_at: string;
  owner_name: string | null;
  updated_by_name: string | null;
}

const toRow = (r: Raw, actor: RequestActor): TemplateRow => ({
  templateId: Number(r.id),
  kind: r.kind,
  scope: r.owner_user_id === null ? 'shared' : 'personal',
  name: r.name,
  category: r.category,
  language: r.language,
  marketId: r.market_id === null ? null : Number(r.market_id),
  asin: r.asin,
  subject: r.subject,
  ownerName: r.owner_name,
  mine: r.owner_user_id !== null && Number(r.owner_user_id) === actor.userId,
  version: Number(r.version),
  updatedAt: r.updated_at,
  updatedByName: r.updated_by_name,
});

const SELECT = sql`
  SELECT t.id, t.kind, t.owner_user_id, t.created_by, t.name, t.category, t.language, t.market_id, t.asin, t.subject, t.body, t.version,
         to_char(t.updated_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS updated_at,
         o.user_name AS owner_name, u.user_name AS updated_by_name
    FROM mail_templates t
    LEFT JOIN users o ON o.id = t.owner_user_id
    LEFT JOIN users u ON u.id = t.updated_by`;

/** The templates an actor may see. */
const visible = (actor: RequestActor) =>
  sql`t.account_id = ${actor.accountId} AND (t.owner_user_id IS NULL OR t.owner_user_id = ${actor.userId})`;

export async function list(ctx: AppContext, actor: RequestActor, q: ListQuery) {
  const where: SQL[] = [visible(actor), sql`t.kind = ${q.kind}`];
  if (q.keyword)
    where.push(
      sql`(t.name ILIKE ${likeContains(q.keyword)} OR t.subject ILIKE ${likeContains(q.keyword)} OR t.body ILIKE ${likeContains(q.keyword)})`,
    );
  if (q.category) where.push(sql`lower(t.category) = lower(${q.category})`);
  if (q.language) where.push(sql`t.language = ${q.language}`);
  if (q.marketId !== undefined) where.push(sql`(t.market_id = ${q.marketId} OR t.market_id IS NULL)`);
  if (q.scope) where.push(q.scope === 'shared' ? sql`t.owner_user_id IS NULL` : sql`t.owner_user_id IS NOT NULL`);
  if (q.asin) where.push(sql`(t.asin = ${q.asin.toUpperCase()} OR t.asin IS NULL)`);
  const dir = q.sortOrder === 'desc' ? sql`DESC NULLS LAST` : sql`ASC NULLS LAST`;
  const { rows, total } = await pageOf<Raw>(
    ctx.db,
    {
      select: sql`SELECT p.*`,
      from: sql`FROM (${SELECT} WHERE ${sql.join(where, sql` AND `)}) p`,
      orderBy: sql`${sql.raw(`p.${sortColumn(q.sortField)}`)} ${dir}, p.id DESC`,
    },
    q,
  );
  return { list: rows.map((r) => toRow(r, actor)), total, pageNum: q.pageNum, pageSize: q.pageSize };
}

/** The outer query sorts the inner SELECT's columns. */
const sortColumn = (f: ListQuery['sortField']) =>
  ({ name: 'name', category: 'category', language: 'language', marketId: 'market_id', updatedAt: 'updated_at' })[f];

async function find(db: DbOrTx, actor: RequestActor, id: number, lock = false) {
  const res = await db.execute<Raw>(
    sql`${SELECT} WHERE t.id = ${id} AND ${visible(actor)} ${lock ? sql`FOR UPDATE OF t` : sql``}`,
  );
  const row = res.rows[0];
  if (!row) throw notFound(`no template ${id}`);
  return row;
}

export async function content(ctx: AppContext, actor: RequestActor, id: number): Promise<TemplateContent> {
  const r = await find(ctx.db, actor, id);
  return {
    ...toRow(r, actor),
    body: r.body,
    preview: preview(r.subject, r.body),
    issues: lintTemplate({ subject: r.subject, body: r.body }),
  };
}

/** Subject and body with the sample values (a stored template always renders). */
export function preview(subject: string, body: string) {
  return {
    subject: renderMergeTags(subject, SAMPLE_MERGE_VALUES, { html: false }).text,
    body: renderMergeTags(body, SAMPLE_MERGE_VALUES, { html: true }).text,
  };
}

/** A merge-tag problem as a coded field error. */
function tagProblemField(path: string, p: TagProblem): FieldError {
  if (p.code === 'unknownTag')
    return p.suggestion
      ? fieldErrorOf(path, 'mail.unknownTagSuggest', { excerpt: p.excerpt, suggestion: p.suggestion })
      : fieldErrorOf(path, 'mail.unknownTag', { excerpt: p.excerpt });
  return fieldErrorOf(path, p.code === 'unclosedTag' ? 'mail.unclosedTag' : 'mail.emptyTag', { excerpt: p.excerpt });
}

/**
 * The body as stored and the linter's warnings; throws 400 on a merge-tag problem or a
 * linter error, with one field error per problem and the issues in data.lint.
 */
export function vet(input: { subject: string; body: string }): { body: string; issues: LintIssue[] } {
  const body = sanitizeTemplateHtml(input.body);
  const fields: FieldError[] = [];
  for (const [path, text] of [
    ['subject', input.subject],
    ['body', body],
  ] as const)
    for (const p of checkTags(text)) fields.push(tagProblemField(path, p));
  const issues = lintTemplate({ subject: input.subject, body });
  const errors = lintErrors(issues);
  for (const i of errors) fields.push(fieldErrorOf(i.field, `mail.lint.${i.rule}`, { excerpt: i.excerpt }));
  if (fields.length)
    throw badRequest(
      errors.length
        ? `the template breaks the marketplace messaging rules: ${errors.map((i) => `${lintRuleName(i, 'en-US')} ("${i.match}")`).join('; ')}`
        : fields.map((f) => `${f.path}: ${f.message}`).join('; '),
      { fields, lint: issues },
    );
  return { body, issues };
}

async function nameTaken(tx: DbOrTx, actor: RequestActor, b: CreateBody, exceptId: number | null) {
  const owner = b.scope === 'personal' ? actor.userId : 0;
  const res = await tx.execute(sql`
    SELECT 1 FROM mail_templates WHERE account_id = ${actor.accountId} AND kind = ${b.kind}
       AND coalesce(owner_user_id, 0) = ${owner} AND lower(name) = lower(${b.name})
       ${exceptId === null ? sql`` : sql`AND id <> ${exceptId}`}`);
  if (res.rows.length) throw fieldConflict(`a ${b.scope} ${b.kind} template named ${b.name} exists`, 'name', 'nameTaken');
}

const audited = (b: CreateBody, body: string) => ({
  kind: b.kind,
  scope: b.scope,
  name: b.name,
  category: b.category,
  language: b.language,
  marketId: b.marketId,
  asin: b.asin,
  subject: b.subject,
  body,
});

const lockNames = (tx: DbOrTx, actor: RequestActor) =>
  tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext('mail_templates'), ${actor.accountId})`);

export async function create(ctx: AppContext, actor: RequestActor, b: CreateBody) {
  const { body, issues } = vet(b);
  return ctx.db.transaction(async (tx) => {
    await lockNames(tx, actor);
    await nameTaken(tx, actor, b, null);
    const res = await tx.execute<{ id: number }>(sql`
      INSERT INTO mail_templates (account_id, kind, owner_user_id, name, category, language, market_id, asin, subject, body,
                                  created_by, updated_by)
      VALUES (${actor.accountId}, ${b.kind}, ${b.scope === 'personal' ? actor.userId : null}, ${b.name}, ${b.category},
              ${b.language}, ${b.marketId}, ${b.asin}, ${b.subject}, ${body}, ${actor.userId}, ${actor.userId})
      RETURNING id`);
    const id = Number(res.rows[0]?.id);
    await audit(tx, actor, { action: 'mailTemplate.create', entity: 'mail_template', entityId: id, after: audited(b, body) });
    return { templateId: id, version: 1, issues };
  });
}

const before = (r: Raw) => ({
  kind: r.kind,
  scope: r.owner_user_id === null ? 'shared' : 'personal',
  name: r.name,
  category: r.category,
  language: r.language,
  marketId: r.market_id,
  asin: r.asin,
  subject: r.subject,
  body: r.body,
});

export async function update(ctx: AppContext, actor: RequestActor, b: UpdateBody) {
  const { body, issues } = vet(b);
  return ctx.db.transaction(async (tx) => {
    await lockNames(tx, actor);
    const old = await find(tx, actor, b.templateId, true);
    if (Number(old.version) !== b.version) throw staleVersion();
    if (old.kind !== b.kind) throw conflict(`template ${b.templateId} is a ${old.kind} template`);
    // Making a shared template personal hides it from everyone else: only its author may.
    if (old.owner_user_id === null && b.scope === 'personal' && Number(old.created_by) !== actor.userId)
      throw codedFieldError('scope', 'mail.personalOnlyAuthor');
    await nameTaken(tx, actor, b, b.templateId);
    await tx.execute(sql`
      UPDATE mail_templates SET owner_user_id = ${b.scope === 'personal' ? actor.userId : null}, name = ${b.name},
             category = ${b.category}, language = ${b.language}, market_id = ${b.marketId}, asin = ${b.asin},
             subject = ${b.subject}, body = ${body}, version = version + 1, updated_by = ${actor.userId}, updated_at = now()
       WHERE id = ${b.templateId}`);
    await audit(tx, actor, {
      action: 'mailTemplate.update',
      entity: 'mail_template',
      entityId: b.templateId,
      before: before(old),
      after: audited(b, body),
    });
    return { templateId: b.templateId, version: b.version + 1, issues };
  });
}

export async function remove(ctx: AppContext, actor: RequestActor, id: number) {
  await ctx.db.transaction(async (tx) => {
    const old = await find(tx, actor, id, true);
    await tx.execute(sql`DELETE FROM mail_templates WHERE id = ${id}`);
    await audit(tx, actor, { action: 'mailTemplate.delete', entity: 'mail_template', entityId: id, before: before(old) });
  });
  return null;
}
