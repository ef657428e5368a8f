/**
 * Shipment plans and shipments. Rules:
 * - A plan belongs to a shop of the caller's scope (another shop's plan answers 404) and goes
 *   to one warehouse; its lines are SKUs of that shop, each asked in units and stored in whole
 *   cartons (rounded up). Only a draft changes or is deleted.
 * - SHIPMENT_PLAN_MACHINE moves the state; any other move is a 409 naming the state, and a
 *   stale version a 409 of its own. Every write is audited with the plan's shop.
 * - Shipping records the shipment and ships every line in full: its units become inbound
 *   shipped at the destination. A receipt adds units per line (never more than shipped): they
 *   leave inbound and become fulfillable. Closing a plan takes what never arrived out of
 *   inbound: it stays a difference (/shipmentDif) for a claim.
 * - Batches (batches.service.ts): `batch` puts a confirmed plan into an open batch of its shop,
 *   warehouse and mode (the plan's batch number becomes the batch's code); `unbatch`, and
 *   cancelling a batched plan, take it out while the batch is open. A plan in a batch ships with
 *   its batch, not alone (a batch number typed before batches existed has no batch: it ships alone).
 */
import { type EndpointQuery, type FieldError, fieldErrorOf, type Lang, refusalText, transitionFrom } from '@bo/contract';
import { type BatchState, SHIPMENT_BATCH_MACHINE } from '@bo/contract/inventory/batches';
import {
  cartonsFor,
  EDITABLE_PLAN_STATES,
  type fbaOnWay,
  type listDifferences,
  type listPlans,
  type listShipments,
  type overseaDetail,
  type PlanBody,
  type PlanLine,
  type PlanSummary,
  type ReceiptBody,
  SHIPMENT_MODES,
  SHIPMENT_PLAN_MACHINE,
  type ShipBody,
  type ShipmentLineRow,
  type ShipmentPlan,
  type ShipmentPlanAction,
  type ShipmentPlanState,
  type ShipmentRow,
  type searchShipments,
  TRANSIT_DAYS,
} from '@bo/contract/inventory/shipments';
import { poolOf } from '../../db/client';
import { pageOf } from '../../db/sql';
import { audit } from '../../platform/audit/audit.service';
import type { RequestActor } from '../../platform/auth/actor';
import type { AppContext } from '../../platform/context';
import { badRequest, conflict, notFound, staleVersion } from '../../platform/errors';
import { exportLang, tr } from '../../platform/export/lang';
import { streamXlsx, type XlsxColumn } from '../../platform/export/xlsx-stream';
import { plannedTransitDays } from '../logistics/logistics.reads';
import { type ShopScope, scopeHas } from '../shops/shops/shop-scope';
import * as batchRepo from './batches.repository';
import { checkPlanCapacity } from './fba-capacity';
import { stockLost, stockReceived, stockShipped } from './inventory.writes';
import * as repo from './shipments.repository';

type Raw = repo.Raw;
const n = (v: unknown) => Number(v ?? 0);
const s = (v: unknown) => (v === null || v === undefined ? null : String(v));
type Tx = Parameters<Parameters<AppContext['db']['transaction']>[0]>[0];

function toSummary(r: Raw): PlanSummary {
  return {
    id: n(r.id),
    code: String(r.code),
    shopId: n(r.shop_id),
    shopName: String(r.shop_name),
    marketId: n(r.market_id),
    warehouseId: n(r.warehouse_id),
    warehouseCode: String(r.warehouse_code),
    state: r.state as ShipmentPlanState,
    mode: r.mode as PlanSummary['mode'],
    batchNo: s(r.batch_no),
    batchId: r.batch_id === null || r.batch_id === undefined ? null : n(r.batch_id),
    remark: String(r.remark ?? ''),
    skus: n(r.skus),
    cartons: n(r.cartons),
    quantity: n(r.quantity),
    shipped: n(r.shipped),
    received: n(r.received),
    version: n(r.version),
    createdBy: s(r.created_by),
    createdAt: String(r.created_at),
    updatedAt: String(r.updated_at),
    shipment:
      r.sh_id === null || r.sh_id === undefined
        ? null
        : {
            id: n(r.sh_id),
            code: String(r.sh_code),
            mode: r.sh_mode as PlanSummary['mode'],
            carrier: String(r.carrier),
            tracking: String(r.tracking),
            etd: String(r.etd),
            eta: String(r.eta),
            shippedAt: String(r.shipped_at),
            receivedOn: s(r.received_on),
          },
  };
}

