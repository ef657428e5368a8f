/**
 * The action list through the API: coded 400s with nothing written, a unique key (409), the
 * optimistic version, the key kept and the delete refused once the app has reported the action,
 * the audit rows read back as history, and what the demo seeded.
 */
import { describe, expect, it } from 'vitest';
import { dataOf, fieldCodesOf, okDataOf, rowCount, testAppPerFile } from '../../../test/harness';

const API = '/api/appdata/rest/v1';
const t = testAppPerFile({ admin: true });
const post = (path: string, body: unknown) => t.call('POST', `${API}/${path}`, { token: t.admin, body });
const put = (path: string, body: unknown) => t.call('PUT', `${API}/${path}`, { token: t.admin, body });
const del = (path: string) => t.call('DELETE', `${API}/${path}`, { token: t.admin });
const PARAMS = [
  { name: 'connectivity', type: 'enum', values: ['ble', 'wifi'], required: true },
  { name: 'seconds', type: 'number' },
];
interface Action {
  id: number;
  key: string;
  version: number;
  reported: number;
  firstReportedAt: string | null;
  params: { name: string; type: string; values: string[]; required: boolean }[];
}
const create = async (key: string, extra: Record<string, unknown> = {}) =>
  okDataOf<Action>(await post('actions', { key, nameEn: key, params: PARAMS, ...extra }));

