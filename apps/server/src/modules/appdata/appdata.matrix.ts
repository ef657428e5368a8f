/**
 * Permission-matrix rows of what the app reports: each screen's permission reads, its buttons
 * write (create; edit; delete). The app's event reports are public (app-key admission). Each
 * write cell makes its own action or code.
 */
import { QR_ALPHABET } from '@bo/contract/appdata/qr-codes';
import { one, PUBLIC_OK } from '../../../test/matrix/cells';
import type { CellContext, Row } from '../../../test/matrix/rows';

const API = '/api/appdata/rest/v1';
const READ = '401 401 403 200 200 403 403 200 403';
const WRITE = '401 401 403 403 200 403 403 200 403';
const PARAMS = [{ name: 'mode', type: 'enum', values: ['a', 'b'], required: true }];

const freshAction = (c: CellContext) =>
  one(c.pool, `INSERT INTO app_data_actions (key, name_en, params) VALUES ($1, $1, $2::jsonb) RETURNING id, version, key`, [
    `matrix.action_${c.n}`,
    JSON.stringify(PARAMS),
  ]);
const freshQr = (c: CellContext, code = `MX-${c.n}`) =>
  one(
    c.pool,
    `INSERT INTO app_data_qr_codes (code, partner, campaign, target, starts_at, ends_at, salt)
     VALUES ($1, 'Matrix', 'Cell', 'https://example.com/', now(), now() + interval '1 day', 'salt') RETURNING id, version`,
    [code],
  );
/** A short code of the redirect's own form (8 letters of QR_ALPHABET), one per cell. */
function qrCodeOf(n: number): string {
  let s = '';
  let x = n;
  do {
    s = QR_ALPHABET[x % QR_ALPHABET.length] + s;
    x = Math.floor(x / QR_ALPHABET.length);
  } while (x > 0);
  return s.padStart(8, 'Z');
}
const qrBody = () => ({
  partner: 'Matrix',
  campaign: 'Cell',
  target: 'https://example.com/',
  startsAt: '2030-01-01T00:00:00Z',
  endsAt: '2030-02-01T00:00:00Z',
});

export function matrixRows(): Record<string, Row> {
  return {
    [`GET ${API}/actions`]: { request: () => ({ url: `${API}/actions` }), expect: READ },
    [`POST ${API}/actions`]: {
      request: (c) => ({ url: `${API}/actions`, body: { key: `matrix.created_${c.n}`, nameEn: 'Matrix', params: PARAMS } }),
      expect: WRITE,
    },
    [`PUT ${API}/actions/:id`]: {
      request: async (c) => {
        const a = await freshAction(c);
        return { url: `${API}/actions/${a.id}`, body: { key: a.key, nameEn: 'Renamed', params: PARAMS, version: a.version } };
      },
      expect: WRITE,
    },
    [`DELETE ${API}/actions/:id`]: {
      request: async (c) => ({ url: `${API}/actions/${(await freshAction(c)).id}` }),
      expect: WRITE,
    },
    [`GET ${API}/square`]: { request: () => ({ url: `${API}/square`, query: { platform: 'ios' } }), expect: READ },
    [`GET ${API}/square/export`]: {
      request: () => ({ url: `${API}/square/export`, query: { from: '2030-01-01', to: '2030-01-02' } }),
      expect: READ,
    },
    [`GET ${API}/qr-codes`]: { request: () => ({ url: `${API}/qr-codes` }), expect: READ },
    [`GET ${API}/qr-codes/:id/scans`]: {
      request: async (c) => ({ url: `${API}/qr-codes/${(await freshQr(c)).id}/scans` }),
      expect: READ,
    },
    [`POST ${API}/qr-codes`]: { request: () => ({ url: `${API}/qr-codes`, body: qrBody() }), expect: WRITE },
    [`PUT ${API}/qr-codes/:id`]: {
      request: async (c) => {
        const q = await freshQr(c);
        return { url: `${API}/qr-codes/${q.id}`, body: { ...qrBody(), version: q.version } };
      },
      expect: WRITE,
    },
    [`DELETE ${API}/qr-codes/:id`]: {
      request: async (c) => ({ url: `${API}/qr-codes/${(await freshQr(c)).id}` }),
      expect: WRITE,
    },
    'POST /api/app/v1/events': {
      request: (c) => ({
        url: '/api/app/v1/events',
        body: {
          events: [
            {
              eventId: `mx-${c.n}`,
              action: 'no.such_action',
              deviceId: 'matrix',
              occurredAt: new Date().toISOString(),
              appVersion: '3.1.0',
              platform: 'ios',
            },
          ],
        },
      }),
      expect: PUBLIC_OK,
    },
    // The public redirect of a code in its window: the same answer for everyone, signed in or not.
    'GET /q/:code': {
      request: async (c) => {
        await freshQr(c, qrCodeOf(c.n));
        return { url: `/q/${qrCodeOf(c.n)}` };
      },
      expect: '302 302 302 302 302 302 302 302 302',
    },
  };
}
