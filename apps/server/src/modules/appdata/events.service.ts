/**
 * The app's reports (docs/app-data.md "Reporting"). A batch is judged event by event: the event's
 * shape (`appData.eventInvalid` on its field), its age (30 days back, a day ahead), its action
 * (unknown, disabled) and its parameters against the action's (missing, unknown, type, value). The
 * good ones are kept in one transaction: the raw row (its primary key, device and event id, makes
 * a resend count once), the daily rollup, the devices active per day, the action's counters; the
 * refusals are counted per day and reason. The reply says what became of each event.
 */
import { type ActionParam, MAX_PARAM_STRING } from '@bo/contract/appdata/actions';
import { type EventRejection, MAX_EVENT_AGE_DAYS, type ReportedEvent, reportedEventSchema } from '@bo/contract/appdata/events';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { actionsByKey } from './actions.repository';

type Result = {
  index: number;
  eventId: string | null;
  outcome: 'accepted' | 'duplicate' | 'rejected';
  code?: EventRejection;
  field?: string;
};

interface Good {
  index: number;
  e: ReportedEvent;
  actionId: number;
  occurredAt: string;
  day: string;
}

const DAY_MS = 86_400_000;

/** Why an event's parameters do not fit its action, or null when they do. */
export function paramsRefusal(
  declared: readonly ActionParam[],
  given: Record<string, string | number | boolean>,
): { code: EventRejection; field: string } | null {
  const byName = new Map(declared.map((p) => [p.name, p]));
  for (const name of Object.keys(given)) if (!byName.has(name)) return { code: 'appData.paramUnknown', field: `params.${name}` };
  for (const p of declared) {
    const v = given[p.name];
    const field = `params.${p.name}`;
    if (v === undefined) {
      if (p.required) return { code: 'appData.paramMissing', field };
      continue;
    }
    if (p.type === 'number' && (typeof v !== 'number' || !Number.isFinite(v))) return { code: 'appData.paramType', field };
    if (p.type === 'boolean' && typeof v !== 'boolean') return { code: 'appData.paramType', field };
    if ((p.type === 'string' || p.type === 'enum') && (typeof v !== 'string' || v.length > MAX_PARAM_STRING))
      return { code: 'appData.paramType', field };
    if (p.type === 'enum' && !p.values.includes(v as string)) return { code: 'appData.paramValue', field };
  }
  return null;
}

const idOf = (raw: unknown): string | null => {
  const id = (raw as { eventId?: unknown } | null)?.eventId;
  return typeof id === 'string' && id.length <= 64 ? id : null;
};
const actionOf = (raw: unknown): string => {
  const a = (raw as { action?: unknown } | null)?.action;
  return typeof a === 'string' ? a.slice(0, 64) : '';
};

export async function reportEvents(db: Db, events: readonly unknown[], now = new Date()) {
  const results: Result[] = [];
  const refused: { day: string; code: EventRejection; action: string }[] = [];
  const today = now.toISOString().slice(0, 10);
  const refuse = (index: number, raw: unknown, code: EventRejection, field?: string, day = today) => {
    results[index] = { index, eventId: idOf(raw), outcome: 'rejected', code, ...(field ? { field } : {}) };
    refused.push({ day, code, action: actionOf(raw) });
  };

  const parsed: { index: number; e: ReportedEvent }[] = [];
  const seen = new Set<string>();
  for (const [index, raw] of events.entries()) {
    const r = reportedEventSchema.safeParse(raw);
    if (!r.success) {
      const path = r.error.issues[0]?.path.join('.') ?? '';
      refuse(index, raw, 'appData.eventInvalid', path || undefined);
      continue;
    }
    const idKey = `${r.data.deviceId}\u0000${r.data.eventId}`;
    if (seen.has(idKey)) {
      refuse(index, raw, 'appData.duplicateInBatch', 'eventId');
      continue;
    }
    seen.add(idKey);
    parsed.push({ index, e: r.data });
  }

  const actions = new Map((await actionsByKey(db, [...new Set(parsed.map((p) => p.e.action))])).map((a) => [a.key, a]));
  const good: Good[] = [];
  for (const { index, e } of parsed) {
    const at = Date.parse(e.occurredAt);
    const day = new Date(at).toISOString().slice(0, 10);
    if (at < now.getTime() - MAX_EVENT_AGE_DAYS * DAY_MS) refuse(index, e, 'appData.tooOld', 'occurredAt');
    else if (at > now.getTime() + DAY_MS) refuse(index, e, 'appData.inFuture', 'occurredAt');
    else {
      const a = actions.get(e.action);
      if (!a) refuse(index, e, 'appData.unknownAction', 'action', day);
      else if (!a.enabled) refuse(index, e, 'appData.actionDisabled', 'action', day);
      else {
        const bad = paramsRefusal(a.params, e.params);
        if (bad) refuse(index, e, bad.code, bad.field, day);
        else good.push({ index, e, actionId: Number(a.id), occurredAt: new Date(at).toISOString(), day });
      }
    }
  }

  await db.transaction(async (tx) => {
    let kept: Good[] = [];
    if (good.length > 0) {
      const rows = good.map((g) => ({
        d: g.e.deviceId,
        i: g.e.eventId,
        a: g.actionId,
        o: g.occurredAt,
        c: g.e.country ?? '',
        p: g.e.platform,
        v: g.e.appVersion,
        m: g.e.model ?? '',
        x: g.e.params,
      }));
      // Kept once: a row that is there already (a resend, or the same batch racing itself) returns nothing.
      const inserted = await tx.execute<{ device_id: string; event_id: string }>(sql`
        INSERT INTO app_data_events (device_id, event_id, action_id, occurred_at, country, platform, app_version, model, params)
        SELECT r.d, r.i, r.a, r.o, r.c, r.p, r.v, r.m, r.x
          FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
               AS r(d text, i text, a int, o timestamptz, c text, p text, v text, m text, x jsonb)
        ON CONFLICT (device_id, event_id) DO NOTHING
        RETURNING device_id, event_id`);
      const fresh = new Set(inserted.rows.map((r) => `${r.device_id}\u0000${r.event_id}`));
      kept = good.filter((g) => fresh.has(`${g.e.deviceId}\u0000${g.e.eventId}`));
      for (const g of good)
        results[g.index] = { index: g.index, eventId: g.e.eventId, outcome: kept.includes(g) ? 'accepted' : 'duplicate' };
    }
    if (kept.length > 0) await rollUp(tx, kept);
    if (refused.length > 0) {
      const counts = new Map<string, { day: string; code: string; action: string; n: number }>();
      for (const r of refused) {
        const k = `${r.day}|${r.code}|${r.action}`;
        const c = counts.get(k) ?? { ...r, n: 0 };
        c.n += 1;
        counts.set(k, c);
      }
      await tx.execute(sql`
        INSERT INTO app_data_rejected_daily (day, code, action, events)
        SELECT r.day, r.code, r.action, r.n FROM jsonb_to_recordset(${JSON.stringify([...counts.values()])}::jsonb)
               AS r(day date, code text, action text, n bigint)
        ORDER BY 1, 2, 3
        ON CONFLICT (day, code, action) DO UPDATE SET events = app_data_rejected_daily.events + excluded.events`);
    }
  });

  const count = (o: Result['outcome']) => results.filter((r) => r.outcome === o).length;
  return { accepted: count('accepted'), duplicates: count('duplicate'), rejected: count('rejected'), results };
}

