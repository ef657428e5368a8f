/**
 * Shipment waves (contract inventory/waves.ts; decisions.md "Shipment plans for approval (waves)").
 * - A wave's lines are listings of the caller's shops (another shop's listing: 404); the caller
 *   sees a wave only when every line is of a visible shop.
 * - SHIPMENT_WAVE_MACHINE moves the state (409 naming it), a stale version is a 409 of its own.
 *   Submit, withdraw, cancel and split are the owner's; approve and reject go through the
 *   approval engine (flow SHIPMENT_WAVE_FLOW), whose approvers, fixed at submission, are every
 *   other holder of an approve button of the wave screens: nobody approves their own (403).
 * - Split (approved → split) makes one confirmed shipment plan per shop × destination × mode
 *   through the plan service's `createPlanIn`, linked back (`shipment_plans.wave_id`), in one
 *   transaction; a second split is a 409 (the wave is split).
 * Every write is audited (entity `shipment_wave`), in the transaction that makes it.
 */
import {
  type EndpointData,
  type EndpointQuery,
  type FieldError,
  fieldErrorOf,
  type Lang,
  refusalText,
  transitionFrom,
} from '@bo/contract';
import { type AdviceRow, DEFAULT_MOQ, DEFAULT_SERVICE_LEVEL, DEFAULT_UNITS_PER_CARTON } from '@bo/contract/inventory/replenish';
import { SHIPMENT_PLAN_MACHINE } from '@bo/contract/inventory/shipments';
import {
  EDITABLE_WAVE_STATES,
  type getWave,
  type listWaves,
  SHIPMENT_WAVE_FLOW,
  SHIPMENT_WAVE_MACHINE,
  type ShipmentWave,
  type smartProposals,
  type WaveAction,
  type WaveBody,
  type WaveKind,
  type WaveLine,
  type WaveState,
  type WaveSummary,
  type waveAdvice,
  waveLineQuantity,
  weekStartOf,
} from '@bo/contract/inventory/waves';
import { calcQuery } from '@bo/contract/logistics/calc';
import type { Tx } from '../../db/client';
import { pageOf } from '../../db/sql';
import { actOnApproval, approvalFor, awaitingEntityIds, readApproval, timelineOf } from '../../platform/approvals/approvals';
import { audit } from '../../platform/audit/audit.service';
import type { RequestActor } from '../../platform/auth/actor';
import { usersHolding } from '../../platform/auth/holders';
import type { AppContext } from '../../platform/context';
import { badRequest, conflict, forbidden, notFound, staleVersion } from '../../platform/errors';
import { calculate } from '../logistics/calc.service';
import type { ShopScope } from '../shops/shops/shop-scope';
import { adviceInputs } from './replenish.repository';
import { addDays, adviceRows, compute } from './replenish.service';
import * as planRepo from './shipments.repository';
import { createPlanIn } from './shipments.service';
import * as repo from './waves.repository';

type Raw = repo.Raw;
const n = (v: unknown) => Number(v ?? 0);
const s = (v: unknown) => (v === null || v === undefined ? null : String(v));
const say = (lang: Lang, zh: string, en: string) => (lang === 'zh-CN' ? zh : en);

/** Who decides: every holder of an approve button of the wave screens (the list's or /smartShipment's). */
const APPROVE_PERMISSIONS = ['scm:shipment:planNext:approve', 'scm:shipment:smart:approve'];
/** The advice's settings a wave uses: the replenishment screen's defaults. */
const SETTINGS = { serviceLevel: DEFAULT_SERVICE_LEVEL, moq: DEFAULT_MOQ, unitsPerCarton: DEFAULT_UNITS_PER_CARTON };

function toSummary(r: Raw): WaveSummary {
  return {
    id: n(r.id),
    code: String(r.code),
    kind: r.kind as WaveKind,
    shipWeek: String(r.ship_week),
    state: r.state as WaveState,
    remark: String(r.remark ?? ''),
    lines: n(r.lines),
    shops: n(r.shops),
    marketIds: ((r.market_ids as number[] | null) ?? []).map(Number),
    units: n(r.units),
    cartons: n(r.cartons),
    ownerId: n(r.owner_id),
    ownerName: String(r.owner_name ?? ''),
    version: n(r.version),
    createdAt: String(r.created_at),
    updatedAt: String(r.updated_at),
    canDecide: r.can_decide === true,
  };
}

