/**
 * Shipment batches and delivery lists. Rules:
 * - A batch belongs to one shop of the caller's scope (another shop's answers 404) and holds
 *   plans of that shop to one warehouse by one mode: an FBA inbound shipment is one seller
 *   account's, and shop accounts see only their shops' rows.
 * - SHIPMENT_BATCH_MACHINE moves the state; any other move is a 409 naming the state, a stale
 *   version a 409 of its own. Plans join (confirmed → batched) and leave (→ confirmed) only
 *   while it is open, through the plan machine (shipments.service.ts), each move audited on
 *   the plan and on the batch.
 * - Shipping a batch (closed for loading) ships each of its plans through the plan's ship path
 *   in one transaction: one shipment per plan with the batch's carrier, tracking, ETD and ETA.
 *   Cancelling it sends its plans back to confirmed.
 * - A delivery list is made from batches of one shop and warehouse that have not left; its
 *   lines are numbered cartons (1–5, 6–12, …) per plan line, kept as made; the open batches it
 *   names are closed for loading in the same transaction.
 */
import { type EndpointQuery, type FieldError, fieldErrorOf, type Lang, refusalText, transitionFrom } from '@bo/contract';
import { marketCode } from '@bo/contract/constants';
import {
  BATCH_LISTABLE_STATES,
  type BatchAction,
  type BatchBody,
  type BatchLine,
  type BatchPlan,
  type BatchState,
  type BatchSummary,
  type DeliveryLine,
  type DeliveryList,
  type exportBatches,
  type listBatches,
  type listDeliveryLists,
  SHIPMENT_BATCH_MACHINE,
  type ShipBatchBody,
  type ShipmentBatch,
} from '@bo/contract/inventory/batches';
import { poolOf } from '../../db/client';
import { pageOf } from '../../db/sql';
import { audit } from '../../platform/audit/audit.service';
import type { RequestActor } from '../../platform/auth/actor';
import type { AppContext } from '../../platform/context';
import { badRequest, conflict, notFound, staleVersion } from '../../platform/errors';
import { exportLang, named, tr } from '../../platform/export/lang';
import { streamXlsx } from '../../platform/export/xlsx-stream';
import { type ShopScope, scopeHas } from '../shops/shops/shop-scope';
import * as repo from './batches.repository';
import * as planRepo from './shipments.repository';
import * as plans from './shipments.service';

type Raw = repo.Raw;
type Tx = Parameters<Parameters<AppContext['db']['transaction']>[0]>[0];
const n = (v: unknown) => Number(v ?? 0);
const s = (v: unknown) => (v === null || v === undefined ? null : String(v));
const f = (v: unknown) => (v === null || v === undefined ? null : Number(v));

function toSummary(r: Raw): BatchSummary {
  return {
    id: n(r.id),
    code: String(r.code),
    shopId: n(r.shop_id),
    shopName: String(r.shop_name),
    marketId: n(r.market_id),
    warehouseId: n(r.warehouse_id),
    warehouseCode: String(r.warehouse_code),
    mode: r.mode as BatchSummary['mode'],
    state: r.state as BatchState,
    shipOn: s(r.ship_on),
    carrier: String(r.carrier ?? ''),
    remark: String(r.remark ?? ''),
    tracking: s(r.tracking),
    etd: s(r.etd),
    eta: s(r.eta),
    plans: n(r.plans),
    skus: n(r.skus),
    cartons: n(r.cartons),
    units: n(r.units),
    weightKg: f(r.weight_kg),
    volumeM3: f(r.volume_m3),
    unitsWithoutInfo: n(r.units_without_info),
    deliveryLists: n(r.delivery_lists),
    version: n(r.version),
    createdBy: s(r.created_by),
    createdAt: String(r.created_at),
    updatedAt: String(r.updated_at),
  };
}

const toPlan = (r: Raw): BatchPlan => ({
  id: n(r.id),
  code: String(r.code),
  state: r.state as BatchPlan['state'],
  skus: n(r.skus),
  cartons: n(r.cartons),
  units: n(r.units),
  version: n(r.version),
  shipmentCode: s(r.shipment_code),
});

