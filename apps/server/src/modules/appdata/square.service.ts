/**
 * The data square (/user-platform/dataSquare; docs/app-data.md "Data square"): every figure from
 * the rollups (`app_data_daily` for events, `app_data_device_days` for active devices,
 * `app_data_rejected_daily` for refusals), never from the raw events. Devices are not per action
 * (a device active that day counts once whatever it reported), so the action filter leaves the
 * device figures as they are; the screen says so.
 */
import { SQUARE_SERIES, type Square, type SquareQuery } from '@bo/contract/appdata/square';
import { type SQL, sql } from 'drizzle-orm';
import { poolOf } from '../../db/client';
import type { RequestActor } from '../../platform/auth/actor';
import type { AppContext } from '../../platform/context';
import { catalogModels } from '../catalog/catalog.reads';
import { streamCsv } from '../ppc/shared/csv-stream';
import { assertCompany } from './actions.service';

const DAY_MS = 86_400_000;
const dayOf = (t: number) => new Date(t).toISOString().slice(0, 10);

/** The period asked, or the last 30 days up to today (UTC). */
export function periodOf(q: Pick<SquareQuery, 'from' | 'to'>, now = Date.now()): { from: string; to: string; days: string[] } {
  const to = q.to ?? (q.from ? dayOf(Math.min(Date.parse(q.from) + 29 * DAY_MS, now)) : dayOf(now));
  const from = q.from ?? dayOf(Date.parse(to) - 29 * DAY_MS);
  const days: string[] = [];
  for (let t = Date.parse(from); t <= Date.parse(to); t += DAY_MS) days.push(dayOf(t));
  return { from, to, days };
}

/** The rollup rows' filter (alias `r`); `withAction` false for the device table, which has no action. */
function filterOf(q: SquareQuery, p: { from: string; to: string }, withAction: boolean): SQL {
  const where: SQL[] = [sql`r.day BETWEEN ${p.from}::date AND ${p.to}::date`];
  if (withAction && q.actionId) where.push(sql`r.action_id = ${q.actionId}`);
  if (q.country) where.push(sql`r.country = ${q.country}`);
  if (q.platform) where.push(sql`r.platform = ${q.platform}`);
  if (q.appVersion) where.push(sql`r.app_version = ${q.appVersion}`);
  if (q.model !== undefined) where.push(sql`r.model = ${q.model.toUpperCase()}`);
  return sql.join(where, sql` AND `);
}

type Share = { value: string; events: number; devices: number };

