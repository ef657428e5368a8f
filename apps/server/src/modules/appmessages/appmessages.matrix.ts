/**
 * Permission-matrix rows of the message centre: its page reads (and estimates), its buttons write
 * (create; edit; send for the moves; delete). The app's calls are public with a known app key
 * (the demo's): every actor gets the same answer, whatever its session. Each write cell makes its
 * own message.
 */
import { one, PUBLIC_OK } from '../../../test/matrix/cells';
import type { CellContext, Row } from '../../../test/matrix/rows';
import { DEMO_APP_KEY } from '../appcontent/appcontent.seed';

const API = '/api/appmessages/rest/v1/messages';
const READ = '401 401 403 200 200 403 403 200 403';
const WRITE = '401 401 403 403 200 403 403 200 403';
const KEY = { 'x-app-key': DEMO_APP_KEY };

const freshMessage = async (c: CellContext, state = 'draft') =>
  one(c.pool, `INSERT INTO app_messages (name, title_en, body_en, state) VALUES ($1, 'T', 'B', $2) RETURNING id, version`, [
    `mx-${c.n}`,
    state,
  ]);

const freshDevice = (c: CellContext) =>
  one(
    c.pool,
    `INSERT INTO app_devices (device_key, country, language, app_version, v_major, v_minor, v_patch, platform, model, time_zone)
     VALUES ($1, 'US', 'en-us', '3.2.0', 3, 2, 0, 'ios', 'H6199', 'America/New_York') RETURNING id, device_key`,
    [`matrix-device-${c.n}`],
  );

const body = (c: CellContext) => ({ name: `Matrix ${c.n}`, titleEn: 'Hello', bodyEn: 'World' });

export function matrixRows(): Record<string, Row> {
  return {
    [`GET ${API}`]: { request: () => ({ url: API, query: { state: 'draft' } }), expect: READ },
    [`GET ${API}/models`]: { request: () => ({ url: `${API}/models` }), expect: READ },
    [`POST ${API}/estimate`]: { request: () => ({ url: `${API}/estimate`, body: { countries: ['US'] } }), expect: READ },
    [`POST ${API}`]: { request: (c) => ({ url: API, body: body(c) }), expect: WRITE },
    [`PUT ${API}/:id`]: {
      request: async (c) => {
        const m = await freshMessage(c);
        return { url: `${API}/${m.id}`, body: { ...body(c), version: m.version } };
      },
      expect: WRITE,
    },
    [`POST ${API}/:id/actions`]: {
      request: async (c) => {
        const m = await freshMessage(c, 'scheduled');
        return { url: `${API}/${m.id}/actions`, body: { action: 'unschedule', version: m.version } };
      },
      expect: WRITE,
    },
    [`DELETE ${API}/:id`]: { request: async (c) => ({ url: `${API}/${(await freshMessage(c)).id}` }), expect: WRITE },
    'POST /api/app/v1/devices': {
      request: (c) => ({
        url: '/api/app/v1/devices',
        headers: KEY,
        body: {
          deviceId: `matrix-register-${c.n}`,
          country: 'US',
          language: 'en-US',
          appVersion: '3.2.0',
          platform: 'ios',
          model: 'H6199',
          timeZone: 'America/New_York',
        },
      }),
      expect: PUBLIC_OK,
    },
    'GET /api/app/v1/inbox': {
      request: async (c) => ({ url: '/api/app/v1/inbox', headers: KEY, query: { device: (await freshDevice(c)).device_key } }),
      expect: PUBLIC_OK,
    },
    'POST /api/app/v1/inbox/:id/read': {
      request: async (c) => {
        const m = await freshMessage(c, 'sent');
        const d = await freshDevice(c);
        await c.pool.query(
          `INSERT INTO app_message_deliveries (message_id, device_id, state, delivered_at) VALUES ($1, $2, 'delivered', now())`,
          [m.id, d.id],
        );
        return { url: `/api/app/v1/inbox/${m.id}/read`, headers: KEY, body: { device: d.device_key } };
      },
      expect: PUBLIC_OK,
    },
  };
}