describe('action list', () => {
  it('adds an action with its parameters and refuses a taken key', async () => {
    const a = await create('test.added');
    expect(a).toMatchObject({ key: 'test.added', version: 1, reported: 0, firstReportedAt: null });
    expect(a.params).toEqual([
      { name: 'connectivity', type: 'enum', values: ['ble', 'wifi'], required: true },
      { name: 'seconds', type: 'number', values: [], required: false },
    ]);
    const taken = await post('actions', { key: 'test.added', nameZh: '再来', params: PARAMS });
    expect(taken.statusCode).toBe(409);
    expect(fieldCodesOf(taken)).toEqual(['key:appData.actionKeyTaken']);
  });

  it('refuses every bad field with its code and writes nothing', async () => {
    const before = await rowCount(t, 'app_data_actions');
    const cases: [unknown, string[]][] = [
      [{ key: 'Device.Paired', nameEn: 'x', params: PARAMS }, ['key:appData.actionKey']],
      [{ key: 'nodot', nameEn: 'x', params: PARAMS }, ['key:appData.actionKey']],
      [{ key: 'a.b', params: PARAMS }, ['nameZh:appData.nameRequired']],
      [{ key: 'a.b', nameEn: 'x', params: [] }, ['params:tooFewItems']],
      [
        { key: 'a.b', nameEn: 'x', params: Array.from({ length: 21 }, (_, i) => ({ name: `p${i}`, type: 'string' })) },
        ['params:tooManyItems'],
      ],
      [{ key: 'a.b', nameEn: 'x', params: [{ name: 'mode', type: 'enum' }] }, ['params.0.values:appData.enumValues']],
      [
        { key: 'a.b', nameEn: 'x', params: [{ name: 'n', type: 'number', values: ['1'] }] },
        ['params.0.values:appData.valuesNotEnum'],
      ],
      [{ key: 'a.b', nameEn: 'x', params: [{ name: '9x', type: 'string' }] }, ['params.0.name:appData.paramName']],
      [
        {
          key: 'a.b',
          nameEn: 'x',
          params: [
            { name: 'x', type: 'string' },
            { name: 'x', type: 'number' },
          ],
        },
        ['params.1.name:listedTwice'],
      ],
      [{ key: 'a.b', nameEn: 'x', params: [{ name: 'x', type: 'date' }] }, ['params.0.type:invalidOption']],
    ];
    for (const [body, codes] of cases) {
      const res = await post('actions', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(fieldCodesOf(res), JSON.stringify(body)).toEqual(codes);
    }
    expect(await rowCount(t, 'app_data_actions')).toBe(before);
  });

  it('edits with the version read, keeps the key once reported, deletes only what was never reported', async () => {
    const a = await create('test.edited');
    const renamed = okDataOf<Action>(
      await put(`actions/${a.id}`, { key: 'test.renamed', nameEn: 'Renamed', params: PARAMS, version: a.version }),
    );
    expect(renamed).toMatchObject({ key: 'test.renamed', version: 2 });
    const stale = await put(`actions/${a.id}`, { key: 'test.renamed', nameEn: 'Again', params: PARAMS, version: 1 });
    expect(stale.statusCode).toBe(409);
    expect((stale.json() as { code: number }).code).not.toBe(0);

    // The app reports it once: the key stays, the action may be disabled but not deleted.
    const sent = await t.call('POST', '/api/app/v1/events', {
      body: {
        events: [
          {
            eventId: 'e-1',
            action: 'test.renamed',
            deviceId: 'dev-1',
            occurredAt: new Date().toISOString(),
            appVersion: '3.2.0',
            platform: 'ios',
            params: { connectivity: 'ble' },
          },
        ],
      },
    });
    expect(okDataOf<{ accepted: number }>(sent).accepted).toBe(1);
    const rekey = await put(`actions/${a.id}`, { key: 'test.other', nameEn: 'Renamed', params: PARAMS, version: 2 });
    expect(rekey.statusCode).toBe(409);
    expect(fieldCodesOf(rekey)).toEqual(['key:appData.actionKeyInUse']);
    const gone = await del(`actions/${a.id}`);
    expect(gone.statusCode).toBe(409);
    expect(fieldCodesOf(gone)).toEqual(['id:appData.actionReported']);
    const disabled = okDataOf<Action & { enabled: boolean }>(
      await put(`actions/${a.id}`, { key: 'test.renamed', nameEn: 'Renamed', params: PARAMS, enabled: false, version: 2 }),
    );
    expect(disabled).toMatchObject({ enabled: false, reported: 1, version: 3 });
    expect(disabled.firstReportedAt).not.toBeNull();

    const fresh = await create('test.deleted');
    expect((await del(`actions/${fresh.id}`)).statusCode).toBe(200);
    expect(await rowCount(t, 'app_data_actions', 'id = $1', [fresh.id])).toBe(0);

    const history = okDataOf<{ list: { action: string }[] }>(
      await t.call('GET', `/api/user/rest/v1/history/app_data_action/${a.id}`, { token: t.admin }),
    );
    expect(history.list.map((h) => h.action)).toEqual(['update', 'update', 'create']);
  });

  it('lists with its filters; the demo has reported, never reported and disabled actions', async () => {
    const all = okDataOf<{ total: number }>(
      await t.call('GET', `${API}/actions`, { token: t.admin, query: { pageSize: '100' } }),
    );
    expect(all.total).toBeGreaterThanOrEqual(24);
    const never = okDataOf<{ list: Action[] }>(
      await t.call('GET', `${API}/actions`, { token: t.admin, query: { reported: 'false', keyword: 'voice' } }),
    );
    expect(never.list.map((a) => a.key)).toEqual(['voice.linked']);
    const off = okDataOf<{ list: Action[] }>(
      await t.call('GET', `${API}/actions`, {
        token: t.admin,
        query: { enabled: 'false', sortField: 'reported', sortOrder: 'desc' },
      }),
    );
    expect(off.list.map((a) => a.key)).toContain('ar.preview_opened');
    const top = okDataOf<{ list: Action[] }>(
      await t.call('GET', `${API}/actions`, {
        token: t.admin,
        query: { sortField: 'reported', sortOrder: 'desc', pageSize: '1' },
      }),
    );
    expect(top.list[0]?.key).toBe('app.opened');
    expect(dataOf(await t.call('GET', `${API}/actions`, { query: {} }))).toBeNull();
  });
});
