/**
 * The message centre through the API and the sender: coded 400s with nothing written, every state
 * against every action (409 naming the state), 403 without the button, audience matching, quiet
 * hours in Tokyo and New York at the same UTC instant, the throttle, expiry and cancel mid-send,
 * the job queued with the schedule, and the app's calls (app key, device registration, inbox in
 * the device's language, read marks and the counts on the screen).
 */
import { parseRange, satisfies, type Version } from '@bo/contract/appcontent/semver';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { dataOf, fieldCodesOf, rowCount, testAppPerFile } from '../../../test/harness';
import { JobWorker } from '../../platform/jobs/jobs';
import { DEMO_APP_KEY } from '../appcontent/appcontent.seed';
import { appMessagesJobs } from './appmessages.jobs';
import { versionCondition } from './audience';
import { inboxProvider } from './push-provider';
import { sendBatch } from './sender';

const API = '/api/appmessages/rest/v1/messages';
const KEY = { 'x-app-key': DEMO_APP_KEY };
const t = testAppPerFile({ admin: true, signIn: { pm: 'pm' } });

interface Msg {
  id: number;
  version: number;
  state: string;
  sendAt: string | null;
  counts: { targeted: number; delivered: number; deferred: number; waiting: number; read: number };
}

const post = (path: string, body: unknown, token = t.admin) => t.call('POST', `${API}${path}`, { token, body });
const ok = <T>(res: { statusCode: number; body: string; json(): unknown }) => {
  expect(res.statusCode, res.body).toBe(200);
  return dataOf<T>(res);
};
const body = (extra: Record<string, unknown> = {}) => ({
  name: 'Test message',
  titleZh: '你好',
  titleEn: 'Hello',
  bodyZh: '正文',
  bodyEn: 'Body',
  ...extra,
});
const create = async (extra: Record<string, unknown> = {}) => ok<Msg>(await post('', body(extra)));
const act = (m: Pick<Msg, 'id' | 'version'>, action: string) => post(`/${m.id}/actions`, { action, version: m.version });
const messageOf = async (id: number) => {
  const list = ok<{ list: Msg[] }>(await t.call('GET', API, { token: t.admin, query: { pageSize: '500' } })).list;
  return list.find((m) => m.id === id) as Msg;
};

let n = 0;
async function device(extra: Record<string, unknown> = {}) {
  n++;
  const b = {
    deviceId: `test-device-${String(n).padStart(4, '0')}`,
    country: 'US',
    language: 'en-US',
    appVersion: '3.2.0',
    platform: 'ios',
    model: 'H6199',
    timeZone: 'America/New_York',
    ...extra,
  };
  const res = await t.call('POST', '/api/app/v1/devices', { headers: KEY, body: b });
  expect(res.statusCode, res.body).toBe(200);
  return b.deviceId;
}
const clearDevices = () => t.rows('DELETE FROM app_devices');

let demo: { devices: number; messages: Record<string, Record<string, unknown>> } = { devices: 0, messages: {} };
beforeAll(async () => {
  // What the demo seed left in the template, read before it is cleared.
  demo = {
    devices: await rowCount(t, 'app_devices'),
    messages: Object.fromEntries(
      (
        await t.rows<{ name: string }>(
          `SELECT m.name, m.state, m.targeted,
                  (SELECT count(*)::int FROM app_message_deliveries x WHERE x.message_id = m.id AND x.state = 'delivered') AS delivered,
                  (SELECT count(x.deferred_at)::int FROM app_message_deliveries x WHERE x.message_id = m.id) AS deferred,
                  (SELECT count(x.read_at)::int FROM app_message_deliveries x WHERE x.message_id = m.id) AS read,
                  (SELECT count(*)::int FROM jobs j WHERE j.kind = 'appmessages.send' AND j.state = 'queued'
                      AND (j.payload->>'messageId')::int = m.id) AS jobs
             FROM app_messages m`,
        )
      ).map((r) => [r.name, r]),
    ),
  };
  // The demo's devices and messages are left out: each test counts its own.
  await t.rows('DELETE FROM app_messages');
  await clearDevices();
});

