/**
 * Shipment settings per marketplace (/shipmentConfiguration; docs/logistics.md). Every
 * marketplace is answered, one never saved with the defaults and version 0; saving names the
 * version read (0 inserts; 409 when someone saved first). The default carrier must be active
 * and offer the default mode (400 on `defaultCarrierId`). Audited.
 */
import { type EndpointQuery, MARKETS } from '@bo/contract';
import {
  defaultShipmentSetting,
  type listShipmentSettings,
  type ShipmentSetting,
  type ShipmentSettingBody,
} from '@bo/contract/logistics/shipment-settings';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { audit } from '../../platform/audit/audit.service';
import type { RequestActor } from '../../platform/auth/actor';
import type { AppContext } from '../../platform/context';
import { codedFieldError, notFound, staleVersion } from '../../platform/errors';
import { assertCompany } from './carriers.service';

interface Row extends Record<string, unknown> {
  market_id: number;
  default_mode: string;
  default_carrier_id: number | null;
  default_carrier_name: string | null;
  transit_sea: number;
  transit_air: number;
  transit_express: number;
  transit_rail: number;
  prep_days: number;
  fba_capacity_units: number | null;
  version: number;
  updated_at: string;
}

const toSetting = (r: Row): ShipmentSetting => ({
  marketId: Number(r.market_id),
  defaultMode: r.default_mode as ShipmentSetting['defaultMode'],
  defaultCarrierId: r.default_carrier_id === null ? null : Number(r.default_carrier_id),
  defaultCarrierName: r.default_carrier_name,
  transitDays: {
    sea: Number(r.transit_sea),
    air: Number(r.transit_air),
    express: Number(r.transit_express),
    rail: Number(r.transit_rail),
  },
  prepDays: Number(r.prep_days),
  fbaCapacityUnits: r.fba_capacity_units === null ? null : Number(r.fba_capacity_units),
  saved: true,
  version: Number(r.version),
  updatedAt: r.updated_at,
});

async function savedRows(db: DbOrTx, marketId?: number, lock = false): Promise<Row[]> {
  const where = marketId === undefined ? sql`` : sql`WHERE s.market_id = ${marketId}`;
  return (
    await db.execute<Row>(sql`
      SELECT s.market_id, s.default_mode, s.default_carrier_id, c.name AS default_carrier_name, s.transit_sea,
             s.transit_air, s.transit_express, s.transit_rail, s.prep_days, s.fba_capacity_units, s.version,
             to_char(s.updated_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS updated_at
        FROM logistics_shipment_settings s LEFT JOIN logistics_carriers c ON c.id = s.default_carrier_id
        ${where} ORDER BY s.market_id ${lock ? sql`FOR UPDATE OF s` : sql``}`)
  ).rows;
}

export async function listSettings(ctx: AppContext, actor: RequestActor, q: EndpointQuery<typeof listShipmentSettings>) {
  assertCompany(actor);
  const saved = new Map((await savedRows(ctx.db)).map((r) => [Number(r.market_id), toSetting(r)]));
  const all = MARKETS.filter((m) => q.marketId === undefined || m.id === q.marketId).map(
    (m) => saved.get(m.id) ?? defaultShipmentSetting(m.id),
  );
  const start = (q.pageNum - 1) * q.pageSize;
  return { list: all.slice(start, start + q.pageSize), total: all.length, pageNum: q.pageNum, pageSize: q.pageSize };
}

export async function saveSetting(
  ctx: AppContext,
  actor: RequestActor,
  marketId: number,
  b: ShipmentSettingBody,
): Promise<ShipmentSetting> {
  assertCompany(actor);
  if (!MARKETS.some((m) => m.id === marketId)) throw notFound(`no marketplace ${marketId}`);
  return ctx.db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext('logistics_shipment_settings'), ${marketId})`);
    const [row] = await savedRows(tx, marketId, true);
    const before = row ? toSetting(row) : defaultShipmentSetting(marketId);
    if (before.version !== b.version) throw staleVersion();
    if (b.defaultCarrierId !== null) {
      const [c] = (
        await tx.execute<{ modes: string[]; active: boolean }>(
          sql`SELECT modes, active FROM logistics_carriers WHERE id = ${b.defaultCarrierId} FOR SHARE`,
        )
      ).rows;
      if (!c?.active) throw codedFieldError('defaultCarrierId', 'logistics.unknownCarrier');
      if (!c.modes.includes(b.defaultMode)) throw codedFieldError('defaultCarrierId', 'logistics.modeNotOffered');
    }
    const t = b.transitDays;
    await tx.execute(sql`
      INSERT INTO logistics_shipment_settings (market_id, default_mode, default_carrier_id, transit_sea, transit_air,
             transit_express, transit_rail, prep_days, fba_capacity_units, updated_by)
      VALUES (${marketId}, ${b.defaultMode}, ${b.defaultCarrierId}, ${t.sea}, ${t.air}, ${t.express}, ${t.rail},
             ${b.prepDays}, ${b.fbaCapacityUnits}, ${actor.userId})
      ON CONFLICT (market_id) DO UPDATE SET default_mode = EXCLUDED.default_mode,
             default_carrier_id = EXCLUDED.default_carrier_id, transit_sea = EXCLUDED.transit_sea,
             transit_air = EXCLUDED.transit_air, transit_express = EXCLUDED.transit_express,
             transit_rail = EXCLUDED.transit_rail, prep_days = EXCLUDED.prep_days,
             fba_capacity_units = EXCLUDED.fba_capacity_units, updated_by = EXCLUDED.updated_by,
             version = logistics_shipment_settings.version + 1, updated_at = now()`);
    const [saved] = await savedRows(tx, marketId);
    const after = toSetting(saved as Row);
    const terms = (s: ShipmentSetting) => ({
      defaultMode: s.defaultMode,
      defaultCarrierId: s.defaultCarrierId,
      transitDays: s.transitDays,
      prepDays: s.prepDays,
      fbaCapacityUnits: s.fbaCapacityUnits,
    });
    await audit(tx, actor, {
      action: row ? 'update' : 'create',
      entity: 'logistics_shipment_setting',
      entityId: marketId,
      ...(row ? { before: terms(before) } : {}),
      after: terms(after),
    });
    return after;
  });
}
