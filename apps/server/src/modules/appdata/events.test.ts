/**
 * The app's event reports and the data square through the API: each refusal code per event with
 * the good ones kept, a resent batch counted once, the batch limits (400, 413), an unknown app key
 * (401), the rollups equal to the raw events, the square's figures and filters read from them,
 * its period rules and the CSV export.
 */
import { describe, expect, it } from 'vitest';
import { fieldCodesOf, okDataOf, rowCount, testAppPerFile } from '../../../test/harness';
import { DEMO_APP_KEY } from '../appcontent/appcontent.seed';

const API = '/api/appdata/rest/v1';
const EVENTS = '/api/app/v1/events';
const t = testAppPerFile({ admin: true });
const now = () => new Date().toISOString();
const today = () => now().slice(0, 10);

type Outcome = { index: number; eventId: string | null; outcome: string; code?: string; field?: string };
type Reply = { accepted: number; duplicates: number; rejected: number; results: Outcome[] };
const report = (events: unknown[], headers: Record<string, string> = { 'x-app-key': DEMO_APP_KEY }) =>
  t.call('POST', EVENTS, { body: { events }, headers });

let n = 0;
const ev = (action: string, params: Record<string, unknown> = {}, extra: Record<string, unknown> = {}) => ({
  eventId: `ev-${++n}`,
  action,
  deviceId: 'dev-a',
  occurredAt: now(),
  country: 'us',
  appVersion: '9.9.1',
  platform: 'ios',
  model: 'h6199',
  params,
  ...extra,
});

async function action(key: string, params: unknown[], enabled = true) {
  return okDataOf<{ id: number }>(
    await t.call('POST', `${API}/actions`, { token: t.admin, body: { key, nameEn: key, params, enabled } }),
  );
}