describe('the demo', () => {
  it('has devices, a message sent through the sender (some deferred, some read), one sending, one scheduled, a draft', () => {
    expect(demo.devices).toBe(3000);
    const sent = demo.messages['Winter scenes launch'];
    expect(sent).toMatchObject({ state: 'sent', targeted: 3000, delivered: 3000, jobs: 0 });
    expect(Number(sent?.deferred)).toBeGreaterThan(0);
    expect(Number(sent?.read)).toBeGreaterThan(1000);
    expect(demo.messages['Firmware 1.8 for strip lights']).toMatchObject({ state: 'scheduled', jobs: 1 });
    expect(demo.messages['Black Friday reminder']).toMatchObject({ state: 'scheduled', jobs: 1 });
    expect(demo.messages['Survey: DreamView (draft)']).toMatchObject({ state: 'draft' });
  });
});

describe('devices and the app key', () => {
  it('registers, updates and never answers the push token; 401 without a known key; 400 on a bad time zone', async () => {
    const b = {
      deviceId: 'reg-device-0001',
      country: 'jp',
      language: 'ja_JP',
      appVersion: 'v3.1.0-beta.2',
      platform: 'android',
      model: 'h6199',
      timeZone: 'Asia/Tokyo',
      pushToken: 'secret-token',
    };
    const first = ok<Record<string, unknown>>(await t.call('POST', '/api/app/v1/devices', { headers: KEY, body: b }));
    expect(first).not.toHaveProperty('pushToken');
    expect(JSON.stringify(first)).not.toContain('secret-token');
    const [row] = await t.rows<Record<string, unknown>>(`SELECT * FROM app_devices WHERE device_key = 'reg-device-0001'`);
    expect(row).toMatchObject({
      country: 'JP',
      language: 'ja-jp',
      model: 'H6199',
      v_major: 3,
      v_minor: 1,
      push_token: 'secret-token',
    });
    ok(
      await t.call('POST', '/api/app/v1/devices', {
        headers: KEY,
        body: { ...b, timeZone: 'Europe/Berlin', pushToken: undefined },
      }),
    );
    const [again] = await t.rows<Record<string, unknown>>(`SELECT * FROM app_devices WHERE device_key = 'reg-device-0001'`);
    expect(again).toMatchObject({ time_zone: 'Europe/Berlin', push_token: 'secret-token' });
    expect(await rowCount(t, 'app_devices', `device_key = 'reg-device-0001'`)).toBe(1);

    expect((await t.call('POST', '/api/app/v1/devices', { body: b })).statusCode).toBe(401);
    expect((await t.call('POST', '/api/app/v1/devices', { headers: { 'x-app-key': 'made-up' }, body: b })).statusCode).toBe(401);
    expect((await t.call('GET', '/api/app/v1/inbox', { query: { device: b.deviceId } })).statusCode).toBe(401);
    for (const [field, value, code] of [
      ['timeZone', '+08:00', 'appMessages.timeZone'],
      ['timeZone', 'Mars/Olympus', 'appMessages.timeZone'],
      ['deviceId', 'x', 'appMessages.deviceId'],
      ['appVersion', 'three', 'appContent.appVersion'],
      ['country', 'USA', 'appContent.country'],
    ] as const) {
      const res = await t.call('POST', '/api/app/v1/devices', {
        headers: KEY,
        body: { ...b, deviceId: 'reg-device-0002', [field]: value },
      });
      expect(res.statusCode, `${field}=${value}`).toBe(400);
      expect(fieldCodesOf(res)).toContain(`${field}:${code}`);
    }
    expect(await rowCount(t, 'app_devices', `device_key = 'reg-device-0002'`)).toBe(0);
    expect((await t.call('GET', '/api/app/v1/inbox', { headers: KEY, query: { device: 'never-registered' } })).statusCode).toBe(
      404,
    );
    await clearDevices();
  });
});