const toLine = (r: Raw): PlanLine => ({
  id: n(r.id),
  sku: String(r.sku),
  listingId: r.listing_id === null ? null : n(r.listing_id),
  model: s(r.model),
  productName: s(r.product_name),
  productNameEn: s(r.product_name_en),
  unitsPerCarton: n(r.units_per_carton),
  cartons: n(r.cartons),
  quantity: n(r.quantity),
  shipped: n(r.shipped),
  received: n(r.received),
});

function toShipmentRow(r: Raw): ShipmentRow {
  return {
    planId: n(r.plan_id),
    planCode: String(r.plan_code),
    state: r.state as ShipmentRow['state'],
    shopId: n(r.shop_id),
    shopName: String(r.shop_name),
    marketId: n(r.market_id),
    warehouseCode: String(r.warehouse_code),
    batchNo: s(r.batch_no),
    id: n(r.id),
    code: String(r.code),
    mode: r.mode as ShipmentRow['mode'],
    carrier: String(r.carrier),
    tracking: String(r.tracking),
    etd: String(r.etd),
    eta: String(r.eta),
    shippedAt: String(r.shipped_at),
    receivedOn: s(r.received_on),
    skus: n(r.skus),
    shipped: n(r.shipped),
    received: n(r.received),
  };
}

export function toLineRow(r: Raw): ShipmentLineRow {
  return {
    lineId: n(r.line_id),
    planId: n(r.plan_id),
    planCode: String(r.plan_code),
    state: r.state as ShipmentLineRow['state'],
    shopId: n(r.shop_id),
    shopName: String(r.shop_name),
    marketId: n(r.market_id),
    warehouseCode: String(r.warehouse_code),
    shipmentCode: String(r.shipment_code),
    mode: r.mode as ShipmentLineRow['mode'],
    carrier: String(r.carrier),
    tracking: String(r.tracking),
    etd: String(r.etd),
    eta: String(r.eta),
    receivedOn: s(r.received_on),
    sku: String(r.sku),
    model: s(r.model),
    productName: s(r.product_name),
    productNameEn: s(r.product_name_en),
    shipped: n(r.shipped),
    received: n(r.received),
    difference: n(r.difference),
    claimId: r.claim_id === null || r.claim_id === undefined ? null : n(r.claim_id),
  };
}

const page = (q: { pageNum: number; pageSize: number }) => ({ pageNum: q.pageNum, pageSize: q.pageSize });

export async function listPlansPage(ctx: AppContext, scope: ShopScope, q: EndpointQuery<typeof listPlans>) {
  const { rows, total } = await pageOf<Raw>(ctx.db, repo.plansPage(scope, q), page(q));
  return { list: rows.map(toSummary), total, ...page(q) };
}

async function load(db: AppContext['db'] | Tx, scope: ShopScope, id: number, lock = false): Promise<ShipmentPlan> {
  const head = await repo.planHead(db, scope, id, lock);
  if (!head) throw notFound(`no shipment plan ${id}`);
  return { ...toSummary(head), lines: (await repo.planLines(db, id)).map(toLine) };
}

export const getPlan = (ctx: AppContext, scope: ShopScope, id: number) => load(ctx.db, scope, id);

/** The plan's shop and warehouse checked, its lines resolved to listings and rounded to cartons. */
async function prepared(db: Tx, scope: ShopScope, b: PlanBody) {
  if (!scopeHas(scope, b.shopId)) fieldsRefused([fieldErrorOf('shopId', 'invalidOption')]);
  if (!(await repo.warehouseExists(db, b.warehouseId))) fieldsRefused([fieldErrorOf('warehouseId', 'invalidOption')]);
  const listings = await repo.listingsOf(
    db,
    b.shopId,
    b.lines.map((l) => l.sku),
  );
  const lines: repo.NewLine[] = b.lines.map((l) => {
    const found = listings.get(l.sku.toUpperCase());
    return {
      sku: found?.sku ?? l.sku,
      listingId: found?.id ?? null,
      unitsPerCarton: l.unitsPerCarton,
      cartons: cartonsFor(l.quantity, l.unitsPerCarton),
    };
  });
  return { head: { shopId: b.shopId, warehouseId: b.warehouseId, mode: b.mode, remark: b.remark }, lines };
}

