/**
 * FBA claims. Rules:
 * - A claim is raised for a line of a received (or closed) plan that arrived short, once per
 *   line, for the units missing then; it belongs to the plan's shop.
 * - FBA_CLAIM_MACHINE moves the state (409 naming the state otherwise; a stale version is a
 *   409 of its own): submit needs the case id, reimburse the amount (units default to the
 *   claim's). A reimbursement import matches its rows to submitted or approved claims
 *   (`reimburseFromReport`). Every write is audited with the claim's shop.
 */
import { type EndpointQuery, type Lang, refusalText, transitionFrom } from '@bo/contract';
import { type Claim, type ClaimAction, type ClaimState, FBA_CLAIM_MACHINE, type listClaims } from '@bo/contract/inventory/claims';
import type { DbOrTx } from '../../db/client';
import { pageOf } from '../../db/sql';
import { type AuditActor, audit } from '../../platform/audit/audit.service';
import type { RequestActor } from '../../platform/auth/actor';
import type { AppContext } from '../../platform/context';
import { conflict, notFound, staleVersion } from '../../platform/errors';
import type { ShopScope } from '../shops/shops/shop-scope';
import * as repo from './claims.repository';

const n = (v: unknown) => Number(v ?? 0);

function toClaim(r: repo.Raw): Claim {
  return {
    id: n(r.id),
    shopId: n(r.shop_id),
    shopName: String(r.shop_name),
    marketId: n(r.market_id),
    planId: n(r.plan_id),
    planCode: String(r.plan_code),
    lineId: n(r.line_id),
    shipmentCode: String(r.shipment_code),
    warehouseCode: String(r.warehouse_code),
    sku: String(r.sku),
    quantity: n(r.quantity),
    state: r.state as ClaimState,
    caseId: String(r.case_id ?? ''),
    reimbursedUnits: n(r.reimbursed_units),
    reimbursedAmount: Number(r.reimbursed_amount ?? 0).toFixed(2),
    currency: String(r.currency ?? ''),
    reimbursementId: String(r.reimbursement_id ?? ''),
    remark: String(r.remark ?? ''),
    version: n(r.version),
    createdAt: String(r.created_at),
    updatedAt: String(r.updated_at),
  };
}

export async function listClaimsPage(ctx: AppContext, scope: ShopScope, q: EndpointQuery<typeof listClaims>) {
  const page = { pageNum: q.pageNum, pageSize: q.pageSize };
  const { rows, total } = await pageOf<repo.Raw>(ctx.db, repo.claimsPage(scope, q), page);
  return { list: rows.map(toClaim), total, ...page };
}

async function load(db: DbOrTx, scope: ShopScope, id: number, lock = false): Promise<Claim> {
  const row = await repo.claimRow(db, scope, id, lock);
  if (!row) throw notFound(`no claim ${id}`);
  return toClaim(row);
}

export const getClaim = (ctx: AppContext, scope: ShopScope, id: number) => load(ctx.db, scope, id);

const auditOf = (c: Claim) => ({
  shopId: c.shopId,
  state: c.state,
  sku: c.sku,
  quantity: c.quantity,
  caseId: c.caseId,
  reimbursedUnits: c.reimbursedUnits,
  reimbursedAmount: c.reimbursedAmount,
  reimbursementId: c.reimbursementId,
  remark: c.remark,
});

export async function raiseClaim(ctx: AppContext, actor: RequestActor, scope: ShopScope, lineId: number, lang: Lang) {
  return ctx.db.transaction(async (tx) => {
    const line = await repo.lineForClaim(tx, scope, lineId);
    if (!line) throw notFound(`no shipment line ${lineId}`);
    if (line.claim_id !== null)
      throw conflict(lang === 'zh-CN' ? '该行已有索赔' : 'this line has a claim already', { claimId: Number(line.claim_id) });
    const short = Number(line.shipped) - Number(line.received);
    if (!['received', 'closed'].includes(line.state) || short <= 0)
      throw conflict(lang === 'zh-CN' ? '该行没有收货差异' : 'nothing of this line is missing on receipt', { state: line.state });
    const id = await repo.insertClaim(tx, { shopId: Number(line.shop_id), lineId, quantity: short, createdBy: actor.userId });
    const after = await load(tx, scope, id);
    await audit(tx, actor, { action: 'create', entity: 'fba_claim', entityId: id, after: auditOf(after) });
    return after;
  });
}

const AUDIT_ACTION = {
  submit: 'fbaClaim.submit',
  approve: 'fbaClaim.approve',
  reject: 'fbaClaim.reject',
  reimburse: 'fbaClaim.reimburse',
  reopen: 'fbaClaim.reopen',
  close: 'fbaClaim.close',
} as const;

export interface ClaimMove {
  action: ClaimAction;
  version: number;
  caseId?: string | undefined;
  units?: number | undefined;
  amount?: number | undefined;
  remark?: string | undefined;
}

export async function moveClaim(
  ctx: AppContext,
  actor: RequestActor,
  scope: ShopScope,
  id: number,
  b: ClaimMove,
  lang: Lang,
): Promise<Claim> {
  return ctx.db.transaction(async (tx) => {
    const before = await load(tx, scope, id, true);
    const t = transitionFrom(FBA_CLAIM_MACHINE, before.state, b.action);
    if (!t) throw conflict(refusalText(FBA_CLAIM_MACHINE, before.state, b.action, lang), { state: before.state });
    if (before.version !== b.version) throw staleVersion();
    await repo.updateClaim(tx, id, {
      state: t.to,
      caseId: b.action === 'submit' ? b.caseId : undefined,
      units: b.action === 'reimburse' ? (b.units ?? before.quantity) : undefined,
      amount: b.action === 'reimburse' && b.amount !== undefined ? b.amount.toFixed(2) : undefined,
      remark: b.remark,
    });
    const after = await load(tx, scope, id);
    await audit(tx, actor, {
      action: AUDIT_ACTION[b.action],
      entity: 'fba_claim',
      entityId: id,
      before: auditOf(before),
      after: auditOf(after),
    });
    return after;
  });
}

export interface ReimbursementRow {
  reimbursementId: string;
  caseId: string;
  sku: string;
  units: number;
  amount: string;
  currency: string;
}

/**
 * A reimbursement report's row pays the claim it matches (claimToMatch): the claim becomes
 * reimbursed with the row's units, amount and ids. Returns the claim's id, or null when no
 * claim waits for it.
 */
export async function reimburseFromReport(
  tx: DbOrTx,
  actor: AuditActor | null,
  shopId: number,
  importId: number,
  r: ReimbursementRow,
): Promise<number | null> {
  const id = await repo.claimToMatch(tx, shopId, r.caseId, r.sku);
  if (id === null) return null;
  await repo.updateClaim(tx, id, {
    state: 'reimbursed',
    units: r.units,
    amount: r.amount,
    currency: r.currency,
    reimbursementId: r.reimbursementId,
    caseId: r.caseId || undefined,
    importId,
  });
  await audit(tx, actor, {
    action: 'fbaClaim.reimburse',
    entity: 'fba_claim',
    entityId: id,
    after: {
      shopId,
      state: 'reimbursed',
      reimbursementId: r.reimbursementId,
      reimbursedUnits: r.units,
      reimbursedAmount: r.amount,
    },
  });
  return id;
}