describe('validation', () => {
  it('refuses bad messages with field codes and writes nothing', async () => {
    const before = await rowCount(t, 'app_messages');
    const cases: [Record<string, unknown>, string][] = [
      [{ titleZh: '', titleEn: '' }, 'titleZh:appMessages.titleRequired'],
      [{ bodyEn: '' }, 'bodyEn:appMessages.bodyRequired'],
      [{ link: 'javascript:alert(1)' }, 'link:appMessages.link'],
      [{ link: 'http://example.com' }, 'link:appMessages.link'],
      [{ quietStart: '22:00' }, 'quietEnd:appMessages.quietBoth'],
      [{ quietStart: '22:00', quietEnd: '22:00' }, 'quietEnd:appMessages.quietEmpty'],
      [{ quietStart: '25:00', quietEnd: '08:00' }, 'quietStart:appMessages.clockTime'],
      [{ sendAt: '2030-01-02T00:00:00Z', expiresAt: '2030-01-01T00:00:00Z' }, 'expiresAt:appMessages.expiresBeforeSend'],
      [{ throttlePerMinute: 0 }, 'throttlePerMinute:atLeast'],
      [{ throttlePerMinute: 100_001 }, 'throttlePerMinute:atMost'],
      [{ versionRange: '^3.0' }, 'versionRange:appContent.versionRange'],
      [{ models: ['NOPE-404'] }, 'models:appContent.unknownModel'],
    ];
    for (const [extra, code] of cases) {
      const res = await post('', body(extra));
      expect(res.statusCode, JSON.stringify(extra)).toBe(400);
      expect(fieldCodesOf(res)).toContain(code);
    }
    expect(await rowCount(t, 'app_messages')).toBe(before);
  });

  it('needs the buttons: page only reads', async () => {
    const m = await create();
    const res = await t.call('POST', `${API}/${m.id}/actions`, { token: t.as.pm, body: { action: 'send', version: m.version } });
    // pm holds no message-centre permission at all.
    expect(res.statusCode).toBe(403);
    expect((await messageOf(m.id)).state).toBe('draft');
  });
});

describe('states x actions', () => {
  const STATES = ['draft', 'scheduled', 'sending', 'sent', 'cancelled'] as const;
  const ACTIONS = ['send', 'schedule', 'unschedule', 'cancel', 'edit', 'delete'] as const;
  const ALLOWED: Record<(typeof STATES)[number], readonly string[]> = {
    draft: ['send', 'schedule', 'edit', 'delete'],
    scheduled: ['unschedule', 'cancel'],
    sending: ['cancel'],
    sent: [],
    cancelled: ['delete'],
  };
  for (const state of STATES)
    for (const action of ACTIONS)
      it(`${action} on ${state}: ${ALLOWED[state].includes(action) ? '200' : '409'}`, async () => {
        const m = await create({ sendAt: new Date(Date.now() + 3_600_000).toISOString() });
        await t.rows('UPDATE app_messages SET state = $1 WHERE id = $2', [state, m.id]);
        const res =
          action === 'edit'
            ? await t.call('PUT', `${API}/${m.id}`, { token: t.admin, body: { ...body({ name: 'Edited' }), version: m.version } })
            : action === 'delete'
              ? await t.call('DELETE', `${API}/${m.id}`, { token: t.admin })
              : await act(m, action);
        if (ALLOWED[state].includes(action)) {
          expect(res.statusCode, res.body).toBe(200);
        } else {
          expect(res.statusCode, res.body).toBe(409);
          expect(dataOf<{ state: string }>(res).state).toBe(state);
          const [row] = await t.rows<{ state: string }>('SELECT state FROM app_messages WHERE id = $1', [m.id]);
          expect(row?.state).toBe(state);
        }
      });

  it('schedule needs a send time ahead; send and schedule queue the job in their transaction; a stale version is 409', async () => {
    const m = await create();
    const res = await act(m, 'schedule');
    expect(res.statusCode).toBe(400);
    expect(fieldCodesOf(res)).toEqual(['sendAt:appMessages.sendAtNotFuture']);
    const jobsOf = (id: number) =>
      t.rows<{ run_at: Date }>(`SELECT run_at FROM jobs WHERE kind = 'appmessages.send' AND (payload->>'messageId')::int = $1`, [
        id,
      ]);
    expect(await jobsOf(m.id)).toHaveLength(0);
    const later = await create({ sendAt: new Date(Date.now() + 7_200_000).toISOString() });
    ok(await act(later, 'schedule'));
    const [job] = await jobsOf(later.id);
    expect(new Date(job?.run_at as Date).getTime()).toBeGreaterThan(Date.now() + 7_000_000);
    expect((await act(later, 'unschedule')).statusCode).toBe(409); // stale: the schedule moved its version
    const sent = ok<Msg>(await act(m, 'send'));
    expect(sent.state).toBe('scheduled');
    expect(await jobsOf(m.id)).toHaveLength(1);
    const expired = await create({ expiresAt: new Date(Date.now() - 1000).toISOString() });
    const refused = await act(expired, 'send');
    expect(fieldCodesOf(refused)).toEqual(['expiresAt:appMessages.expired']);
  });
});