function fieldsRefused(fields: FieldError[]): never {
  throw badRequest(fields.map((f) => `${f.path}: ${f.message}`).join(', '), { fields });
}

const auditOf = (p: ShipmentPlan) => ({
  shopId: p.shopId,
  state: p.state,
  warehouseCode: p.warehouseCode,
  mode: p.mode,
  batchNo: p.batchNo,
  remark: p.remark,
  lines: p.lines.map((l) => `${l.sku} × ${l.quantity}${l.received ? ` (${l.received})` : ''}`).join(', '),
});

export async function createPlan(ctx: AppContext, actor: RequestActor, scope: ShopScope, b: PlanBody): Promise<ShipmentPlan> {
  return ctx.db.transaction((tx) => createPlanIn(tx, actor, scope, b));
}

/** A new draft plan inside the caller's transaction (the plans made from replenishment advice). */
export async function createPlanIn(tx: Tx, actor: RequestActor, scope: ShopScope, b: PlanBody): Promise<ShipmentPlan> {
  const { head, lines } = await prepared(tx, scope, b);
  const id = await repo.insertPlan(tx, { ...head, createdBy: actor.userId });
  await repo.replaceLines(tx, id, lines);
  const after = await load(tx, scope, id);
  await audit(tx, actor, { action: 'create', entity: 'shipment_plan', entityId: id, after: auditOf(after) });
  return after;
}

function checkVersion(p: ShipmentPlan, version: number | null) {
  if (version !== null && p.version !== version) throw staleVersion();
}

function refuse(p: ShipmentPlan, action: ShipmentPlanAction, lang: Lang): never {
  throw conflict(refusalText(SHIPMENT_PLAN_MACHINE, p.state, action, lang), { state: p.state });
}

function notDraft(p: ShipmentPlan, lang: Lang): never {
  const st = SHIPMENT_PLAN_MACHINE.states[p.state].label;
  throw conflict(
    lang === 'zh-CN'
      ? `发货计划当前为「${st.zh}」，只能修改或删除草稿`
      : `only a draft plan changes or is deleted: the plan is ${st.en.toLowerCase()}`,
    { state: p.state },
  );
}

export async function updatePlan(
  ctx: AppContext,
  actor: RequestActor,
  scope: ShopScope,
  id: number,
  body: { version: number; plan: PlanBody },
  lang: Lang,
): Promise<ShipmentPlan> {
  return ctx.db.transaction(async (tx) => {
    const before = await load(tx, scope, id, true);
    if (!EDITABLE_PLAN_STATES.includes(before.state)) notDraft(before, lang);
    checkVersion(before, body.version);
    const { head, lines } = await prepared(tx, scope, body.plan);
    await repo.updatePlanHead(tx, id, head);
    await repo.replaceLines(tx, id, lines);
    const after = await load(tx, scope, id);
    await audit(tx, actor, {
      action: 'update',
      entity: 'shipment_plan',
      entityId: id,
      before: auditOf(before),
      after: auditOf(after),
    });
    return after;
  });
}

export async function deletePlan(ctx: AppContext, actor: RequestActor, scope: ShopScope, id: number, lang: Lang): Promise<null> {
  return ctx.db.transaction(async (tx) => {
    const before = await load(tx, scope, id, true);
    if (!EDITABLE_PLAN_STATES.includes(before.state)) notDraft(before, lang);
    await repo.deletePlan(tx, id);
    await audit(tx, actor, { action: 'delete', entity: 'shipment_plan', entityId: id, before: auditOf(before) });
    return null;
  });
}

const AUDIT_ACTION = {
  confirm: 'shipmentPlan.confirm',
  batch: 'shipmentPlan.batch',
  unbatch: 'shipmentPlan.unbatch',
  ship: 'shipmentPlan.ship',
  receive: 'shipmentPlan.receive',
  close: 'shipmentPlan.close',
  cancel: 'shipmentPlan.cancel',
  unship: 'shipmentPlan.unship',
} as const;