describe('event reports', () => {
  it('judges each event: the good ones kept, each refusal with its code and field', async () => {
    await action('t.paired', [
      { name: 'connectivity', type: 'enum', values: ['ble', 'wifi'], required: true },
      { name: 'seconds', type: 'number' },
      { name: 'retry', type: 'boolean' },
      { name: 'note', type: 'string' },
    ]);
    await action('t.off', [{ name: 'x', type: 'string' }], false);
    const old = new Date(Date.now() - 31 * 86_400_000).toISOString();
    const ahead = new Date(Date.now() + 2 * 86_400_000).toISOString();
    const batch = [
      ev('t.paired', { connectivity: 'ble', seconds: 12, retry: false, note: 'ok' }),
      ev('t.nope'),
      ev('t.off', { x: 'y' }),
      ev('t.paired', {}),
      ev('t.paired', { connectivity: 'ble', extra: 1 }),
      ev('t.paired', { connectivity: 'ble', seconds: '12' }),
      ev('t.paired', { connectivity: 'zigbee' }),
      ev('t.paired', { connectivity: 'ble' }, { occurredAt: old }),
      ev('t.paired', { connectivity: 'ble' }, { occurredAt: ahead }),
      { ...ev('t.paired', { connectivity: 'wifi' }), eventId: 'ev-1' },
      { ...ev('t.paired', { connectivity: 'wifi' }), platform: 'windows' },
      'not an object',
      ev('t.paired', { connectivity: 'wifi', retry: 'yes' }),
    ];
    const r = okDataOf<Reply>(await report(batch));
    expect(r.results.map((x) => [x.outcome, x.code ?? '', x.field ?? ''])).toEqual([
      ['accepted', '', ''],
      ['rejected', 'appData.unknownAction', 'action'],
      ['rejected', 'appData.actionDisabled', 'action'],
      ['rejected', 'appData.paramMissing', 'params.connectivity'],
      ['rejected', 'appData.paramUnknown', 'params.extra'],
      ['rejected', 'appData.paramType', 'params.seconds'],
      ['rejected', 'appData.paramValue', 'params.connectivity'],
      ['rejected', 'appData.tooOld', 'occurredAt'],
      ['rejected', 'appData.inFuture', 'occurredAt'],
      ['rejected', 'appData.duplicateInBatch', 'eventId'],
      ['rejected', 'appData.eventInvalid', 'platform'],
      ['rejected', 'appData.eventInvalid', ''],
      ['rejected', 'appData.paramType', 'params.retry'],
    ]);
    expect(r).toMatchObject({ accepted: 1, duplicates: 0, rejected: 12 });
    const kept = await t.rows<{ country: string; model: string }>(
      `SELECT country, model FROM app_data_events WHERE event_id = 'ev-1' AND device_id = 'dev-a'`,
    );
    expect(kept).toEqual([{ country: 'US', model: 'H6199' }]);
    const refused = await t.rows<{ code: string; n: number }>(
      `SELECT code, sum(events)::int AS n FROM app_data_rejected_daily WHERE action LIKE 't.%' OR action = '' GROUP BY code ORDER BY code`,
    );
    expect(refused.find((x) => x.code === 'appData.paramType')?.n).toBe(2);
    expect(refused.reduce((s, x) => s + x.n, 0)).toBe(12);
  });

  it('counts a resent batch once', async () => {
    await action('t.resent', [{ name: 'k', type: 'string' }]);
    const batch = [ev('t.resent', { k: 'a' }), ev('t.resent', { k: 'b' }, { deviceId: 'dev-b' })];
    expect(okDataOf<Reply>(await report(batch))).toMatchObject({ accepted: 2, duplicates: 0 });
    const again = okDataOf<Reply>(await report([...batch, ev('t.resent', { k: 'c' })]));
    expect(again).toMatchObject({ accepted: 1, duplicates: 2, rejected: 0 });
    expect(again.results.map((r) => r.outcome)).toEqual(['duplicate', 'duplicate', 'accepted']);
    const [a] = await t.rows<{ reported: number }>(`SELECT reported::int FROM app_data_actions WHERE key = 't.resent'`);
    expect(a?.reported).toBe(3);
    const [d] = await t.rows<{ n: number }>(
      `SELECT sum(events)::int AS n FROM app_data_daily r JOIN app_data_actions a ON a.id = r.action_id WHERE a.key = 't.resent'`,
    );
    expect(d?.n).toBe(3);
  });

  it('refuses an empty or too long batch (400), a body over 256 KB (413) and an unknown app key (401)', async () => {
    const before = await rowCount(t, 'app_data_events');
    const empty = await report([]);
    expect(empty.statusCode).toBe(400);
    expect(fieldCodesOf(empty)).toEqual(['events:tooFewItems']);
    const many = await report(Array.from({ length: 501 }, () => ev('t.paired', { connectivity: 'ble' })));
    expect(many.statusCode).toBe(400);
    expect(fieldCodesOf(many)).toEqual(['events:tooManyItems']);
    const big = await report(Array.from({ length: 300 }, () => ev('t.paired', { connectivity: 'ble', note: 'x'.repeat(900) })));
    expect(big.statusCode).toBe(413);
    const stranger = await report([ev('t.paired', { connectivity: 'ble' })], { 'x-app-key': 'made-up' });
    expect(stranger.statusCode).toBe(401);
    expect(await rowCount(t, 'app_data_events')).toBe(before);
  });

  it('keeps the rollups equal to the raw events', async () => {
    await action('t.rolled', [{ name: 'i', type: 'number', required: true }]);
    const devices = ['r-1', 'r-2', 'r-3'];
    const batch = Array.from({ length: 60 }, (_, i) =>
      ev(
        't.rolled',
        { i },
        {
          deviceId: devices[i % 3],
          country: ['US', 'DE'][i % 2],
          platform: ['ios', 'android'][i % 2],
          appVersion: i < 30 ? '9.9.1' : '9.9.2',
          model: i % 4 === 0 ? undefined : 'H6199',
          occurredAt: new Date(Date.now() - (i % 3) * 86_400_000).toISOString(),
        },
      ),
    );
    okDataOf(await report(batch));
    const diff = await t.rows(`
      WITH raw AS (SELECT (occurred_at AT TIME ZONE 'UTC')::date AS day, action_id, country, platform, app_version, model,
                          count(*)::bigint AS events FROM app_data_events GROUP BY 1, 2, 3, 4, 5, 6),
           mine AS (SELECT r.* FROM app_data_daily r WHERE r.app_version LIKE '9.9.%')
      (SELECT * FROM raw EXCEPT SELECT * FROM mine) UNION ALL (SELECT * FROM mine EXCEPT SELECT * FROM raw)`);
    expect(diff).toEqual([]);
    const devs = await t.rows(`
      (SELECT DISTINCT (occurred_at AT TIME ZONE 'UTC')::date AS day, device_id FROM app_data_events)
      EXCEPT SELECT day, device_id FROM app_data_device_days`);
    expect(devs).toEqual([]);
  });
});