describe('audience', () => {
  it("takes the content model's targeting: countries, languages by tag or language, version ranges, platforms, models", async () => {
    await clearDevices();
    await device({ country: 'US', language: 'en-US', appVersion: '3.2.0', platform: 'ios' });
    await device({ country: 'US', language: 'es-US', appVersion: '3.0.5', platform: 'android' });
    await device({ country: 'CN', language: 'zh-CN', appVersion: '2.9.9', platform: 'android' });
    await device({ country: 'TW', language: 'zh-TW', appVersion: '4.0.0', platform: 'ios' });
    await device({ country: 'DE', language: 'de', appVersion: '3.1', platform: 'android', model: 'H6199' });
    const est = async (a: Record<string, unknown>) => ok<{ devices: number; registered: number }>(await post('/estimate', a));
    expect(await est({})).toEqual({ devices: 5, registered: 5 });
    expect((await est({ countries: ['us'] })).devices).toBe(2);
    expect((await est({ languages: ['zh'] })).devices).toBe(2);
    expect((await est({ languages: ['zh-CN'] })).devices).toBe(1);
    expect((await est({ versionRange: '>=3.1 <4' })).devices).toBe(2);
    expect((await est({ versionRange: '<3 || >=4' })).devices).toBe(2);
    expect((await est({ versionRange: '3.0.5' })).devices).toBe(1);
    expect((await est({ platforms: ['ios'], countries: ['US', 'TW'] })).devices).toBe(2);
    expect((await est({ models: ['H6199'], countries: ['DE'] })).devices).toBe(5 - 4);
    expect((await post('/estimate', { versionRange: '~3' })).statusCode).toBe(400);
  });

  it('a version range in SQL takes exactly the versions semver takes', async () => {
    const ranges = ['', '3', '>=3.1', '>3.1 <=3.4.2', '<3 || >=4', '=3.2.1', '>=2.9.9 <3.0.5 || 4', '<=3.2', '>3'];
    const versions: Version[] = [];
    for (const a of [2, 3, 4]) for (const b of [0, 1, 2, 9]) for (const c of [0, 1, 5, 9]) versions.push([a, b, c]);
    const values = versions.map((v) => `(${v.join(',')})`).join(',');
    for (const range of ranges) {
      const res = await t.database.db.execute<{ v_major: number; v_minor: number; v_patch: number }>(
        sql`SELECT v_major, v_minor, v_patch FROM (VALUES ${sql.raw(values)}) AS d(v_major, v_minor, v_patch) WHERE ${versionCondition(range)}`,
      );
      const got = res.rows.map((r) => `${r.v_major}.${r.v_minor}.${r.v_patch}`).sort();
      const want = versions
        .filter((v) => satisfies(v, parseRange(range) ?? []))
        .map((v) => v.join('.'))
        .sort();
      expect(got, range).toEqual(want);
    }
  });
});

const silent = {
  info: () => {},
  warn: () => {},
  error: () => {},
  debug: () => {},
  trace: () => {},
  fatal: () => {},
  child: () => silent,
  level: 'silent',
  silent: () => {},
} as never;

/** Runs the message's job as the worker would (the job queued by send, and the ones it queues). */
async function drainSender(): Promise<number> {
  const worker = new JobWorker(t.database.db, silent);
  const ctx = { db: t.database.db } as Parameters<typeof appMessagesJobs>[0];
  for (const [kind, job] of Object.entries(appMessagesJobs(ctx))) worker.register(kind, job.run);
  return worker.drain(50);
}