const toLine = (r: Raw): WaveLine => ({
  id: n(r.id),
  shopId: n(r.shop_id),
  shopName: String(r.shop_name),
  marketId: n(r.market_id),
  listingId: n(r.listing_id),
  sku: String(r.sku),
  asin: s(r.asin),
  model: s(r.model),
  productName: s(r.product_name),
  productNameEn: s(r.product_name_en),
  warehouseId: n(r.warehouse_id),
  warehouseCode: String(r.warehouse_code),
  warehouseKind: r.warehouse_kind as WaveLine['warehouseKind'],
  mode: r.mode as WaveLine['mode'],
  units: n(r.units),
  unitsPerCarton: n(r.units_per_carton),
  cartons: r.cartons === null || r.cartons === undefined ? null : n(r.cartons),
  source: r.source as WaveLine['source'],
  adviceState: (s(r.advice_state) as WaveLine['adviceState']) ?? null,
  stockOutDate: s(r.stock_out_date),
  purpose: (s(r.purpose) as WaveLine['purpose']) ?? null,
  remark: String(r.remark ?? ''),
});

/** Lines, units and cartons per marketplace × mode, in the lines' order. */
export function totalsOf(lines: readonly WaveLine[]): ShipmentWave['totals'] {
  const map = new Map<string, ShipmentWave['totals'][number]>();
  for (const l of lines) {
    const k = `${l.marketId}|${l.mode}`;
    const t = map.get(k) ?? {
      marketId: l.marketId,
      mode: l.mode,
      lines: 0,
      units: 0,
      cartons: 0,
      freightUsd: null,
      unpricedUnits: 0,
    };
    t.lines += 1;
    t.units += l.units;
    t.cartons += l.cartons ?? 0;
    map.set(k, t);
  }
  return [...map.values()];
}

async function load(
  db: AppContext['db'] | Tx,
  actor: RequestActor,
  scope: ShopScope,
  id: number,
  lock = false,
): Promise<ShipmentWave> {
  const head = await repo.waveHead(db, scope, actor.userId, id, lock);
  if (!head) throw notFound(`no shipment wave ${id}`);
  const items = (await repo.waveLines(db, id)).map(toLine);
  const approval = await readApproval(db, SHIPMENT_WAVE_FLOW, String(id));
  const events = approval ? await timelineOf(db, approval.id) : [];
  const names = await repo.userNames(db, [...new Set(events.map((e) => e.userId))]);
  const plans = (await repo.wavePlans(db, id)).map((p) => ({
    id: n(p.id),
    code: String(p.code),
    shopName: String(p.shop_name),
    warehouseCode: String(p.warehouse_code),
    mode: p.mode as WaveLine['mode'],
    state: p.state as ShipmentWave['plans'][number]['state'],
    skus: n(p.skus),
    units: n(p.units),
  }));
  return {
    ...toSummary(head),
    items,
    totals: totalsOf(items),
    timeline: events.map((e) => ({
      id: e.id,
      action: e.action,
      userId: e.userId,
      userName: names.get(e.userId) ?? String(e.userId),
      impersonatorUserId: e.impersonatorUserId,
      round: e.round,
      step: e.step,
      from: e.from,
      to: e.to,
      remark: e.remark,
      at: e.at,
    })),
    plans,
  };
}

// ---- reads ----

export async function listWavesPage(
  ctx: AppContext,
  actor: RequestActor,
  scope: ShopScope,
  q: EndpointQuery<typeof listWaves>,
): Promise<EndpointData<typeof listWaves>> {
  const page = { pageNum: q.pageNum, pageSize: q.pageSize };
  const { rows, total } = await pageOf<Raw>(ctx.db, repo.wavesPage(scope, actor.userId, q), page);
  const counts = Object.fromEntries(SHIPMENT_WAVE_STATES_ZERO.map((x) => [x, 0])) as Record<WaveState, number>;
  for (const c of await repo.stateCounts(ctx.db, scope, actor.userId, q)) counts[c.state as WaveState] = n(c.n);
  return { list: rows.map(toSummary), total, ...page, counts };
}
const SHIPMENT_WAVE_STATES_ZERO = Object.keys(SHIPMENT_WAVE_MACHINE.states) as WaveState[];