const toLine = (r: Raw): BatchLine => ({
  planId: n(r.plan_id),
  planCode: String(r.plan_code),
  sku: String(r.sku),
  fnsku: s(r.fnsku),
  asin: s(r.asin),
  model: s(r.model),
  productName: s(r.product_name),
  productNameEn: s(r.product_name_en),
  unitsPerCarton: n(r.units_per_carton),
  cartons: n(r.cartons),
  units: n(r.units),
});

const page = (q: { pageNum: number; pageSize: number }) => ({ pageNum: q.pageNum, pageSize: q.pageSize });

export async function listBatchesPage(ctx: AppContext, scope: ShopScope, q: EndpointQuery<typeof listBatches>) {
  const { rows, total } = await pageOf<Raw>(ctx.db, repo.batchesPage(scope, q), page(q));
  return { list: rows.map(toSummary), total, ...page(q) };
}

async function load(db: AppContext['db'] | Tx, scope: ShopScope, id: number, lock = false): Promise<ShipmentBatch> {
  const head = await repo.batchHead(db, scope, id, lock);
  if (!head) throw notFound(`no shipment batch ${id}`);
  return {
    ...toSummary(head),
    planList: (await repo.batchPlans(db, id)).map(toPlan),
    lines: (await repo.batchLines(db, [id])).map(toLine),
  };
}

export const getBatch = (ctx: AppContext, scope: ShopScope, id: number) => load(ctx.db, scope, id);

export async function candidatesOf(ctx: AppContext, scope: ShopScope, id: number): Promise<BatchPlan[]> {
  const b = await load(ctx.db, scope, id);
  return (await repo.candidatePlans(ctx.db, b)).map(toPlan);
}

/** The open batches a plan may join (for the plan screen's Batch). */
export async function openBatchesForPlan(ctx: AppContext, scope: ShopScope, planId: number): Promise<BatchSummary[]> {
  const p = await plans.getPlan(ctx, scope, planId);
  return (await repo.openBatchesFor(ctx.db, scope, p)).map(toSummary);
}

function fieldsRefused(fields: FieldError[]): never {
  throw badRequest(fields.map((x) => `${x.path}: ${x.message}`).join(', '), { fields });
}

const auditOf = (b: ShipmentBatch) => ({
  shopId: b.shopId,
  state: b.state,
  warehouseCode: b.warehouseCode,
  mode: b.mode,
  shipOn: b.shipOn,
  carrier: b.carrier,
  remark: b.remark,
  tracking: b.tracking,
  etd: b.etd,
  eta: b.eta,
  plans: b.planList.map((p) => p.code).join(', '),
});

export async function createBatch(ctx: AppContext, actor: RequestActor, scope: ShopScope, b: BatchBody): Promise<ShipmentBatch> {
  return ctx.db.transaction(async (tx) => {
    if (!scopeHas(scope, b.shopId)) fieldsRefused([fieldErrorOf('shopId', 'invalidOption')]);
    if (!(await planRepo.warehouseExists(tx, b.warehouseId))) fieldsRefused([fieldErrorOf('warehouseId', 'invalidOption')]);
    const id = await repo.insertBatch(tx, { ...b, createdBy: actor.userId });
    const after = await load(tx, scope, id);
    await audit(tx, actor, { action: 'create', entity: 'shipment_batch', entityId: id, after: auditOf(after) });
    return after;
  });
}

function checkVersion(b: ShipmentBatch, version: number) {
  if (b.version !== version) throw staleVersion();
}

function refuse(b: ShipmentBatch, action: BatchAction, lang: Lang): never {
  throw conflict(refusalText(SHIPMENT_BATCH_MACHINE, b.state, action, lang), { state: b.state });
}