describe('sending through the job, and the inbox', () => {
  it('delivers once to each device of the audience, in its language; read marks count', async () => {
    await clearDevices();
    const en = await device({ language: 'en-US' });
    const zh = await device({ language: 'zh-CN', country: 'US' });
    const de = await device({ language: 'de-DE', country: 'US' });
    const outside = await device({ country: 'FR', language: 'fr-FR' });
    const onlyZh = await create({ name: 'Only zh', titleEn: '', bodyEn: '', countries: ['US'] });
    const both = await create({ name: 'Both', countries: ['US'], link: 'lumio://scenes' });
    await t.rows(`DELETE FROM jobs WHERE kind = 'appmessages.send'`);
    ok(await act(onlyZh, 'send'));
    ok(await act(both, 'send'));
    expect(await drainSender()).toBeGreaterThanOrEqual(2);
    const m = await messageOf(both.id);
    expect(m.state).toBe('sent');
    expect(m.counts).toEqual({ targeted: 3, delivered: 3, deferred: 0, waiting: 0, read: 0 });
    expect(await rowCount(t, 'app_message_deliveries', 'message_id = $1', [both.id])).toBe(3);
    const history = ok<{ list: { action: string }[] }>(
      await t.call('GET', `/api/user/rest/v1/history/app_message/${both.id}`, { token: t.admin }),
    );
    expect(history.list.map((e) => e.action)).toEqual(['appMessage.finish', 'appMessage.start', 'appMessage.send', 'create']);
    // Running the job again changes nothing.
    await t.rows(`UPDATE app_messages SET state = 'sending' WHERE id = $1`, [both.id]);
    await sendBatch(t.database.db, inboxProvider, both.id);
    expect(await rowCount(t, 'app_message_deliveries', 'message_id = $1', [both.id])).toBe(3);

    const inboxOf = async (dev: string) =>
      ok<{
        list: { id: number; title: string; body: string; link: string; readAt: string | null }[];
        total: number;
        unread: number;
      }>(await t.call('GET', '/api/app/v1/inbox', { headers: KEY, query: { device: dev } }));
    const zhBox = await inboxOf(zh);
    expect(zhBox.list.map((i) => i.title).sort()).toEqual(['你好', '你好']);
    const enBox = await inboxOf(en);
    expect(enBox.list.find((i) => i.id === both.id)).toMatchObject({ title: 'Hello', body: 'Body', link: 'lumio://scenes' });
    // An English device gets the only language there is.
    expect(enBox.list.find((i) => i.id === onlyZh.id)).toMatchObject({ title: '你好', body: '正文' });
    expect((await inboxOf(de)).list.find((i) => i.id === both.id)?.title).toBe('Hello');
    expect((await inboxOf(outside)).total).toBe(0);
    expect(enBox.unread).toBe(2);

    const read = await t.call('POST', `/api/app/v1/inbox/${both.id}/read`, { headers: KEY, body: { device: en } });
    const first = ok<{ readAt: string }>(read);
    const again = ok<{ readAt: string }>(
      await t.call('POST', `/api/app/v1/inbox/${both.id}/read`, { headers: KEY, body: { device: en } }),
    );
    expect(again.readAt).toBe(first.readAt);
    expect(
      (await t.call('POST', `/api/app/v1/inbox/${both.id}/read`, { headers: KEY, body: { device: outside } })).statusCode,
    ).toBe(404);
    expect((await inboxOf(en)).unread).toBe(1);
    expect((await messageOf(both.id)).counts.read).toBe(1);
    expect(await rowCount(t, 'app_message_deliveries', 'message_id = $1 AND pushed_at IS NULL', [both.id])).toBe(0);
  });
});