type Square = {
  from: string;
  to: string;
  days: string[];
  totals: { events: number; rejected: number; devices: number; dailyDevices: number };
  daily: { day: string; events: number; devices: number }[];
  series: { key: string; events: number[] }[];
  topActions: { key: string; events: number }[];
  byCountry: { value: string; events: number; devices: number }[];
  byPlatform: { value: string; events: number; devices: number }[];
  byVersion: { value: string; events: number }[];
  byModel: { value: string; events: number; inCatalogue: boolean }[];
};
const square = async (query: Record<string, string>) =>
  okDataOf<Square>(await t.call('GET', `${API}/square`, { token: t.admin, query }));

describe('data square', () => {
  it('answers the figures of the period and the filters from the rollups', async () => {
    const from = new Date(Date.now() - 6 * 86_400_000).toISOString().slice(0, 10);
    const q = { from, to: today(), appVersion: '9.9.2' };
    const s = await square(q);
    expect(s.days).toHaveLength(7);
    expect(s.totals.events).toBe(30);
    expect(s.topActions).toEqual([expect.objectContaining({ key: 't.rolled', events: 30 })]);
    expect(s.series[0]?.events.reduce((a, b) => a + b, 0)).toBe(30);
    expect(s.byCountry.map((c) => [c.value, c.events])).toEqual([
      ['DE', 15],
      ['US', 15],
    ]);
    // A device counts on a day with what it reported first that day (9.9.1 here), whatever the action filter.
    expect(s.totals.devices).toBe(0);
    const first = await square({ ...q, appVersion: '9.9.1' });
    // r-1 today, r-2 yesterday, r-3 the day before; dev-a and dev-b (the tests above) today.
    expect(first.totals.devices).toBe(5);
    expect(first.daily.slice(-3).map((d) => d.devices)).toEqual([1, 1, 3]);
    const ios = await square({ ...q, platform: 'ios' });
    expect(ios.totals.events).toBe(15);
    expect(ios.byPlatform.map((p) => p.value)).toEqual(['ios']);
    const noModel = await square({ ...q, model: '' });
    expect(noModel.totals.events).toBe(s.byModel.find((m) => m.value === '')?.events);
    const byDay = s.daily.reduce((sum, d) => sum + d.events, 0);
    expect(byDay).toBe(30);
    // The demo's year: every day of a year has events.
    const year = await square({
      from: new Date(Date.now() - 365 * 86_400_000).toISOString().slice(0, 10),
      to: today(),
    });
    expect(year.days).toHaveLength(366);
    expect(year.daily.filter((d) => d.events > 0).length).toBeGreaterThanOrEqual(365);
    expect(year.totals.devices).toBeGreaterThan(100);
    expect(year.byModel.some((m) => m.inCatalogue)).toBe(true);
    expect(year.totals.rejected).toBeGreaterThan(0);
  });

  it('refuses a period over 366 days or ending before it starts', async () => {
    const long = await t.call('GET', `${API}/square`, { token: t.admin, query: { from: '2025-01-01', to: '2026-01-02' } });
    expect(long.statusCode).toBe(400);
    expect(fieldCodesOf(long)).toEqual(['from:appData.periodTooLong']);
    const back = await t.call('GET', `${API}/square`, { token: t.admin, query: { from: '2026-02-01', to: '2026-01-01' } });
    expect(fieldCodesOf(back)).toEqual(['to:appData.periodOrder']);
    const defaults = await square({});
    expect(defaults.days).toHaveLength(30);
    expect(defaults.to).toBe(today());
  });

  it('exports the rollup rows of the period and filters as CSV', async () => {
    const from = new Date(Date.now() - 6 * 86_400_000).toISOString().slice(0, 10);
    const res = await t.call('GET', `${API}/square/export`, {
      token: t.admin,
      query: { from, to: today(), appVersion: '9.9.2', platform: 'android' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/csv/);
    const lines = res.body
      .replace(/^\ufeff/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('day,action,country,platform,app_version,model,events');
    const sum = lines.slice(1).reduce((s, l) => s + Number(l.split(',')[6]), 0);
    expect(sum).toBe(15);
  });
});