/** The batch's head and plans change only while it has not left (open or closed for loading; plans: open only). */
function notOpen(b: ShipmentBatch, lang: Lang, states: readonly BatchState[]): never {
  const st = SHIPMENT_BATCH_MACHINE.states[b.state].label;
  throw conflict(
    lang === 'zh-CN'
      ? `批次当前为「${st.zh}」，不能修改`
      : `the batch is ${st.en.toLowerCase()}: only ${states.join(' or ')} batches change`,
    { state: b.state },
  );
}

/** Locks the batch, checks its state and version, runs `apply`, audits before and after. */
async function change(
  ctx: AppContext,
  actor: RequestActor,
  scope: ShopScope,
  id: number,
  version: number,
  states: readonly BatchState[],
  lang: Lang,
  apply: (tx: Tx, b: ShipmentBatch) => Promise<void>,
  auditAction: 'update' | null,
): Promise<ShipmentBatch> {
  return ctx.db.transaction(async (tx) => {
    const before = await load(tx, scope, id, true);
    if (!states.includes(before.state)) notOpen(before, lang, states);
    checkVersion(before, version);
    await apply(tx, before);
    const after = await load(tx, scope, id);
    if (auditAction)
      await audit(tx, actor, {
        action: auditAction,
        entity: 'shipment_batch',
        entityId: id,
        before: auditOf(before),
        after: auditOf(after),
      });
    return after;
  });
}

export function updateBatch(
  ctx: AppContext,
  actor: RequestActor,
  scope: ShopScope,
  id: number,
  body: { version: number; shipOn: string | null; carrier: string; remark: string },
  lang: Lang,
) {
  return change(
    ctx,
    actor,
    scope,
    id,
    body.version,
    BATCH_LISTABLE_STATES,
    lang,
    (tx) => repo.updateBatchHead(tx, id, body),
    'update',
  );
}

/** Only an open batch without plans is deleted; one that held plans is cancelled (its history stays). */
export async function deleteBatch(ctx: AppContext, actor: RequestActor, scope: ShopScope, id: number, lang: Lang): Promise<null> {
  return ctx.db.transaction(async (tx) => {
    const before = await load(tx, scope, id, true);
    if (before.state !== 'open' || before.planList.length > 0 || before.deliveryLists > 0)
      throw conflict(
        lang === 'zh-CN'
          ? '只能删除没有计划和交货单的开放批次，其余请取消'
          : 'only an open batch without plans or delivery lists is deleted: cancel it instead',
        { state: before.state },
      );
    await repo.deleteBatch(tx, id);
    await audit(tx, actor, { action: 'delete', entity: 'shipment_batch', entityId: id, before: auditOf(before) });
    return null;
  });
}

export function addPlans(
  ctx: AppContext,
  actor: RequestActor,
  scope: ShopScope,
  id: number,
  body: { version: number; planIds: number[] },
  lang: Lang,
) {
  return change(
    ctx,
    actor,
    scope,
    id,
    body.version,
    ['open'],
    lang,
    async (tx) => {
      for (const planId of new Set(body.planIds)) await plans.batchPlanIn(tx, actor, scope, planId, null, id, lang);
    },
    null,
  );
}

export function removePlan(
  ctx: AppContext,
  actor: RequestActor,
  scope: ShopScope,
  id: number,
  body: { version: number; planId: number },
  lang: Lang,
) {
  return change(
    ctx,
    actor,
    scope,
    id,
    body.version,
    ['open'],
    lang,
    async (tx, b) => {
      if (!b.planList.some((p) => p.id === body.planId)) fieldsRefused([fieldErrorOf('planId', 'invalidOption')]);
      await plans.unbatchPlanIn(tx, actor, scope, body.planId, null, lang);
    },
    null,
  );
}

const AUDIT_ACTION = {
  close: 'shipmentBatch.close',
  reopen: 'shipmentBatch.reopen',
  ship: 'shipmentBatch.ship',
  cancel: 'shipmentBatch.cancel',
} as const;