/** Runs one action of the machine on a locked plan: refused moves and stale versions first, then `apply`, then the audit row. */
function step(
  ctx: AppContext,
  actor: RequestActor,
  scope: ShopScope,
  id: number,
  action: ShipmentPlanAction,
  version: number,
  lang: Lang,
  apply: (tx: Tx, plan: ShipmentPlan, to: ShipmentPlanState) => Promise<void>,
): Promise<ShipmentPlan> {
  return ctx.db.transaction((tx) => stepIn(tx, actor, scope, id, action, version, lang, apply));
}

/** `step` inside the caller's transaction (a batch moves its plans in its own); `version` null: the plan's current one. */
async function stepIn(
  tx: Tx,
  actor: RequestActor,
  scope: ShopScope,
  id: number,
  action: ShipmentPlanAction,
  version: number | null,
  lang: Lang,
  apply: (tx: Tx, plan: ShipmentPlan, to: ShipmentPlanState) => Promise<void>,
): Promise<ShipmentPlan> {
  const before = await load(tx, scope, id, true);
  const t = transitionFrom(SHIPMENT_PLAN_MACHINE, before.state, action);
  if (!t) refuse(before, action, lang);
  checkVersion(before, version);
  await apply(tx, before, t.to);
  const after = await load(tx, scope, id);
  await audit(tx, actor, {
    action: AUDIT_ACTION[action],
    entity: 'shipment_plan',
    entityId: id,
    before: auditOf(before),
    after: { ...auditOf(after), ...(after.shipment ? { shipment: after.shipment } : {}) },
  });
  return after;
}

type BatchRef = NonNullable<Awaited<ReturnType<typeof batchRepo.batchRef>>>;

/** A plan joins or leaves a batch only while the batch is open (409 naming the batch's state). */
function batchNotOpen(b: BatchRef, lang: Lang): never {
  const st = SHIPMENT_BATCH_MACHINE.states[b.state as BatchState].label;
  throw conflict(
    lang === 'zh-CN'
      ? `批次 ${b.code} 当前为「${st.zh}」，只有开放的批次可以加入或移出计划`
      : `plans join or leave only an open batch: ${b.code} is ${st.en.toLowerCase()}`,
    { state: b.state },
  );
}

/** The batch's history names each plan that joined or left it. */
async function auditBatch(
  tx: Tx,
  actor: RequestActor,
  b: BatchRef,
  action: 'shipmentBatch.addPlans' | 'shipmentBatch.removePlan',
  plan: string,
) {
  await audit(tx, actor, { action, entity: 'shipment_batch', entityId: b.id, after: { plan } });
}

/**
 * Puts a confirmed plan into an open batch of its shop, warehouse and mode, in the caller's
 * transaction: the plan becomes batched with the batch's code as its batch number.
 */
export async function batchPlanIn(
  tx: Tx,
  actor: RequestActor,
  scope: ShopScope,
  planId: number,
  version: number | null,
  batchId: number,
  lang: Lang,
): Promise<ShipmentPlan> {
  const batch = await batchRepo.batchRef(tx, scope, batchId, true);
  if (!batch) fieldsRefused([fieldErrorOf('batchId', 'invalidOption')]);
  return stepIn(tx, actor, scope, planId, 'batch', version, lang, async (_, p, to) => {
    if (batch.state !== 'open') batchNotOpen(batch, lang);
    if (p.shopId !== batch.shopId || p.warehouseId !== batch.warehouseId || p.mode !== batch.mode)
      throw conflict(
        lang === 'zh-CN'
          ? `计划 ${p.code} 的店铺、目的仓或运输方式与批次 ${batch.code} 不同`
          : `plan ${p.code} goes from another shop, to another warehouse or by another mode than batch ${batch.code}`,
        { state: p.state },
      );
    await batchRepo.setPlanBatch(tx, p.id, batch);
    await repo.setState(tx, p.id, to);
    await batchRepo.touchBatch(tx, batch.id);
    await auditBatch(tx, actor, batch, 'shipmentBatch.addPlans', p.code);
  });
}