/**
 * Adds kept events to the rollups, in the caller's transaction. Rows are written in key order so
 * that two batches touching the same cells take their locks in the same order (no deadlock).
 */
async function rollUp(tx: Parameters<Parameters<Db['transaction']>[0]>[0], kept: readonly Good[]) {
  const cells = new Map<string, { day: string; a: number; c: string; p: string; v: string; m: string; n: number }>();
  const devices = new Map<string, { day: string; d: string; c: string; p: string; v: string; m: string }>();
  const perAction = new Map<number, { a: number; n: number; last: string }>();
  for (const g of kept) {
    const cell = { day: g.day, a: g.actionId, c: g.e.country ?? '', p: g.e.platform, v: g.e.appVersion, m: g.e.model ?? '' };
    const k = JSON.stringify(cell);
    const c = cells.get(k) ?? { ...cell, n: 0 };
    c.n += 1;
    cells.set(k, c);
    const dk = `${g.day}|${g.e.deviceId}`;
    if (!devices.has(dk)) devices.set(dk, { day: g.day, d: g.e.deviceId, c: cell.c, p: cell.p, v: cell.v, m: cell.m });
    const pa = perAction.get(g.actionId) ?? { a: g.actionId, n: 0, last: g.day };
    pa.n += 1;
    if (g.day > pa.last) pa.last = g.day;
    perAction.set(g.actionId, pa);
  }
  await tx.execute(sql`
    INSERT INTO app_data_daily (day, action_id, country, platform, app_version, model, events)
    SELECT r.day, r.a, r.c, r.p, r.v, r.m, r.n FROM jsonb_to_recordset(${JSON.stringify([...cells.values()])}::jsonb)
           AS r(day date, a int, c text, p text, v text, m text, n bigint)
    ORDER BY 1, 2, 3, 4, 5, 6
    ON CONFLICT (day, action_id, country, platform, app_version, model)
    DO UPDATE SET events = app_data_daily.events + excluded.events`);
  await tx.execute(sql`
    INSERT INTO app_data_device_days (day, device_id, country, platform, app_version, model)
    SELECT r.day, r.d, r.c, r.p, r.v, r.m FROM jsonb_to_recordset(${JSON.stringify([...devices.values()])}::jsonb)
           AS r(day date, d text, c text, p text, v text, m text)
    ORDER BY 1, 2
    ON CONFLICT (day, device_id) DO NOTHING`);
  await tx.execute(sql`
    UPDATE app_data_actions a SET reported = a.reported + r.n,
           first_reported_at = coalesce(a.first_reported_at, now()),
           last_day = greatest(a.last_day, r.last)
      FROM (SELECT * FROM jsonb_to_recordset(${JSON.stringify([...perAction.values()].sort((x, y) => x.a - y.a))}::jsonb)
              AS r(a int, n bigint, last date)) r
     WHERE a.id = r.a`);
}

/** Drops raw events past their retention (the rollups stay) and scanners' hashes of days gone. */
export async function purgeOld(db: Db, retentionDays: number): Promise<{ events: number; scanners: number }> {
  const ev = await db.execute(
    sql`DELETE FROM app_data_events WHERE received_at < now() - make_interval(days => ${retentionDays})`,
  );
  const sc = await db.execute(sql`DELETE FROM app_data_qr_scanners WHERE day < (now() AT TIME ZONE 'UTC')::date - 1`);
  return { events: ev.rowCount ?? 0, scanners: sc.rowCount ?? 0 };
}
