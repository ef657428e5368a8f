/**
 * Keyword rules of incoming mail. Rules:
 * - A rule belongs to the caller's company account; one rule per keyword (case-insensitive)
 *   and field in a kind (409 on the keyword).
 * - A dialogue rule targets one of MAIL_DIALOGUE_TYPES, a product rule an existing product
 *   line (400 on targetId otherwise).
 * - "Test" runs the contract's matcher on the account's rules: the same code the mail
 *   fetcher uses, so the screen shows what routing will do.
 * - Edits carry the version (409 when stale); every write has an audit row.
 */

import type { EndpointBody, EndpointQuery } from '@bo/contract';
import {
  type KeywordKind,
  type KeywordRule,
  MAIL_DIALOGUE_TYPES,
  matchKeywordRules,
  type productKeywords,
} from '@bo/contract/mail/keywords';
import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { likeContains, pageOf } from '../../../db/sql';
import { audit } from '../../../platform/audit/audit.service';
import type { RequestActor } from '../../../platform/auth/actor';
import type { AppContext } from '../../../platform/context';
import { codedFieldError, fieldConflict, notFound, staleVersion } from '../../../platform/errors';

type ListQuery = EndpointQuery<typeof productKeywords.list>;
type CreateBody = EndpointBody<typeof productKeywords.create>;
type UpdateBody = EndpointBody<typeof productKeywords.update>;

interface Raw extends Record<string, unknown> {
  id: number;
  keyword: string;
  match_type: KeywordRule['matchType'];
  field: KeywordRule['field'];
  priority: number;
  enabled: boolean;
  target_id: number;
  target_name: string | null;
  target_name_en: string | null;
  version: number;
  updated_at: string;
}

const toRule = (r: Raw): KeywordRule => ({
  id: Number(r.id),
  keyword: r.keyword,
  matchType: r.match_type,
  field: r.field,
  priority: Number(r.priority),
  enabled: r.enabled,
  targetId: Number(r.target_id),
  targetName: r.target_name,
  targetNameEn: r.target_name_en,
  version: Number(r.version),
  updatedAt: r.updated_at,
});

const select = (kind: KeywordKind) => sql`
  SELECT k.id, k.keyword, k.match_type, k.field, k.priority, k.enabled, k.target_id, k.version,
         to_char(k.updated_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS updated_at,
         ${kind === 'product' ? sql`pl.name` : sql`NULL::text`} AS target_name,
         ${kind === 'product' ? sql`pl.name_en` : sql`NULL::text`} AS target_name_en
    FROM mail_keyword_rules k
    ${kind === 'product' ? sql`LEFT JOIN product_lines pl ON pl.id = k.target_id` : sql``}`;

const mine = (actor: RequestActor, kind: KeywordKind) => sql`k.account_id = ${actor.accountId} AND k.kind = ${kind}`;

const SORT: Record<ListQuery['sortField'], string> = {
  keyword: 'lower(p.keyword)',
  priority: 'p.priority',
  targetId: 'p.target_id',
  updatedAt: 'p.updated_at',
};

export async function list(ctx: AppContext, actor: RequestActor, kind: KeywordKind, q: ListQuery) {
  const where: SQL[] = [mine(actor, kind)];
  if (q.keyword) where.push(sql`k.keyword ILIKE ${likeContains(q.keyword)}`);
  if (q.targetId !== undefined) where.push(sql`k.target_id = ${q.targetId}`);
  const dir = q.sortOrder === 'desc' ? sql`DESC` : sql`ASC`;
  const { rows, total } = await pageOf<Raw>(
    ctx.db,
    {
      select: sql`SELECT p.*`,
      from: sql`FROM (${select(kind)} WHERE ${sql.join(where, sql` AND `)}) p`,
      orderBy: sql`${sql.raw(SORT[q.sortField])} ${dir}, length(p.keyword) DESC, p.id`,
    },
    q,
  );
  return { list: rows.map(toRule), total, pageNum: q.pageNum, pageSize: q.pageSize };
}

async function find(db: DbOrTx, actor: RequestActor, kind: KeywordKind, id: number) {
  const res = await db.execute<Raw>(sql`${select(kind)} WHERE k.id = ${id} AND ${mine(actor, kind)}`);
  const row = res.rows[0];
  if (!row) throw notFound(`no ${kind} keyword rule ${id}`);
  return row;
}