/** Takes a plan out of its batch while the batch is open (`to`: confirmed, or cancelled). */
async function leaveBatch(tx: Tx, actor: RequestActor, scope: ShopScope, p: ShipmentPlan, lang: Lang) {
  if (p.batchId === null) return;
  const batch = await batchRepo.batchRef(tx, scope, p.batchId, true);
  if (!batch) return;
  if (batch.state !== 'open') batchNotOpen(batch, lang);
  await batchRepo.setPlanBatch(tx, p.id, null);
  await batchRepo.touchBatch(tx, batch.id);
  await auditBatch(tx, actor, batch, 'shipmentBatch.removePlan', p.code);
}

/** `unbatch` in the caller's transaction: the plan goes back to confirmed. */
export function unbatchPlanIn(tx: Tx, actor: RequestActor, scope: ShopScope, planId: number, version: number | null, lang: Lang) {
  return stepIn(tx, actor, scope, planId, 'unbatch', version, lang, async (_, p, to) => {
    await leaveBatch(tx, actor, scope, p, lang);
    if (p.batchId === null) await batchRepo.setPlanBatch(tx, p.id, null);
    await repo.setState(tx, p.id, to);
  });
}

/** A batch's plans go back to confirmed when it is cancelled (no batch check: the batch is moving itself). */
export function releasePlanIn(tx: Tx, actor: RequestActor, scope: ShopScope, planId: number, lang: Lang) {
  return stepIn(tx, actor, scope, planId, 'unbatch', null, lang, async (_, p, to) => {
    await batchRepo.setPlanBatch(tx, p.id, null);
    await repo.setState(tx, p.id, to);
  });
}

const today = () => new Date().toISOString().slice(0, 10);
const moveOf = (p: ShipmentPlan, l: PlanLine, units: number, day: string) => ({
  shopId: p.shopId,
  warehouseId: p.warehouseId,
  sku: l.sku,
  listingId: l.listingId,
  units,
  day,
});

export async function movePlan(
  ctx: AppContext,
  actor: RequestActor,
  scope: ShopScope,
  id: number,
  body: { action: 'confirm' | 'batch' | 'unbatch' | 'close' | 'cancel'; version: number; batchId?: number | undefined },
  lang: Lang,
): Promise<ShipmentPlan> {
  if (body.action === 'batch')
    return ctx.db.transaction((tx) => batchPlanIn(tx, actor, scope, id, body.version, body.batchId as number, lang));
  if (body.action === 'unbatch') return ctx.db.transaction((tx) => unbatchPlanIn(tx, actor, scope, id, body.version, lang));
  return step(ctx, actor, scope, id, body.action, body.version, lang, async (tx, p, to) => {
    if (body.action === 'confirm') await checkPlanCapacity(tx, p, lang);
    if (body.action === 'cancel') await leaveBatch(tx, actor, scope, p, lang);
    await repo.setState(tx, id, to);
    if (body.action === 'close')
      for (const l of p.lines) if (l.shipped > l.received) await stockLost(tx, moveOf(p, l, l.shipped - l.received, today()));
  });
}

/** Records the shipment, moves the plan to shipped and its units into inbound (a plan alone, or each plan of a batch). */
async function shipApply(tx: Tx, p: ShipmentPlan, to: ShipmentPlanState, b: Omit<ShipBody, 'version'>) {
  await repo.insertShipment(tx, p.id, { ...b, code: b.code || `${p.code}-1` });
  await repo.setState(tx, p.id, to);
  for (const l of p.lines) await stockShipped(tx, moveOf(p, l, l.quantity, b.etd));
}

export async function shipPlan(
  ctx: AppContext,
  actor: RequestActor,
  scope: ShopScope,
  id: number,
  b: ShipBody,
  lang: Lang,
): Promise<ShipmentPlan> {
  return step(ctx, actor, scope, id, 'ship', b.version, lang, async (tx, p, to) => {
    if (p.batchId !== null)
      throw conflict(
        lang === 'zh-CN'
          ? `计划 ${p.code} 在批次 ${p.batchNo} 中，随批次发货`
          : `plan ${p.code} ships with its batch ${p.batchNo}`,
        { state: p.state, batchId: p.batchId },
      );
    await shipApply(tx, p, to, b);
  });
}

