/**
 * Marketplace fees (/productCost, second tab). Rules:
 * - Per SKU and marketplace, from a day on: referral rate (share of revenue) and FBA fee
 *   per unit in the marketplace's currency; the latest entry on or before a day applies.
 * - The list shows every pair that is listed or has a fee history; "missing" means listed
 *   without a fee in force today.
 * - A change recomputes the fees of that SKU's facts in that marketplace from its day until
 *   the next entry, with the rollups, in the same transaction.
 */

import type { EndpointQuery } from '@bo/contract';
import { MARKETS, marketCode } from '@bo/contract';
import type * as ep from '@bo/contract/costs/fees';
import { sql } from 'drizzle-orm';
import { poolOf, type Tx } from '../../../db/client';
import { pageOfQuery } from '../../../db/sql';
import { audit } from '../../../platform/audit/audit.service';
import type { RequestActor } from '../../../platform/auth/actor';
import type { AppContext } from '../../../platform/context';
import { notFound } from '../../../platform/errors';
import { streamXlsx } from '../../../platform/export/xlsx-stream';
import { type RecomputeResult, recomputeCostsAndFees } from '../../sales/facts/facts.service';
import {
  dayBefore,
  dayText,
  type Lang,
  lineFilter,
  num,
  orderBy,
  SKU_COLUMNS,
  SKU_JOINS,
  type SkuColumnsRow,
  skuColumns,
  skuKeyword,
  today,
  tr,
} from '../shared/costs-sql';
import { sendTemplate } from '../shared/xlsx-template';
import { FEE_COLUMNS } from './fees.import';

type ListQuery = EndpointQuery<typeof ep.listSkuFees>;
type Filters = Omit<ListQuery, 'pageNum' | 'pageSize'>;

export const currencyOf = (marketId: number) => MARKETS.find((m) => m.id === marketId)?.currency ?? 'USD';
const MARKET_CURRENCY = sql.raw(`(CASE p.market_id ${MARKETS.map((m) => `WHEN ${m.id} THEN '${m.currency}'`).join(' ')} END)`);

const SORT = {
  sku: sql`sk.sku`,
  marketId: sql`p.market_id`,
  referralRate: sql`cur.referral_rate`,
  fbaFee: sql`cur.fba_fee`,
  effectiveFrom: sql`cur.effective_from`,
} as const;

function listQuery(f: Filters) {
  const day = today();
  return sql`
    SELECT ${SKU_COLUMNS}, p.market_id, ${MARKET_CURRENCY} AS currency, p.listed,
           cur.referral_rate, cur.fba_fee, to_char(cur.effective_from, 'YYYY-MM-DD') AS effective_from,
           (SELECT count(*) FROM sku_fees fe WHERE fe.sku_id = p.sku_id AND fe.market_id = p.market_id)::int AS entries
      FROM (SELECT sku_id, market_id, bool_or(listed) AS listed FROM (
              SELECT DISTINCT sku_id, market_id, true AS listed FROM listings
              UNION ALL SELECT DISTINCT sku_id, market_id, false FROM sku_fees) u
             GROUP BY sku_id, market_id) p
      JOIN skus sk ON sk.id = p.sku_id ${SKU_JOINS}
      LEFT JOIN LATERAL (SELECT fe.referral_rate, fe.fba_fee, fe.effective_from FROM sku_fees fe
                          WHERE fe.sku_id = p.sku_id AND fe.market_id = p.market_id AND fe.effective_from <= ${day}::date
                          ORDER BY fe.effective_from DESC LIMIT 1) cur ON true
     WHERE true ${skuKeyword(f.keyword)}
       ${lineFilter(f.productLineId)}
       ${f.marketId !== undefined ? sql`AND p.market_id = ${f.marketId}` : sql``}
       ${f.missing ? sql`AND p.listed AND cur.fba_fee IS NULL` : sql``}
     ORDER BY ${orderBy(SORT[f.sortField], f.sortOrder, sql`sk.id, p.market_id`)}`;
}

type Row = SkuColumnsRow & {
  market_id: number;
  currency: string;
  listed: boolean;
  referral_rate: string | null;
  fba_fee: string | null;
  effective_from: string | null;
  entries: number;
};
const toRow = (r: Row) => ({
  ...skuColumns(r),
  marketId: Number(r.market_id),
  currency: r.currency,
  listed: r.listed,
  referralRate: num(r.referral_rate),
  fbaFee: num(r.fba_fee),
  effectiveFrom: dayText(r.effective_from),
  entries: r.entries,
});

export async function list(ctx: AppContext, q: ListQuery) {
  const { rows, total } = await pageOfQuery<Row>(ctx.db, listQuery(q), q);
  return { list: rows.map(toRow), total, pageNum: q.pageNum, pageSize: q.pageSize };
}

export async function exportExcel(ctx: AppContext, q: Filters, lang: Lang) {
  const [sku, market, from, referral, fba] = FEE_COLUMNS;
  return streamXlsx<ReturnType<typeof toRow>>(poolOf(ctx.db), {
    fileName: `${tr(lang, '平台费用', 'marketplace-fees')}_${today()}.xlsx`,
    sheetName: tr(lang, '平台费用', 'Marketplace fees'),
    columns: [
      { header: tr(lang, sku.zh, sku.en), width: 22, value: (r) => r.sku },
      { header: tr(lang, market.zh, market.en), width: 10, value: (r) => marketCode(r.marketId) },
      { header: tr(lang, from.zh, from.en), width: 14, value: (r) => r.effectiveFrom },
      { header: tr(lang, referral.zh, referral.en), width: 14, numFmt: '0.00%', value: (r) => r.referralRate },
      { header: tr(lang, fba.zh, fba.en), width: 14, numFmt: '#,##0.00', value: (r) => r.fbaFee },
      { header: tr(lang, '币种', 'Currency'), width: 10, value: (r) => r.currency },
      { header: tr(lang, '型号', 'Model'), width: 14, value: (r) => r.model },
    ],
    query: listQuery(q),
    map: (raw) => toRow(raw as Row),
  });
}