describe('quiet hours, throttle, expiry and cancel', () => {
  const at = (iso: string) => new Date(iso);
  async function sending(extra: Record<string, unknown>) {
    const m = await create(extra);
    await t.rows(`UPDATE app_messages SET state = 'scheduled', send_at = '2026-01-15T00:00:00Z' WHERE id = $1`, [m.id]);
    return m;
  }

  it('a device in Tokyo waits for its morning while one in New York gets it at once, at the same UTC instant', async () => {
    await clearDevices();
    const tokyo = await device({ timeZone: 'Asia/Tokyo' });
    const ny = await device({ timeZone: 'America/New_York' });
    const m = await sending({ quietStart: '22:00', quietEnd: '08:00' });
    // 14:00 UTC: 23:00 in Tokyo (quiet), 09:00 in New York.
    const first = await sendBatch(t.database.db, inboxProvider, m.id, { at: at('2026-01-15T14:00:00Z') });
    expect(first).toEqual({ outcome: 'wait', until: at('2026-01-15T23:00:00Z') });
    const rows = await t.rows<{ device_key: string; state: string; due_at: Date | null }>(
      `SELECT d.device_key, x.state, x.due_at FROM app_message_deliveries x JOIN app_devices d ON d.id = x.device_id
        WHERE x.message_id = $1 ORDER BY d.device_key`,
      [m.id],
    );
    const byKey = Object.fromEntries(rows.map((r) => [r.device_key, r]));
    expect(byKey[ny]?.state).toBe('delivered');
    expect(byKey[tokyo]?.state).toBe('deferred');
    expect(new Date(byKey[tokyo]?.due_at as Date).toISOString()).toBe('2026-01-15T23:00:00.000Z'); // 08:00 in Tokyo
    expect((await messageOf(m.id)).counts).toMatchObject({ targeted: 2, delivered: 1, deferred: 1, waiting: 1 });
    // Not yet: still 07:59 in Tokyo.
    expect((await sendBatch(t.database.db, inboxProvider, m.id, { at: at('2026-01-15T22:59:00Z') })).outcome).toBe('wait');
    expect(await sendBatch(t.database.db, inboxProvider, m.id, { at: at('2026-01-15T23:00:00Z') })).toEqual({ outcome: 'done' });
    expect((await messageOf(m.id)).counts).toMatchObject({ delivered: 2, deferred: 1, waiting: 0 });
    // A send at 04:00 UTC is the other way round: 13:00 in Tokyo, 23:00 in New York (waits for 13:00 UTC).
    const m2 = await sending({ quietStart: '22:00', quietEnd: '08:00' });
    expect(await sendBatch(t.database.db, inboxProvider, m2.id, { at: at('2026-01-15T04:00:00Z') })).toEqual({
      outcome: 'wait',
      until: at('2026-01-15T13:00:00Z'),
    });
  });

  it('sends no more devices a minute than the throttle, and picks up where it stopped', async () => {
    await clearDevices();
    for (let i = 0; i < 25; i++) await device();
    const m = await sending({ throttlePerMinute: 10 });
    const t0 = Date.parse('2026-01-15T12:00:00Z');
    const count = () => rowCount(t, 'app_message_deliveries', `message_id = $1 AND state = 'delivered'`, [m.id]);
    const r1 = await sendBatch(t.database.db, inboxProvider, m.id, { at: new Date(t0) });
    expect(r1.outcome).toBe('wait');
    expect(await count()).toBe(10);
    const queued = await t.rows(
      `SELECT 1 FROM jobs WHERE kind = 'appmessages.send' AND state = 'queued' AND (payload->>'messageId')::int = $1`,
      [m.id],
    );
    expect(queued.length).toBeGreaterThan(0);
    expect((await sendBatch(t.database.db, inboxProvider, m.id, { at: new Date(t0 + 30_000) })).outcome).toBe('wait');
    expect(await count()).toBe(10);
    await sendBatch(t.database.db, inboxProvider, m.id, { at: new Date(t0 + 61_000) });
    expect(await count()).toBe(20);
    expect(await sendBatch(t.database.db, inboxProvider, m.id, { at: new Date(t0 + 122_000) })).toEqual({ outcome: 'done' });
    expect(await count()).toBe(25);
  });

  it('cancel stops further deliveries; an expiry ends the send and hides it from inboxes', async () => {
    await clearDevices();
    for (let i = 0; i < 6; i++) await device({ timeZone: i < 3 ? 'Asia/Tokyo' : 'America/New_York' });
    const m = await sending({ throttlePerMinute: 2 });
    await sendBatch(t.database.db, inboxProvider, m.id, { at: at('2026-01-15T12:00:00Z') });
    const now = await messageOf(m.id);
    expect(now.state).toBe('sending');
    ok(await act(now, 'cancel'));
    expect(await sendBatch(t.database.db, inboxProvider, m.id, { at: at('2026-01-15T12:05:00Z') })).toEqual({
      outcome: 'stopped',
      reason: 'cancelled',
    });
    expect((await messageOf(m.id)).counts.delivered).toBe(2);

    const e = await sending({ quietStart: '22:00', quietEnd: '08:00', expiresAt: '2026-01-15T18:00:00Z' });
    await sendBatch(t.database.db, inboxProvider, e.id, { at: at('2026-01-15T14:00:00Z') });
    expect((await messageOf(e.id)).counts).toMatchObject({ delivered: 3, waiting: 3 });
    // Tokyo's morning comes after the expiry: the send ends at the expiry and the waiting devices never get it.
    expect(await sendBatch(t.database.db, inboxProvider, e.id, { at: at('2026-01-15T18:00:00Z') })).toEqual({ outcome: 'done' });
    const after = await messageOf(e.id);
    expect(after.state).toBe('sent');
    expect(after.counts).toMatchObject({ delivered: 3, waiting: 0 });
    const [ny] = await t.rows<{ device_key: string }>(
      `SELECT device_key FROM app_devices WHERE time_zone = 'America/New_York' LIMIT 1`,
    );
    const box = ok<{ list: { id: number }[] }>(
      await t.call('GET', '/api/app/v1/inbox', { headers: KEY, query: { device: ny?.device_key as string } }),
    );
    expect(box.list.map((i) => i.id)).not.toContain(e.id);
  });
});