/** One plan of a shipping batch, in the batch's transaction, with the batch's carrier, tracking and days. */
export function shipBatchedPlanIn(
  tx: Tx,
  actor: RequestActor,
  scope: ShopScope,
  planId: number,
  b: Omit<ShipBody, 'version' | 'code'>,
  lang: Lang,
) {
  return stepIn(tx, actor, scope, planId, 'ship', null, lang, (tx2, p, to) => shipApply(tx2, p, to, { ...b, code: '' }));
}

export async function receivePlan(
  ctx: AppContext,
  actor: RequestActor,
  scope: ShopScope,
  id: number,
  b: ReceiptBody,
  lang: Lang,
): Promise<ShipmentPlan> {
  return step(ctx, actor, scope, id, 'receive', b.version, lang, async (tx, p, to) => {
    const errors: FieldError[] = [];
    b.lines.forEach((r, i) => {
      const l = p.lines.find((x) => x.id === r.lineId);
      if (!l) errors.push(fieldErrorOf(`lines.${i}.lineId`, 'invalidOption'));
      else if (l.received + r.quantity > l.shipped)
        errors.push(fieldErrorOf(`lines.${i}.quantity`, 'atMost', { max: l.shipped - l.received }));
    });
    if (b.lines.every((r) => r.quantity === 0)) errors.push(fieldErrorOf('lines', 'tooFewItems', { min: 1 }));
    if (errors.length > 0) fieldsRefused(errors);
    for (const r of b.lines) {
      if (r.quantity === 0) continue;
      const l = p.lines.find((x) => x.id === r.lineId) as PlanLine;
      await repo.addReceipt(tx, {
        planId: id,
        lineId: l.id,
        quantity: r.quantity,
        receivedOn: b.receivedOn,
        createdBy: actor.userId,
      });
      await stockReceived(tx, moveOf(p, l, r.quantity, b.receivedOn));
    }
    await repo.setState(tx, id, to);
  });
}

// ---- shipments ----

export async function listShipmentsPage(ctx: AppContext, scope: ShopScope, q: EndpointQuery<typeof listShipments>) {
  const { rows, total } = await pageOf<Raw>(ctx.db, repo.shipmentsPage(scope, q), page(q));
  return { list: rows.map(toShipmentRow), total, ...page(q) };
}

export async function searchShipmentLines(ctx: AppContext, scope: ShopScope, q: EndpointQuery<typeof searchShipments>) {
  const { rows, total } = await pageOf<Raw>(ctx.db, repo.shipmentLinesPage(scope, q), page(q));
  return { list: rows.map(toLineRow), total, ...page(q) };
}

export async function listDifferencesPage(ctx: AppContext, scope: ShopScope, q: EndpointQuery<typeof listDifferences>) {
  const { rows, total } = await pageOf<Raw>(ctx.db, repo.shipmentLinesPage(scope, { ...q, differences: true }), page(q));
  return { list: rows.map(toLineRow), total, ...page(q) };
}

export async function warehousesOf(ctx: AppContext) {
  return (await repo.warehouses(ctx.db)).map((r) => ({
    id: n(r.id),
    code: String(r.code),
    kind: r.kind as 'fba' | '3pl' | 'factory',
    marketId: r.market_id === null ? null : n(r.market_id),
    name: String(r.name),
    nameEn: String(r.name_en),
  }));
}

// ---- spec §7 reads ----

/** Planned transit days per mode: the marketplace's shipment settings (logistics) when saved, else the defaults. */
export async function deliveryTypesOf(
  ctx: AppContext,
  marketId?: number,
): Promise<{ mode: (typeof SHIPMENT_MODES)[number]; transitDays: number }[]> {
  const planned = marketId === undefined ? null : await plannedTransitDays(ctx.db, marketId);
  return SHIPMENT_MODES.map((mode) => ({ mode, transitDays: planned?.[mode] ?? TRANSIT_DAYS[mode] }));
}

export async function onWayOf(ctx: AppContext, scope: ShopScope, q: EndpointQuery<typeof fbaOnWay>) {
  return (await repo.onWay(ctx.db, scope, q)).map((r) => ({
    shopId: n(r.shop_id),
    shopName: String(r.shop_name),
    warehouseCode: String(r.warehouse_code),
    sku: String(r.sku),
    units: n(r.units),
    shipments: n(r.shipments),
    eta: String(r.eta),
  }));
}