async function check(tx: DbOrTx, actor: RequestActor, kind: KeywordKind, b: CreateBody, exceptId: number | null) {
  if (kind === 'dialogue' && !MAIL_DIALOGUE_TYPES.some((d) => d.id === b.targetId))
    throw codedFieldError('targetId', 'mail.notDialogueType');
  if (kind === 'product') {
    const line = await tx.execute(sql`SELECT 1 FROM product_lines WHERE id = ${b.targetId}`);
    if (!line.rows.length) throw codedFieldError('targetId', 'catalog.noSuchLine');
  }
  const dup = await tx.execute(sql`
    SELECT 1 FROM mail_keyword_rules k WHERE ${mine(actor, kind)} AND lower(k.keyword) = lower(${b.keyword}) AND k.field = ${b.field}
       ${exceptId === null ? sql`` : sql`AND k.id <> ${exceptId}`}`);
  if (dup.rows.length) throw fieldConflict(`a rule for "${b.keyword}" in this field exists`, 'keyword', 'mail.keywordRuleExists');
}

const lock = (tx: DbOrTx, actor: RequestActor, kind: KeywordKind) =>
  tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`mail_keyword_rules:${kind}`}), ${actor.accountId})`);

const snapshot = (r: {
  keyword: string;
  matchType?: string;
  field: string;
  priority: number;
  enabled: boolean;
  targetId?: number;
}) => r;

export async function create(ctx: AppContext, actor: RequestActor, kind: KeywordKind, b: CreateBody) {
  return ctx.db.transaction(async (tx) => {
    await lock(tx, actor, kind);
    await check(tx, actor, kind, b, null);
    const res = await tx.execute<{ id: number }>(sql`
      INSERT INTO mail_keyword_rules (account_id, kind, keyword, match_type, field, priority, enabled, target_id)
      VALUES (${actor.accountId}, ${kind}, ${b.keyword}, ${b.matchType}, ${b.field}, ${b.priority}, ${b.enabled}, ${b.targetId})
      RETURNING id`);
    const id = Number(res.rows[0]?.id);
    await audit(tx, actor, { action: 'mailKeyword.create', entity: `mail_keyword_${kind}`, entityId: id, after: snapshot(b) });
    return toRule(await find(tx, actor, kind, id));
  });
}

export async function update(ctx: AppContext, actor: RequestActor, kind: KeywordKind, b: UpdateBody) {
  return ctx.db.transaction(async (tx) => {
    await lock(tx, actor, kind);
    const old = toRule(await find(tx, actor, kind, b.id));
    if (old.version !== b.version) throw staleVersion();
    await check(tx, actor, kind, b, b.id);
    await tx.execute(sql`
      UPDATE mail_keyword_rules SET keyword = ${b.keyword}, match_type = ${b.matchType}, field = ${b.field},
             priority = ${b.priority}, enabled = ${b.enabled}, target_id = ${b.targetId}, version = version + 1, updated_at = now()
       WHERE id = ${b.id}`);
    const { id: _id, version: _v, ...after } = b;
    await audit(tx, actor, {
      action: 'mailKeyword.update',
      entity: `mail_keyword_${kind}`,
      entityId: b.id,
      before: snapshot(old),
      after: snapshot(after),
    });
    return toRule(await find(tx, actor, kind, b.id));
  });
}

export async function remove(ctx: AppContext, actor: RequestActor, kind: KeywordKind, id: number) {
  await ctx.db.transaction(async (tx) => {
    const old = toRule(await find(tx, actor, kind, id));
    await tx.execute(sql`DELETE FROM mail_keyword_rules WHERE id = ${id}`);
    await audit(tx, actor, { action: 'mailKeyword.delete', entity: `mail_keyword_${kind}`, entityId: id, before: snapshot(old) });
  });
  return null;
}

/** What routing would do with a sample mail. */
export async function test(ctx: AppContext, actor: RequestActor, kind: KeywordKind, mail: { subject: string; body: string }) {
  const res = await ctx.db.execute<Raw>(sql`${select(kind)} WHERE ${mine(actor, kind)} AND k.enabled`);
  const matches = matchKeywordRules(res.rows.map(toRule), mail);
  return { targetId: matches[0]?.rule.targetId ?? null, matches };
}

/**
 * The dialogue type the account's enabled dialogue rules give a new mail, or null when none
 * matches: the fetcher routes incoming mail with the same matcher as the rules' test panel.
 */
export async function dialogueTypeByRules(
  db: DbOrTx,
  accountId: number,
  mail: { subject: string; body: string },
): Promise<number | null> {
  const res = await db.execute<Raw>(
    sql`${select('dialogue')} WHERE k.account_id = ${accountId} AND k.kind = 'dialogue' AND k.enabled`,
  );
  if (res.rows.length === 0) return null;
  return matchKeywordRules(res.rows.map(toRule), mail)[0]?.rule.targetId ?? null;
}