/** One action of the batch machine on a locked batch, in the caller's transaction. */
async function stepIn(
  tx: Tx,
  actor: RequestActor,
  scope: ShopScope,
  id: number,
  action: BatchAction,
  version: number | null,
  lang: Lang,
  apply: (b: ShipmentBatch, to: BatchState) => Promise<void>,
): Promise<ShipmentBatch> {
  const before = await load(tx, scope, id, true);
  const t = transitionFrom(SHIPMENT_BATCH_MACHINE, before.state, action);
  if (!t) refuse(before, action, lang);
  if (version !== null) checkVersion(before, version);
  await apply(before, t.to);
  const after = await load(tx, scope, id);
  await audit(tx, actor, {
    action: AUDIT_ACTION[action],
    entity: 'shipment_batch',
    entityId: id,
    before: auditOf(before),
    after: auditOf(after),
  });
  return after;
}

export function moveBatch(
  ctx: AppContext,
  actor: RequestActor,
  scope: ShopScope,
  id: number,
  body: { action: 'close' | 'reopen' | 'cancel'; version: number },
  lang: Lang,
) {
  return ctx.db.transaction((tx) =>
    stepIn(tx, actor, scope, id, body.action, body.version, lang, async (b, to) => {
      if (body.action === 'close' && b.planList.length === 0)
        throw conflict(lang === 'zh-CN' ? '批次中没有计划，不能截止装货' : 'a batch without plans is not closed for loading', {
          state: b.state,
        });
      if (body.action === 'cancel') for (const p of b.planList) await plans.releasePlanIn(tx, actor, scope, p.id, lang);
      await repo.setBatchState(tx, id, to);
    }),
  );
}

export function shipBatch(ctx: AppContext, actor: RequestActor, scope: ShopScope, id: number, body: ShipBatchBody, lang: Lang) {
  return ctx.db.transaction((tx) =>
    stepIn(tx, actor, scope, id, 'ship', body.version, lang, async (b, to) => {
      const { version: _, ...shipment } = body;
      for (const p of b.planList)
        if (p.state === 'batched') await plans.shipBatchedPlanIn(tx, actor, scope, p.id, { ...shipment, mode: b.mode }, lang);
      await repo.setBatchState(tx, id, to, shipment);
    }),
  );
}

// ---- export ----

export function exportBatchRows(
  ctx: AppContext,
  scope: ShopScope,
  q: EndpointQuery<typeof exportBatches>,
  al: string | undefined,
) {
  const lang = exportLang(al);
  const t = (zh: string, en: string) => tr(lang, zh, en);
  return streamXlsx<BatchSummary>(poolOf(ctx.db), {
    fileName: `${t('发货批次', 'shipment batches')}_${new Date().toISOString().slice(0, 10)}.xlsx`,
    sheetName: t('发货批次', 'Shipment batches'),
    query: repo.batchesQuery(scope, q),
    map: toSummary,
    columns: [
      { header: t('批次', 'Batch'), width: 12, value: (r) => r.code },
      { header: t('状态', 'State'), width: 14, value: (r) => SHIPMENT_BATCH_MACHINE.states[r.state].label[lang] },
      { header: t('店铺', 'Shop'), width: 18, value: (r) => r.shopName },
      { header: t('目的仓', 'Warehouse'), width: 12, value: (r) => r.warehouseCode },
      { header: t('运输方式', 'Mode'), width: 10, value: (r) => r.mode },
      { header: t('计划发货日', 'Ship on'), width: 12, value: (r) => r.shipOn },
      { header: t('承运商', 'Carrier'), width: 14, value: (r) => r.carrier },
      { header: t('计划数', 'Plans'), value: (r) => r.plans },
      { header: 'SKU', value: (r) => r.skus },
      { header: t('箱数', 'Cartons'), value: (r) => r.cartons },
      { header: t('件数', 'Units'), value: (r) => r.units },
      { header: t('毛重 (kg)', 'Weight (kg)'), numFmt: '0.0', value: (r) => r.weightKg },
      { header: t('体积 (m³)', 'Volume (m³)'), numFmt: '0.000', value: (r) => r.volumeM3 },
      { header: t('跟踪号', 'Tracking'), width: 16, value: (r) => r.tracking },
      { header: 'ETD', width: 12, value: (r) => r.etd },
      { header: 'ETA', width: 12, value: (r) => r.eta },
      { header: t('创建人', 'Created by'), width: 12, value: (r) => r.createdBy },
      { header: t('创建时间', 'Created at'), width: 20, value: (r) => r.createdAt },
    ],
  });
}

