/**
 * The ledger's reads: one SKU's detail (snapshot, movements, running balance, reconciliation) and
 * the differences list with its export. Rules (docs/inventory.md "Inventory Ledger"):
 * - the ledger's SELLABLE ending balance counts fulfillable and reserved units (both are in the
 *   warehouse), so it is reconciled against the snapshot's fulfillable + reserved (`onHand`);
 * - difference = onHand − ending balance, on days that have both (a detailed-view day has no balance);
 * - units at stake = lost not found again + damaged + what the snapshot lacks (`unitsAtStake`),
 *   valued at the listing's price.
 */
import type { EndpointQuery } from '@bo/contract';
import {
  DETAIL_DAYS,
  type DetailDay,
  type Difference,
  LEDGER_MOVEMENT_FIELDS,
  type LedgerDay,
  type LedgerMovements,
  type ledgerDetail,
  type listDifferences,
  netOf,
  runningBalances,
} from '@bo/contract/inventory/ledger';
import { poolOf } from '../../db/client';
import { pageOfQuery } from '../../db/sql';
import type { AppContext } from '../../platform/context';
import { notFound } from '../../platform/errors';
import { exportLang, tr } from '../../platform/export/lang';
import { streamXlsx } from '../../platform/export/xlsx-stream';
import type { ShopScope } from '../shops/shops/shop-scope';
import { LEDGER_COLUMN } from './imports/ledger-report';
import { listingColumns, listingOf } from './inventory.service';
import * as repo from './ledger.repository';

type Raw = Record<string, unknown>;
const n = (v: unknown) => Number(v ?? 0);
const orNull = (v: unknown) => (v === null || v === undefined ? null : Number(v));
const money = (v: unknown) => (v === null || v === undefined ? null : Number(v).toFixed(2));

const movementsOf = (r: Raw) =>
  Object.fromEntries(LEDGER_MOVEMENT_FIELDS.map((f) => [f, n(r[LEDGER_COLUMN[f]])])) as LedgerMovements;

function ledgerOf(r: Raw): LedgerDay | null {
  if (!r.has_ledger) return null;
  const m = movementsOf(r);
  return {
    ...m,
    view: r.view === 'detailed' ? 'detailed' : 'summary',
    startingBalance: orNull(r.starting_balance),
    endingBalance: orNull(r.ending_balance),
    inTransit: n(r.in_transit),
    net: netOf(m),
    unsellableEnding: orNull(r.unsellable_ending),
  };
}

const addDays = (day: string, d: number) => new Date(Date.parse(`${day}T00:00:00Z`) + d * 86_400_000).toISOString().slice(0, 10);

export async function detailOf(ctx: AppContext, scope: ShopScope, q: EndpointQuery<typeof ledgerDetail>) {
  const warehouseId = q.warehouseId ?? (await repo.fbaWarehouseOfShop(ctx.db, scope, q.shopId));
  if (warehouseId === null) throw notFound('no FBA warehouse of this shop');
  const key = { shopId: q.shopId, warehouseId, sku: q.sku };
  const head = await repo.detailHead(ctx.db, scope, key);
  if (!head) throw notFound('no stock or ledger of this SKU in this shop and warehouse');
  const listing = listingOf(head);
  const to = q.to ?? listing.day;
  const from = q.from ?? addDays(to, -(DETAIL_DAYS - 1));
  const rows = from <= to ? await repo.detailDays(ctx.db, scope, key, from, to, listing.listingId) : [];
  const days = rows.map((r): Omit<DetailDay, 'runningBalance'> => {
    const fulfillable = orNull(r.fulfillable);
    const reserved = orNull(r.reserved);
    const onHand = fulfillable === null ? null : fulfillable + (reserved ?? 0);
    const ledger = ledgerOf(r);
    const ending = ledger?.endingBalance ?? null;
    return {
      day: String(r.day),
      fulfillable,
      reserved,
      unfulfillable: orNull(r.unfulfillable),
      inbound: orNull(r.inbound),
      onHand,
      unitsSold: n(r.units_sold),
      ledger,
      difference: onHand === null || ending === null ? null : onHand - ending,
    };
  });
  const running = runningBalances(days);
  const totals = Object.fromEntries(
    LEDGER_MOVEMENT_FIELDS.map((f) => [f, days.reduce((a, d) => a + (d.ledger?.[f] ?? 0), 0)]),
  ) as LedgerMovements;
  return { listing, from, to, days: days.map((d, i) => ({ ...d, runningBalance: running[i] ?? null })), totals };
}

function toDifference(r: Raw): Difference {
  return {
    ...listingOf(r),
    ledgerEnding: orNull(r.ledger_ending),
    fulfillable: orNull(r.fulfillable),
    reserved: orNull(r.reserved),
    onHand: orNull(r.on_hand),
    difference: orNull(r.difference),
    lost: n(r.lost_units),
    found: n(r.found_units),
    damaged: n(r.damaged_units),
    unitsAtStake: n(r.units_at_stake),
    unitPrice: money(r.unit_price),
    currency: r.currency === null || r.currency === undefined ? null : String(r.currency),
    amount: money(r.amount),
  };
}

type DifferenceQuery = Omit<EndpointQuery<typeof listDifferences>, 'pageNum' | 'pageSize'>;

export async function listDifferencesPage(ctx: AppContext, scope: ShopScope, q: EndpointQuery<typeof listDifferences>) {
  const page = { pageNum: q.pageNum, pageSize: q.pageSize };
  const { rows, total } = await pageOfQuery<Raw>(ctx.db, repo.differencesQuery(scope, q), page);
  return { list: rows.map(toDifference), total, ...page };
}

export function exportDifferences(ctx: AppContext, scope: ShopScope, q: DifferenceQuery, acceptLanguage: string | undefined) {
  const lang = exportLang(acceptLanguage);
  const t = (zh: string, en: string) => tr(lang, zh, en);
  return streamXlsx<Difference>(poolOf(ctx.db), {
    fileName: `${t('库存差异', 'inventory differences')}_${new Date().toISOString().slice(0, 10)}.xlsx`,
    sheetName: t('库存差异', 'Inventory differences'),
    query: repo.differencesQuery(scope, q),
    map: toDifference,
    columns: [
      ...listingColumns<Difference>(lang),
      { header: t('分类账期末', 'Ledger ending'), value: (r) => r.ledgerEnding },
      { header: t('可售', 'Fulfillable'), value: (r) => r.fulfillable },
      { header: t('预留', 'Reserved'), value: (r) => r.reserved },
      { header: t('差异', 'Difference'), value: (r) => r.difference },
      { header: t('丢失', 'Lost'), value: (r) => r.lost },
      { header: t('找回', 'Found'), value: (r) => r.found },
      { header: t('损坏', 'Damaged'), value: (r) => r.damaged },
      { header: t('涉及数量', 'Units at stake'), value: (r) => r.unitsAtStake },
      { header: t('单价', 'Unit price'), numFmt: '0.00', value: (r) => (r.unitPrice === null ? null : Number(r.unitPrice)) },
      { header: t('币种', 'Currency'), width: 8, value: (r) => r.currency },
      { header: t('金额', 'Amount'), numFmt: '0.00', value: (r) => (r.amount === null ? null : Number(r.amount)) },
    ],
  });
}