/**
 * The freight of each marketplace × mode: per model, the logistics calculator's cheapest rate card
 * of the mode to the marketplace for the model's package × the units of its lines (a factory
 * destination is not priced); a model without package info, or without a card, leaves its units
 * unpriced. The calculator answers company callers only: for a shop account nothing is priced.
 */
async function withFreight(ctx: AppContext, actor: RequestActor, w: ShipmentWave, products: Map<number, number | null>) {
  const groups = new Map<string, { marketId: number; mode: WaveLine['mode']; productId: number | null; units: number }>();
  for (const l of w.items) {
    if (l.warehouseKind === 'factory') continue;
    const productId = products.get(l.id) ?? null;
    const k = `${l.marketId}|${l.mode}|${productId}`;
    const g = groups.get(k) ?? { marketId: l.marketId, mode: l.mode, productId, units: 0 };
    g.units += l.units;
    groups.set(k, g);
  }
  const totals = w.totals.map((t) => ({ ...t }));
  for (const g of groups.values()) {
    const t = totals.find((x) => x.marketId === g.marketId && x.mode === g.mode);
    if (!t) continue;
    let usd: number | null = null;
    if (g.productId !== null)
      try {
        const reply = await calculate(
          ctx,
          actor,
          calcQuery.parse({ productId: g.productId, units: g.units, marketId: g.marketId }),
        );
        usd = reply.quotes.find((q) => q.mode === g.mode)?.total ?? null;
      } catch {
        usd = null;
      }
    if (usd === null) t.unpricedUnits += g.units;
    else t.freightUsd = Math.round(((t.freightUsd ?? 0) + usd) * 100) / 100;
  }
  return { ...w, totals };
}

export async function getWaveOf(
  ctx: AppContext,
  actor: RequestActor,
  scope: ShopScope,
  id: number,
): Promise<EndpointData<typeof getWave>> {
  const w = await load(ctx.db, actor, scope, id);
  const products = new Map(
    (await repo.waveLines(ctx.db, id)).map((r) => [n(r.id), r.product_id == null ? null : n(r.product_id)]),
  );
  return withFreight(ctx, actor, w, products);
}

/** Red and amber rows with advice (never EOL), in the advice list's order (red first, soonest stock-out first). */
async function proposals(
  ctx: AppContext,
  scope: ShopScope,
  q: {
    shopId?: number | undefined;
    marketId?: number | undefined;
    keyword?: string | undefined;
    state?: 'red' | 'amber' | undefined;
  },
) {
  const { rows } = await adviceRows(ctx, scope, {
    ...SETTINGS,
    shopId: q.shopId,
    marketId: q.marketId,
    keyword: q.keyword,
    state: q.state,
    sortField: 'state',
    sortOrder: 'asc',
  });
  return rows.filter((r) => r.state !== 'green' && !r.eol && r.adviceUnits > 0);
}

export async function adviceForWave(ctx: AppContext, scope: ShopScope, q: EndpointQuery<typeof waveAdvice>) {
  const rows = await proposals(ctx, scope, q);
  const from = (q.pageNum - 1) * q.pageSize;
  return { list: rows.slice(from, from + q.pageSize), total: rows.length, pageNum: q.pageNum, pageSize: q.pageSize };
}

const today = () => new Date().toISOString().slice(0, 10);
/** The Monday after this week's. */
export const nextShipWeek = (day = today()) => addDays(weekStartOf(day), 7);

export async function smartProposalsOf(
  ctx: AppContext,
  scope: ShopScope,
  q: EndpointQuery<typeof smartProposals>,
): Promise<EndpointData<typeof smartProposals>> {
  const rows = await proposals(ctx, scope, q);
  rows.sort((a, b) => a.marketId - b.marketId || 0);
  return { shipWeek: nextShipWeek(), rows };
}

export async function listingsFor(ctx: AppContext, scope: ShopScope, q: { keyword: string; shopId?: number | undefined }) {
  return (await repo.searchListings(ctx.db, scope, q.keyword, q.shopId)).map((r) => ({
    shopId: n(r.shop_id),
    shopName: String(r.shop_name),
    marketId: n(r.market_id),
    listingId: n(r.listing_id),
    sku: String(r.sku),
    asin: s(r.asin),
    model: s(r.model),
    productName: s(r.product_name),
    productNameEn: s(r.product_name_en),
    unitsPerCarton: r.upc === null || r.upc === undefined ? DEFAULT_UNITS_PER_CARTON : n(r.upc),
  }));
}