// ---- delivery lists ----

/** The batches' lines as numbered carton ranges, in loading order. */
export function numbered(rows: Raw[]): DeliveryLine[] {
  let next = 1;
  return rows.map((r) => {
    const cartons = n(r.cartons);
    const line: DeliveryLine = {
      batchCode: String(r.batch_code),
      planCode: String(r.plan_code),
      cartonFrom: next,
      cartonTo: next + cartons - 1,
      sku: String(r.sku),
      fnsku: s(r.fnsku),
      asin: s(r.asin),
      model: s(r.model),
      productName: s(r.product_name),
      productNameEn: s(r.product_name_en),
      unitsPerCarton: n(r.units_per_carton),
      cartons,
      units: n(r.units),
      destination: String(r.destination),
    };
    next += cartons;
    return line;
  });
}

/** The chosen batches, checked: in the scope, not left yet, one shop and warehouse, each with plans. */
async function listable(db: AppContext['db'] | Tx, scope: ShopScope, batchIds: number[], lang: Lang, lock = false) {
  const ids = [...new Set(batchIds)];
  const batches: ShipmentBatch[] = [];
  for (const id of ids) batches.push(await load(db, scope, id, lock));
  const errors: FieldError[] = [];
  const [first] = batches as [ShipmentBatch];
  batches.forEach((b, i) => {
    if (!BATCH_LISTABLE_STATES.includes(b.state) || b.planList.length === 0)
      errors.push(fieldErrorOf(`batchIds.${i}`, 'invalidOption'));
    else if (b.shopId !== first.shopId || b.warehouseId !== first.warehouseId)
      errors.push(fieldErrorOf(`batchIds.${i}`, 'invalidOption'));
  });
  if (errors.length > 0)
    throw badRequest(
      lang === 'zh-CN'
        ? '交货单只能由同一店铺、同一目的仓、尚未发货且有计划的批次生成'
        : 'a delivery list is made from batches of one shop and warehouse that have plans and have not shipped',
      { fields: errors },
    );
  const lines = numbered(await repo.batchLines(db, ids));
  return {
    batches,
    first,
    lines,
    cartons: lines.reduce((a, l) => a + l.cartons, 0),
    units: lines.reduce((a, l) => a + l.units, 0),
  };
}

export async function previewDeliveryList(ctx: AppContext, scope: ShopScope, body: { batchIds: number[] }, lang: Lang) {
  const l = await listable(ctx.db, scope, body.batchIds, lang);
  return {
    shopName: l.first.shopName,
    warehouseCode: l.first.warehouseCode,
    batchCodes: l.batches.map((b) => b.code),
    cartons: l.cartons,
    units: l.units,
    lines: l.lines,
  };
}

function toList(r: Raw): DeliveryList {
  return {
    id: n(r.id),
    code: String(r.code),
    shopId: n(r.shop_id),
    shopName: String(r.shop_name),
    marketId: n(r.market_id),
    warehouseCode: String(r.warehouse_code),
    batchCodes: (r.batch_codes as string[] | null) ?? [],
    cartons: n(r.cartons),
    units: n(r.units),
    createdBy: s(r.created_by),
    createdAt: String(r.created_at),
  };
}