export async function overseaOf(ctx: AppContext, scope: ShopScope, q: EndpointQuery<typeof overseaDetail>) {
  return (await repo.overseaStock(ctx.db, scope, q)).map((r) => ({
    shopId: n(r.shop_id),
    shopName: String(r.shop_name),
    warehouseCode: String(r.warehouse_code),
    sku: String(r.sku),
    day: String(r.day),
    fulfillable: n(r.fulfillable),
    inbound: n(r.inbound),
  }));
}

// ---- shipment management (/shipmentManageNext, modules/supplyboards) ----
// Create ships a confirmed plan in no batch through the ship path above; edit changes the shipment under the plan's
// version; delete undoes a mistaken ship (`unship`) while nothing is received. Each also writes the `shipment`
// history (entity id: the plan), which the screen's holders read.

const shipmentAudit = (p: ShipmentPlan) =>
  p.shipment
    ? {
        plan: p.code,
        code: p.shipment.code,
        mode: p.shipment.mode,
        carrier: p.shipment.carrier,
        tracking: p.shipment.tracking,
        etd: p.shipment.etd,
        eta: p.shipment.eta,
        units: p.shipped,
      }
    : { plan: p.code };

/** Confirmed plans in no batch (the 50 newest matching): what a new shipment can ship. */
export async function shippablePlans(ctx: AppContext, scope: ShopScope, keyword: string | undefined): Promise<PlanSummary[]> {
  const { rows } = await pageOf<Raw>(
    ctx.db,
    repo.plansPage(scope, { state: 'confirmed', keyword, sortField: 'createdAt', sortOrder: 'desc' }),
    { pageNum: 1, pageSize: 50 },
  );
  return rows.map(toSummary).filter((p) => p.batchId === null);
}

export const getShippedPlan = async (ctx: AppContext, scope: ShopScope, planId: number): Promise<ShipmentPlan> => {
  const p = await load(ctx.db, scope, planId);
  if (!p.shipment) throw notFound(`plan ${planId} has no shipment`);
  return p;
};

/** Ships a confirmed plan that is in no batch (a batched one ships with its batch on /shipmentBatch: 409). */
export function shipConfirmedPlan(
  ctx: AppContext,
  actor: RequestActor,
  scope: ShopScope,
  planId: number,
  b: ShipBody,
  lang: Lang,
): Promise<ShipmentPlan> {
  return ctx.db.transaction(async (tx) => {
    const after = await stepIn(tx, actor, scope, planId, 'ship', b.version, lang, async (tx2, p, to) => {
      if (p.state !== 'confirmed' || p.batchId !== null)
        throw conflict(
          lang === 'zh-CN'
            ? `计划 ${p.code} 在批次中，随批次发货；这里只发未分批的已确认计划`
            : `plan ${p.code} is in a batch and ships with it: only a confirmed plan in no batch ships here`,
          { state: p.state },
        );
      await shipApply(tx2, p, to, b);
    });
    await audit(tx, actor, { action: 'create', entity: 'shipment', entityId: planId, after: shipmentAudit(after) });
    return after;
  });
}

function notEditable(p: ShipmentPlan, lang: Lang): never {
  const st = SHIPMENT_PLAN_MACHINE.states[p.state].label;
  throw conflict(
    lang === 'zh-CN'
      ? `发货计划 ${p.code} 当前为「${st.zh}」，只能修改已发货或收货中的货件`
      : `only the shipment of a shipped or received plan changes: plan ${p.code} is ${st.en.toLowerCase()}`,
    { state: p.state },
  );
}

/** Changes a shipment's carrier, tracking, ETD, ETA and code while its plan is shipped or received. */
export function editShipment(
  ctx: AppContext,
  actor: RequestActor,
  scope: ShopScope,
  planId: number,
  b: { version: number; code: string; carrier: string; tracking: string; etd: string; eta: string },
  lang: Lang,
): Promise<ShipmentPlan> {
  return ctx.db.transaction(async (tx) => {
    const before = await load(tx, scope, planId, true);
    if (!before.shipment || (before.state !== 'shipped' && before.state !== 'received')) notEditable(before, lang);
    checkVersion(before, b.version);
    await repo.updateShipment(tx, planId, { ...b, code: b.code || before.shipment.code });
    const after = await load(tx, scope, planId);
    await audit(tx, actor, {
      action: 'update',
      entity: 'shipment',
      entityId: planId,
      before: shipmentAudit(before),
      after: shipmentAudit(after),
    });
    return after;
  });
}