export async function waitingFor(ctx: AppContext, actor: RequestActor, scope: ShopScope): Promise<WaveSummary[]> {
  const ids = (await awaitingEntityIds(ctx.db, actor.userId, SHIPMENT_WAVE_FLOW.key)).map(Number);
  const out: WaveSummary[] = [];
  for (const id of ids) {
    const head = await repo.waveHead(ctx.db, scope, actor.userId, id);
    if (head && head.can_decide === true) out.push(toSummary(head));
  }
  return out;
}

// ---- lines ----

function fieldsRefused(fields: FieldError[]): never {
  throw badRequest(fields.map((f) => `${f.path}: ${f.message}`).join(', '), { fields });
}

/** The advice of one listing now, within the scope (null: no FBA position to advise on). */
async function adviceNow(tx: Tx, scope: ShopScope, shopId: number, listingId: number): Promise<AdviceRow | null> {
  const [raw] = await adviceInputs(tx, scope, { shopId, listingId });
  return raw ? compute(raw, SETTINGS).row : null;
}

/**
 * The body's lines checked and resolved: listings of the scope (404 otherwise, naming none of
 * another shop's), the destination (the FBA warehouse of the listing's marketplace unless
 * given; a replenishment line goes to that FBA warehouse or a 3PL, a sample line anywhere),
 * units in whole cartons (replenishment) or as asked (sample), and the advice's state and
 * stock-out date for advice and smart lines (kept from `kept` when the line was already there).
 */
async function prepareLines(tx: Tx, scope: ShopScope, b: WaveBody, kept: readonly WaveLine[] = []): Promise<repo.NewWaveLine[]> {
  const listings = await repo.listingsIn(
    tx,
    scope,
    b.lines.map((l) => l.listingId),
  );
  const warehouses = await repo.warehouseMap(tx);
  const upcs = await repo.lastUnitsPerCarton(
    tx,
    b.lines.map((l) => l.listingId),
  );
  const errors: FieldError[] = [];
  const out: repo.NewWaveLine[] = [];
  const seen = new Set<string>();
  for (const [i, l] of b.lines.entries()) {
    const listing = listings.get(l.listingId);
    if (!listing) throw notFound(`listing ${l.listingId}: not a listing of the caller’s shops`);
    if (listing.shopId !== l.shopId) {
      errors.push(fieldErrorOf(`lines.${i}.shopId`, 'invalidOption'));
      continue;
    }
    const fba = warehouses.find((w) => w.kind === 'fba' && w.marketId === listing.marketId);
    const wh = l.warehouseId === undefined ? fba : warehouses.find((w) => w.id === l.warehouseId);
    const allowed =
      wh !== undefined &&
      (b.kind === 'sample' ||
        wh.id === fba?.id ||
        (wh.kind === '3pl' && (wh.marketId === null || wh.marketId === listing.marketId)));
    if (!wh || !allowed) {
      errors.push(fieldErrorOf(`lines.${i}.warehouseId`, 'invalidOption'));
      continue;
    }
    const key = `${l.shopId}|${l.listingId}|${wh.id}|${l.mode}`;
    if (seen.has(key)) {
      errors.push(fieldErrorOf(`lines.${i}.listingId`, 'listedTwice'));
      continue;
    }
    seen.add(key);
    const q = waveLineQuantity(b.kind, l.units, l.unitsPerCarton ?? upcs.get(l.listingId) ?? DEFAULT_UNITS_PER_CARTON);
    let adviceState: string | null = null;
    let stockOutDate: string | null = null;
    if (b.kind !== 'sample' && l.source !== 'manual') {
      const before = kept.find((k) => k.shopId === l.shopId && k.listingId === l.listingId && k.source === l.source);
      if (before) {
        adviceState = before.adviceState;
        stockOutDate = before.stockOutDate;
      } else {
        const advice = await adviceNow(tx, scope, l.shopId, l.listingId);
        if (!advice) {
          errors.push(fieldErrorOf(`lines.${i}.source`, 'invalidOption'));
          continue;
        }
        adviceState = advice.state;
        stockOutDate = advice.stockOutDate;
      }
    }
    out.push({
      shopId: l.shopId,
      listingId: l.listingId,
      sku: listing.sku,
      warehouseId: wh.id,
      mode: l.mode,
      units: q.units,
      unitsPerCarton: q.unitsPerCarton,
      cartons: b.kind === 'sample' ? null : q.cartons,
      source: l.source,
      adviceState,
      stockOutDate,
      purpose: b.kind === 'sample' ? (l.purpose ?? 'other') : null,
      remark: l.remark,
    });
  }
  if (errors.length > 0) fieldsRefused(errors);
  return out;
}