export async function createDeliveryList(
  ctx: AppContext,
  actor: RequestActor,
  scope: ShopScope,
  body: { batchIds: number[] },
  lang: Lang,
): Promise<DeliveryList> {
  return ctx.db.transaction(async (tx) => {
    const l = await listable(tx, scope, body.batchIds, lang, true);
    for (const b of l.batches)
      if (b.state === 'open')
        await stepIn(tx, actor, scope, b.id, 'close', null, lang, (_, to) => repo.setBatchState(tx, b.id, to));
    const id = await repo.insertDeliveryList(
      tx,
      {
        shopId: l.first.shopId,
        warehouseId: l.first.warehouseId,
        batchIds: l.batches.map((b) => b.id),
        batchCodes: l.batches.map((b) => b.code),
        cartons: l.cartons,
        units: l.units,
        createdBy: actor.userId,
      },
      l.lines,
    );
    const made = toList((await repo.deliveryList(tx, scope, id)) as Raw);
    await audit(tx, actor, {
      action: 'create',
      entity: 'delivery_list',
      entityId: id,
      after: { code: made.code, batches: made.batchCodes.join(', '), cartons: made.cartons, units: made.units },
    });
    return made;
  });
}

export async function listDeliveryListsPage(ctx: AppContext, scope: ShopScope, q: EndpointQuery<typeof listDeliveryLists>) {
  const { rows, total } = await pageOf<Raw>(ctx.db, repo.deliveryListsPage(scope, q), page(q));
  return { list: rows.map(toList), total, ...page(q) };
}

export async function downloadDeliveryList(ctx: AppContext, scope: ShopScope, id: number, al: string | undefined) {
  const head = await repo.deliveryList(ctx.db, scope, id);
  if (!head) throw notFound(`no delivery list ${id}`);
  const list = toList(head);
  const lang = exportLang(al);
  const t = (zh: string, en: string) => tr(lang, zh, en);
  return streamXlsx<DeliveryLine & { hsCode: string | null; declaredValue: string | null }>(poolOf(ctx.db), {
    fileName: `${list.code}_${list.warehouseCode}.xlsx`,
    sheetName: list.code,
    query: repo.deliveryLinesQuery(id, marketCode(list.marketId)),
    map: (r) => ({
      batchCode: String(r.batch_code),
      planCode: String(r.plan_code),
      cartonFrom: n(r.carton_from),
      cartonTo: n(r.carton_to),
      sku: String(r.sku),
      fnsku: s(r.fnsku),
      asin: s(r.asin),
      model: s(r.model),
      productName: s(r.product_name),
      productNameEn: s(r.product_name_en),
      unitsPerCarton: n(r.units_per_carton),
      cartons: n(r.cartons),
      units: n(r.units),
      destination: String(r.destination),
      hsCode: s(r.hs_code),
      declaredValue: r.unit_value === null ? null : `${Number(r.unit_value).toFixed(2)} ${r.currency}`,
    }),
    columns: [
      {
        header: t('箱号', 'Cartons'),
        width: 12,
        value: (r) => (r.cartonFrom === r.cartonTo ? `${r.cartonFrom}` : `${r.cartonFrom}-${r.cartonTo}`),
      },
      { header: 'SKU', width: 18, value: (r) => r.sku },
      { header: 'FNSKU', width: 13, value: (r) => r.fnsku },
      { header: 'ASIN', width: 13, value: (r) => r.asin },
      { header: t('型号', 'Model'), width: 12, value: (r) => r.model },
      { header: t('产品', 'Product'), width: 24, value: (r) => named(lang, r.productName, r.productNameEn) },
      { header: t('每箱件数', 'Units per carton'), value: (r) => r.unitsPerCarton },
      { header: t('箱数', 'Cartons'), value: (r) => r.cartons },
      { header: t('件数', 'Units'), value: (r) => r.units },
      { header: t('HS 编码', 'HS code'), width: 13, value: (r) => r.hsCode },
      { header: t('申报单价', 'Declared unit value'), width: 14, value: (r) => r.declaredValue },
      { header: t('目的仓', 'Destination'), width: 12, value: (r) => r.destination },
      { header: t('批次', 'Batch'), width: 12, value: (r) => r.batchCode },
      { header: t('发货计划', 'Plan'), width: 12, value: (r) => r.planCode },
    ],
  });
}