export async function square(ctx: AppContext, actor: RequestActor, q: SquareQuery, now = Date.now()): Promise<Square> {
  assertCompany(actor);
  const p = periodOf(q, now);
  const ev = filterOf(q, p, true);
  const dv = filterOf(q, p, false);
  const db = ctx.db;
  const rows = async <T>(query: SQL) => (await db.execute<T & Record<string, unknown>>(query)).rows;

  const [perDay, perDayDevices, distinct, rejected, perAction, actions, models] = await Promise.all([
    rows<{ day: string; events: string }>(sql`
      SELECT to_char(r.day, 'YYYY-MM-DD') AS day, sum(r.events) AS events FROM app_data_daily r WHERE ${ev} GROUP BY r.day`),
    rows<{ day: string; devices: string }>(sql`
      SELECT to_char(r.day, 'YYYY-MM-DD') AS day, count(*) AS devices FROM app_data_device_days r WHERE ${dv} GROUP BY r.day`),
    rows<{ devices: string }>(sql`SELECT count(DISTINCT r.device_id) AS devices FROM app_data_device_days r WHERE ${dv}`),
    rows<{ day: string; events: string }>(sql`
      SELECT to_char(r.day, 'YYYY-MM-DD') AS day, sum(r.events) AS events FROM app_data_rejected_daily r
       WHERE r.day BETWEEN ${p.from}::date AND ${p.to}::date
         ${q.actionId ? sql`AND r.action = (SELECT key FROM app_data_actions WHERE id = ${q.actionId})` : sql``}
       GROUP BY r.day`),
    rows<{ action_id: number; day: string; events: string }>(sql`
      SELECT r.action_id, to_char(r.day, 'YYYY-MM-DD') AS day, sum(r.events) AS events
        FROM app_data_daily r WHERE ${ev} GROUP BY r.action_id, r.day`),
    rows<{ id: number; key: string; name_zh: string; name_en: string }>(
      sql`SELECT id, key, name_zh, name_en FROM app_data_actions ORDER BY key`,
    ),
    rows<{ model: string; name: string }>(sql`
      SELECT DISTINCT ON (upper(m.model)) upper(m.model) AS model, coalesce(nullif(m.name_en, ''), m.name) AS name
        FROM ${catalogModels} m WHERE coalesce(m.model, '') <> '' ORDER BY upper(m.model), m.id`),
  ]);

  const split = async (col: 'country' | 'platform' | 'app_version' | 'model'): Promise<Share[]> => {
    const c = sql.raw(`r.${col}`);
    const [e, d] = await Promise.all([
      rows<{ value: string; events: string }>(sql`
        SELECT ${c} AS value, sum(r.events) AS events FROM app_data_daily r WHERE ${ev} GROUP BY ${c}`),
      rows<{ value: string; devices: string }>(sql`
        SELECT ${c} AS value, count(DISTINCT r.device_id) AS devices FROM app_data_device_days r WHERE ${dv} GROUP BY ${c}`),
    ]);
    const out = new Map<string, Share>();
    for (const r of e) out.set(r.value, { value: r.value, events: Number(r.events), devices: 0 });
    for (const r of d) {
      const s = out.get(r.value) ?? { value: r.value, events: 0, devices: 0 };
      s.devices = Number(r.devices);
      out.set(r.value, s);
    }
    return [...out.values()].sort((a, b) => b.events - a.events || b.devices - a.devices || a.value.localeCompare(b.value));
  };
  const [byCountry, byPlatform, byVersion, byModelRaw] = await Promise.all([
    split('country'),
    split('platform'),
    split('app_version'),
    split('model'),
  ]);

  const index = new Map(p.days.map((d, i) => [d, i]));
  const zeros = () => p.days.map(() => 0);
  const eventsOf = new Map(perDay.map((r) => [r.day, Number(r.events)]));
  const devicesOf = new Map(perDayDevices.map((r) => [r.day, Number(r.devices)]));
  const rejectedOf = new Map(rejected.map((r) => [r.day, Number(r.events)]));
  const daily = p.days.map((day) => ({
    day,
    events: eventsOf.get(day) ?? 0,
    devices: devicesOf.get(day) ?? 0,
    rejected: rejectedOf.get(day) ?? 0,
  }));

  const actionById = new Map(actions.map((a) => [Number(a.id), a]));
  const totalsByAction = new Map<number, number>();
  for (const r of perAction)
    totalsByAction.set(Number(r.action_id), (totalsByAction.get(Number(r.action_id)) ?? 0) + Number(r.events));
  const ranked = [...totalsByAction.entries()].sort((a, b) => b[1] - a[1] || a[0] - b[0]);
  const drawn = new Set(ranked.slice(0, SQUARE_SERIES).map(([id]) => id));
  const lines = new Map<number | null, number[]>();
  for (const r of perAction) {
    const id = drawn.has(Number(r.action_id)) ? Number(r.action_id) : null;
    const line = lines.get(id) ?? zeros();
    const i = index.get(r.day);
    if (i !== undefined) line[i] = (line[i] ?? 0) + Number(r.events);
    lines.set(id, line);
  }
  const named = (id: number) => {
    const a = actionById.get(id);
    return { key: a?.key ?? String(id), nameZh: a?.name_zh ?? '', nameEn: a?.name_en ?? '' };
  };
  const series = [
    ...ranked.slice(0, SQUARE_SERIES).map(([id]) => ({ actionId: id, ...named(id), events: lines.get(id) ?? zeros() })),
    ...(lines.has(null)
      ? [{ actionId: null, key: 'other', nameZh: '其他', nameEn: 'Other', events: lines.get(null) ?? zeros() }]
      : []),
  ];

  const modelNames = new Map(models.map((m) => [m.model, m.name]));
  const byModel = byModelRaw.map((s) => ({ ...s, name: modelNames.get(s.value) ?? '', inCatalogue: modelNames.has(s.value) }));
  const active = daily.filter((d) => d.devices > 0);

  return {
    from: p.from,
    to: p.to,
    days: p.days,
    totals: {
      events: daily.reduce((s, d) => s + d.events, 0),
      rejected: daily.reduce((s, d) => s + d.rejected, 0),
      devices: Number(distinct[0]?.devices ?? 0),
      dailyDevices: active.length ? Math.round((daily.reduce((s, d) => s + d.devices, 0) / p.days.length) * 10) / 10 : 0,
    },
    daily,
    series,
    topActions: ranked.slice(0, 10).map(([id, events]) => ({ actionId: id, ...named(id), events })),
    byCountry,
    byPlatform,
    byVersion,
    byModel,
    choices: {
      actions: actions.map((a) => ({ id: Number(a.id), key: a.key, nameZh: a.name_zh, nameEn: a.name_en })),
      models: models.map((m) => ({ model: m.model, name: m.name })),
    },
  };
}

/** The rollup rows of the period and filters, streamed as CSV (docs/app-data.md). */
export function squareExport(ctx: AppContext, actor: RequestActor, q: SquareQuery, now = Date.now()) {
  assertCompany(actor);
  const p = periodOf(q, now);
  return streamCsv(poolOf(ctx.db), {
    fileName: `app-data-${p.from}-${p.to}.csv`,
    columns: [
      { header: 'day', value: (r) => String(r.day) },
      { header: 'action', value: (r) => String(r.key) },
      { header: 'country', value: (r) => String(r.country) },
      { header: 'platform', value: (r) => String(r.platform) },
      { header: 'app_version', value: (r) => String(r.app_version) },
      { header: 'model', value: (r) => String(r.model) },
      { header: 'events', value: (r) => Number(r.events) },
    ],
    query: sql`
      SELECT to_char(r.day, 'YYYY-MM-DD') AS day, a.key, r.country, r.platform, r.app_version, r.model, r.events
        FROM app_data_daily r JOIN app_data_actions a ON a.id = r.action_id
       WHERE ${filterOf(q, p, true)}
       ORDER BY r.day, a.key, r.country, r.platform, r.app_version, r.model`,
  });
}