export const template = (lang: Lang) =>
  sendTemplate(lang, tr(lang, '平台费用导入模板', 'marketplace-fee-template'), FEE_COLUMNS, {
    sku: 'H6199-US-5M',
    market: 'US',
    effectiveFrom: new Date(`${today()}T00:00:00Z`),
    referralRate: 0.15,
    fbaFee: 4.75,
  });

export async function history(ctx: AppContext, skuId: number, marketId: number) {
  const [head] = (
    await ctx.db.execute<SkuColumnsRow>(sql`SELECT ${SKU_COLUMNS} FROM skus sk ${SKU_JOINS} WHERE sk.id = ${skuId}`)
  ).rows;
  if (!head) throw notFound('SKU not found');
  const rows = (
    await ctx.db.execute<{ effective_from: string; referral_rate: string; fba_fee: string; next_from: string | null }>(sql`
      SELECT to_char(effective_from, 'YYYY-MM-DD') AS effective_from, referral_rate, fba_fee,
             to_char(lead(effective_from) OVER (ORDER BY effective_from), 'YYYY-MM-DD') AS next_from
        FROM sku_fees WHERE sku_id = ${skuId} AND market_id = ${marketId} ORDER BY effective_from DESC`)
  ).rows;
  return {
    ...skuColumns(head),
    marketId,
    currency: currencyOf(marketId),
    entries: rows.map((r) => ({
      effectiveFrom: r.effective_from,
      effectiveTo: r.next_from ? dayBefore(r.next_from) : null,
      referralRate: Number(r.referral_rate),
      fbaFee: Number(r.fba_fee),
    })),
  };
}

async function nextEntry(tx: Tx, skuId: number, marketId: number, day: string): Promise<string | null> {
  const [r] = (
    await tx.execute<{ d: string | null }>(sql`
      SELECT to_char(min(effective_from), 'YYYY-MM-DD') AS d FROM sku_fees
       WHERE sku_id = ${skuId} AND market_id = ${marketId} AND effective_from > ${day}::date`)
  ).rows;
  return r?.d ?? null;
}

export async function set(
  ctx: AppContext,
  actor: RequestActor,
  body: { skuId: number; marketId: number; effectiveFrom: string; referralRate: number; fbaFee: number },
): Promise<{ created: boolean; recomputed: RecomputeResult }> {
  return ctx.db.transaction(async (tx) => {
    const [sku] = (await tx.execute<{ id: number }>(sql`SELECT id FROM skus WHERE id = ${body.skuId} FOR SHARE`)).rows;
    if (!sku) throw notFound('SKU not found');
    const [before] = (
      await tx.execute<{ referral_rate: string; fba_fee: string }>(sql`
        SELECT referral_rate, fba_fee FROM sku_fees
         WHERE sku_id = ${body.skuId} AND market_id = ${body.marketId} AND effective_from = ${body.effectiveFrom}::date FOR UPDATE`)
    ).rows;
    const referral = body.referralRate.toFixed(4);
    const fba = body.fbaFee.toFixed(2);
    await tx.execute(sql`
      INSERT INTO sku_fees (sku_id, market_id, effective_from, referral_rate, fba_fee)
      VALUES (${body.skuId}, ${body.marketId}, ${body.effectiveFrom}::date, ${referral}, ${fba})
      ON CONFLICT (sku_id, market_id, effective_from) DO UPDATE SET referral_rate = EXCLUDED.referral_rate, fba_fee = EXCLUDED.fba_fee`);
    const to = await nextEntry(tx, body.skuId, body.marketId, body.effectiveFrom);
    const recomputed = await recomputeCostsAndFees(tx, body.skuId, { from: body.effectiveFrom, to, marketId: body.marketId });
    await audit(tx, actor, {
      action: before ? 'update' : 'create',
      entity: 'sku_fee',
      entityId: `${body.skuId}/${body.marketId}/${body.effectiveFrom}`,
      before: before ? { referralRate: before.referral_rate, fbaFee: before.fba_fee } : undefined,
      after: { referralRate: referral, fbaFee: fba, recomputedFacts: recomputed.facts },
    });
    return { created: !before, recomputed };
  });
}

export async function remove(ctx: AppContext, actor: RequestActor, skuId: number, marketId: number, effectiveFrom: string) {
  return ctx.db.transaction(async (tx) => {
    const [gone] = (
      await tx.execute<{ referral_rate: string; fba_fee: string }>(sql`
        DELETE FROM sku_fees WHERE sku_id = ${skuId} AND market_id = ${marketId} AND effective_from = ${effectiveFrom}::date
        RETURNING referral_rate, fba_fee`)
    ).rows;
    if (!gone) throw notFound('no fee entry of this SKU in this marketplace from that day');
    const to = await nextEntry(tx, skuId, marketId, effectiveFrom);
    const recomputed = await recomputeCostsAndFees(tx, skuId, { from: effectiveFrom, to, marketId });
    await audit(tx, actor, {
      action: 'delete',
      entity: 'sku_fee',
      entityId: `${skuId}/${marketId}/${effectiveFrom}`,
      before: { referralRate: gone.referral_rate, fbaFee: gone.fba_fee },
      after: { recomputedFacts: recomputed.facts },
    });
    return { recomputed };
  });
}