const auditOf = (w: ShipmentWave) => ({
  code: w.code,
  kind: w.kind,
  shipWeek: w.shipWeek,
  state: w.state,
  remark: w.remark,
  lines: w.items
    .map((l) => `${l.shopName} ${l.sku} → ${l.warehouseCode} ${l.mode} × ${l.units}${l.purpose ? ` (${l.purpose})` : ''}`)
    .join(', '),
});

// ---- writes ----

async function createIn(tx: Tx, actor: RequestActor, scope: ShopScope, b: WaveBody): Promise<ShipmentWave> {
  const lines = await prepareLines(tx, scope, b);
  const id = await repo.insertWave(tx, {
    accountId: actor.accountId,
    kind: b.kind,
    shipWeek: weekStartOf(b.shipWeek),
    remark: b.remark,
    ownerId: actor.userId,
  });
  await repo.replaceWaveLines(tx, id, lines);
  const after = await load(tx, actor, scope, id);
  await audit(tx, actor, { action: 'create', entity: 'shipment_wave', entityId: id, after: auditOf(after) });
  return after;
}

export function createWave(ctx: AppContext, actor: RequestActor, scope: ShopScope, b: WaveBody): Promise<ShipmentWave> {
  return ctx.db.transaction((tx) => createIn(tx, actor, scope, b));
}

function checkVersion(w: ShipmentWave, version: number) {
  if (w.version !== version) throw staleVersion();
}

function refuse(w: ShipmentWave, action: WaveAction, lang: Lang): never {
  throw conflict(refusalText(SHIPMENT_WAVE_MACHINE, w.state, action, lang), { state: w.state });
}

function notEditable(w: ShipmentWave, lang: Lang, what: 'edit' | 'delete'): never {
  const st = SHIPMENT_WAVE_MACHINE.states[w.state].label;
  throw conflict(
    what === 'edit'
      ? say(
          lang,
          `发货计划 ${w.code} 当前为「${st.zh}」，只能修改草稿或已驳回的计划`,
          `only a draft or rejected wave changes: ${w.code} is ${st.en.toLowerCase()}`,
        )
      : say(
          lang,
          `发货计划 ${w.code} 当前为「${st.zh}」，只能删除草稿`,
          `only a draft wave is deleted: ${w.code} is ${st.en.toLowerCase()}`,
        ),
    { state: w.state },
  );
}

function ownerOnly(w: ShipmentWave, actor: RequestActor, lang: Lang) {
  if (w.ownerId !== actor.userId)
    throw forbidden(say(lang, `只有提交人可以操作发货计划 ${w.code}`, `only the wave's owner acts on ${w.code}`));
}

export function updateWave(
  ctx: AppContext,
  actor: RequestActor,
  scope: ShopScope,
  id: number,
  body: { version: number; wave: WaveBody },
  lang: Lang,
): Promise<ShipmentWave> {
  return ctx.db.transaction(async (tx) => {
    const before = await load(tx, actor, scope, id, true);
    if (!EDITABLE_WAVE_STATES.includes(before.state)) notEditable(before, lang, 'edit');
    checkVersion(before, body.version);
    ownerOnly(before, actor, lang);
    const lines = await prepareLines(tx, scope, body.wave, before.items);
    await repo.updateWaveHead(tx, id, {
      kind: body.wave.kind,
      shipWeek: weekStartOf(body.wave.shipWeek),
      remark: body.wave.remark,
      state: 'draft',
    });
    await repo.replaceWaveLines(tx, id, lines);
    const after = await load(tx, actor, scope, id);
    await audit(tx, actor, {
      action: 'update',
      entity: 'shipment_wave',
      entityId: id,
      before: auditOf(before),
      after: auditOf(after),
    });
    return after;
  });
}