/**
 * Undoes a mistaken ship (`unship`, shipped → confirmed) while nothing is received: the shipment is deleted and the
 * units leave inbound, in one transaction. A plan that shipped with its batch is refused (its batch shipped as one).
 */
export function unshipPlan(
  ctx: AppContext,
  actor: RequestActor,
  scope: ShopScope,
  planId: number,
  version: number,
  lang: Lang,
): Promise<ShipmentPlan> {
  return ctx.db.transaction(async (tx) => {
    const before = await load(tx, scope, planId, true);
    const after = await stepIn(tx, actor, scope, planId, 'unship', version, lang, async (tx2, p, to) => {
      if (p.received > 0 || (await repo.hasReceipts(tx2, p.id)))
        throw conflict(
          lang === 'zh-CN' ? `计划 ${p.code} 已有收货，不能撤销发货` : `plan ${p.code} has receipts: its ship cannot be undone`,
          { state: p.state },
        );
      if (p.batchId !== null)
        throw conflict(
          lang === 'zh-CN'
            ? `计划 ${p.code} 随批次 ${p.batchNo} 发货，不能单独撤销`
            : `plan ${p.code} shipped with its batch ${p.batchNo}: it cannot be unshipped alone`,
          { state: p.state, batchId: p.batchId },
        );
      await repo.deleteShipment(tx2, p.id);
      await repo.setState(tx2, p.id, to);
      for (const l of p.lines) if (l.shipped > 0) await stockLost(tx2, moveOf(p, l, l.shipped, today()));
    });
    await audit(tx, actor, { action: 'delete', entity: 'shipment', entityId: planId, before: shipmentAudit(before) });
    return after;
  });
}

export function exportShipments(
  ctx: AppContext,
  scope: ShopScope,
  q: repo.ShipmentFilter & { sortField: string; sortOrder: 'asc' | 'desc' },
  acceptLanguage: string | undefined,
) {
  const lang = exportLang(acceptLanguage);
  const t = (zh: string, en: string) => tr(lang, zh, en);
  const columns: XlsxColumn<ShipmentRow>[] = [
    { header: t('货件', 'Shipment'), width: 18, value: (r) => r.code },
    { header: t('发货计划', 'Plan'), width: 12, value: (r) => r.planCode },
    { header: t('状态', 'State'), width: 10, value: (r) => SHIPMENT_PLAN_MACHINE.states[r.state].label[lang] },
    { header: t('店铺', 'Shop'), width: 18, value: (r) => r.shopName },
    { header: t('目的仓', 'Warehouse'), width: 12, value: (r) => r.warehouseCode },
    { header: t('批次', 'Batch'), width: 12, value: (r) => r.batchNo },
    { header: t('运输方式', 'Mode'), width: 10, value: (r) => r.mode },
    { header: t('承运商', 'Carrier'), width: 14, value: (r) => r.carrier },
    { header: t('跟踪号', 'Tracking'), width: 18, value: (r) => r.tracking },
    { header: 'ETD', width: 12, value: (r) => r.etd },
    { header: 'ETA', width: 12, value: (r) => r.eta },
    { header: t('SKU 数', 'SKUs'), value: (r) => r.skus },
    { header: t('发货件数', 'Shipped'), value: (r) => r.shipped },
    { header: t('已收件数', 'Received'), value: (r) => r.received },
    { header: t('最后收货日', 'Last receipt'), width: 12, value: (r) => r.receivedOn },
  ];
  return streamXlsx<ShipmentRow>(poolOf(ctx.db), {
    fileName: `${t('货件', 'shipments')}_${today()}.xlsx`,
    sheetName: t('货件', 'Shipments'),
    query: repo.shipmentsQuery(scope, q),
    map: toShipmentRow,
    columns,
  });
}