export function deleteWaveOf(ctx: AppContext, actor: RequestActor, scope: ShopScope, id: number, lang: Lang): Promise<null> {
  return ctx.db.transaction(async (tx) => {
    const before = await load(tx, actor, scope, id, true);
    if (before.state !== 'draft') notEditable(before, lang, 'delete');
    ownerOnly(before, actor, lang);
    await repo.deleteWave(tx, id);
    await audit(tx, actor, { action: 'delete', entity: 'shipment_wave', entityId: id, before: auditOf(before) });
    return null;
  });
}

const subjectOf = (w: ShipmentWave) => ({
  title: { zh: `发货计划 ${w.code}（${w.shipWeek} 周）`, en: `shipment wave ${w.code} (week of ${w.shipWeek})` },
  link: `/shipmentPlanNext?wave=${w.id}`,
});
const approvalActor = (actor: RequestActor, lang: Lang) => ({
  userId: actor.userId,
  impersonatorUserId: actor.impersonatorUserId,
  lang,
});

/** Every other enabled holder of an approve button of the wave screens: the approvers fixed at submission. */
async function approversFor(tx: Tx, actor: RequestActor, lang: Lang): Promise<number[]> {
  const ids = new Set<number>();
  for (const p of APPROVE_PERMISSIONS) for (const u of await usersHolding(tx, actor.accountId, p)) ids.add(u.id);
  ids.delete(actor.userId);
  if (ids.size === 0)
    throw badRequest(
      say(lang, '没有其他可审批发货计划的用户，无法提交', 'nobody else may approve shipment waves: the wave cannot be submitted'),
    );
  return [...ids].sort((a, b) => a - b);
}

/** Splits an approved wave: one confirmed plan per shop × destination × mode, linked back to the wave. */
async function splitIn(tx: Tx, actor: RequestActor, scope: ShopScope, w: ShipmentWave) {
  const groups = new Map<string, WaveLine[]>();
  for (const l of w.items) {
    const k = `${l.shopId}|${l.warehouseId}|${l.mode}`;
    groups.set(k, [...(groups.get(k) ?? []), l]);
  }
  const confirm = transitionFrom(SHIPMENT_PLAN_MACHINE, 'draft', 'confirm');
  for (const lines of groups.values()) {
    const first = lines[0] as WaveLine;
    const plan = await createPlanIn(tx, actor, scope, {
      shopId: first.shopId,
      warehouseId: first.warehouseId,
      mode: first.mode,
      remark: `${w.code} (${w.kind === 'sample' ? 'sample, ' : ''}week of ${w.shipWeek})`,
      lines: lines.map((l) => ({ sku: l.sku, unitsPerCarton: l.unitsPerCarton, quantity: l.units })),
    });
    await repo.linkPlanToWave(tx, plan.id, w.id);
    if (confirm) {
      await planRepo.setState(tx, plan.id, confirm.to);
      await audit(tx, actor, {
        action: 'shipmentPlan.confirm',
        entity: 'shipment_plan',
        entityId: plan.id,
        before: { state: plan.state },
        after: { state: confirm.to, wave: w.code },
      });
    }
  }
}

const AUDIT_ACTION = {
  submit: 'shipmentWave.submit',
  withdraw: 'shipmentWave.withdraw',
  approve: 'shipmentWave.approve',
  reject: 'shipmentWave.reject',
  split: 'shipmentWave.split',
  cancel: 'shipmentWave.cancel',
} as const;

/** One action of the machine on the locked wave: the state (409), the version (409), who (403), then the effect and the audit row. */
function step(
  ctx: AppContext,
  actor: RequestActor,
  scope: ShopScope,
  id: number,
  action: WaveAction,
  version: number,
  remark: string,
  lang: Lang,
): Promise<ShipmentWave> {
  return ctx.db.transaction(async (tx) => {
    const before = await load(tx, actor, scope, id, true);
    const t = transitionFrom(SHIPMENT_WAVE_MACHINE, before.state, action);
    if (!t) refuse(before, action, lang);
    checkVersion(before, version);
    if (action === 'approve' || action === 'reject') {
      if (before.ownerId === actor.userId)
        throw forbidden(
          say(lang, `不能审批自己的发货计划 ${before.code}`, `nobody approves their own wave: ${before.code} is yours`),
        );
      const approval = await readApproval(tx, SHIPMENT_WAVE_FLOW, String(id));
      if (!approval) throw notFound('approval not found');
      await actOnApproval(
        tx,
        SHIPMENT_WAVE_FLOW,
        String(id),
        approvalActor(actor, lang),
        { action, version: approval.version, ...(remark ? { remark } : {}) },
        subjectOf(before),
      );
    } else {
      ownerOnly(before, actor, lang);
      if (action === 'submit') {
        const approvers = await approversFor(tx, actor, lang);
        const approval = await approvalFor(tx, SHIPMENT_WAVE_FLOW, String(id), {
          accountId: actor.accountId,
          submitterId: actor.userId,
        });
        await actOnApproval(
          tx,
          SHIPMENT_WAVE_FLOW,
          String(id),
          approvalActor(actor, lang),
          { action: 'submit', version: approval.version, approvers: [approvers] },
          subjectOf(before),
        );
      } else if (action === 'withdraw') {
        const approval = await readApproval(tx, SHIPMENT_WAVE_FLOW, String(id));
        if (approval && approval.status === 'submitted')
          await actOnApproval(tx, SHIPMENT_WAVE_FLOW, String(id), approvalActor(actor, lang), {
            action: 'withdraw',
            version: approval.version,
          });
      } else if (action === 'split') await splitIn(tx, actor, scope, before);
    }
    await repo.setWaveState(tx, id, t.to);
    const after = await load(tx, actor, scope, id);
    await audit(tx, actor, {
      action: AUDIT_ACTION[action],
      entity: 'shipment_wave',
      entityId: id,
      before: { state: before.state },
      after: {
        state: after.state,
        ...(remark ? { remark } : {}),
        ...(action === 'split' ? { plans: after.plans.map((p) => p.code).join(', ') } : {}),
      },
    });
    return after;
  });
}

export const moveWave = (
  ctx: AppContext,
  actor: RequestActor,
  scope: ShopScope,
  id: number,
  b: { action: 'submit' | 'withdraw' | 'split' | 'cancel'; version: number },
  lang: Lang,
) => step(ctx, actor, scope, id, b.action, b.version, '', lang);

export const decideWave = (
  ctx: AppContext,
  actor: RequestActor,
  scope: ShopScope,
  id: number,
  b: { action: 'approve' | 'reject'; version: number; remark: string },
  lang: Lang,
) => step(ctx, actor, scope, id, b.action, b.version, b.remark, lang);

/**
 * A draft wave of the chosen proposals: each row's advice recomputed now (a listing outside the
 * scope or without FBA stock 404; EOL or without advice 409, nothing made), in its advised mode,
 * units and cartons, to its marketplace's FBA warehouse, source smart.
 */
export function createSmartWave(
  ctx: AppContext,
  actor: RequestActor,
  scope: ShopScope,
  b: { items: { shopId: number; listingId: number }[]; shipWeek?: string | undefined; remark: string },
  lang: Lang,
): Promise<ShipmentWave> {
  return ctx.db.transaction(async (tx) => {
    const lines: WaveBody['lines'] = [];
    const seen = new Set<string>();
    for (const item of b.items) {
      const k = `${item.shopId}|${item.listingId}`;
      if (seen.has(k)) continue;
      seen.add(k);
      const row = await adviceNow(tx, scope, item.shopId, item.listingId);
      if (!row) throw notFound(`listing ${item.listingId}: no FBA stock in the caller’s shops`);
      if (row.eol || row.adviceUnits <= 0)
        throw conflict(
          row.eol
            ? say(lang, `${row.sku} 已停产，不补货`, `${row.sku} is end of life: it is never replenished`)
            : say(lang, `${row.sku} 无需补货（${row.state}）`, `${row.sku} needs no replenishment (${row.state})`),
          { sku: row.sku, reason: row.eol ? 'eol' : 'none' },
        );
      lines.push({
        shopId: row.shopId,
        listingId: row.listingId,
        warehouseId: row.warehouseId,
        mode: row.mode,
        units: row.adviceUnits,
        unitsPerCarton: row.unitsPerCarton,
        source: 'smart',
        remark: '',
      });
    }
    return createIn(tx, actor, scope, {
      kind: 'replenish',
      shipWeek: b.shipWeek ?? nextShipWeek(),
      remark: b.remark,
      lines,
    });
  });
}
