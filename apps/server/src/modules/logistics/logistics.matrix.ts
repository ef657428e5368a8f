/**
 * Permission-matrix rows of logistics (modules/logistics): reads need the page, writes its
 * button (page holders 403). The external shop accounts hold none of these patterns (and are
 * refused anyway: company data); god view looks as the sales manager, who holds none either.
 * Each write cell makes a fresh carrier (and card) with a code of its own.
 */
import { one } from '../../../test/matrix/cells';
import type { CellContext, Row } from '../../../test/matrix/rows';

const API = '/api/logistics/rest/v1';
const READ = '401 401 403 200 200 403 403 200 403';
const WRITE = '401 401 403 403 200 403 403 200 403';

const freshCarrier = (c: CellContext) =>
  one(c.pool, `INSERT INTO logistics_carriers (code, name, modes) VALUES ($1, $1, '{sea,air}') RETURNING id, version`, [
    `MX-${c.n}`,
  ]);

async function freshCard(c: CellContext) {
  const carrier = await freshCarrier(c);
  const card = await one(
    c.pool,
    `INSERT INTO logistics_rate_cards (carrier_id, mode, market_id, price_per_kg, transit_days, valid_from)
     VALUES ($1, 'sea', 0, 1.2, 30, '2026-01-01') RETURNING id, version`,
    [carrier.id],
  );
  return { carrierId: Number(carrier.id), id: Number(card.id), version: Number(card.version) };
}

const cardBody = (carrierId: number) => ({
  carrierId,
  mode: 'air',
  marketId: 1,
  pricePerKg: 4.5,
  transitDays: 9,
  validFrom: '2026-01-01',
});

export function matrixRows(): Record<string, Row> {
  return {
    [`GET ${API}/carriers`]: { request: () => ({ url: `${API}/carriers` }), expect: READ },
    [`POST ${API}/carriers`]: {
      request: (c) => ({ url: `${API}/carriers`, body: { code: `MXC-${c.n}`, name: 'Matrix carrier', modes: ['sea'] } }),
      expect: WRITE,
    },
    [`PUT ${API}/carriers/:id`]: {
      request: async (c) => {
        const r = await freshCarrier(c);
        return {
          url: `${API}/carriers/${r.id}`,
          body: { code: `MX-${c.n}`, name: 'Renamed', modes: ['sea', 'air'], version: r.version },
        };
      },
      expect: WRITE,
    },
    [`DELETE ${API}/carriers/:id`]: {
      request: async (c) => ({ url: `${API}/carriers/${(await freshCarrier(c)).id}` }),
      expect: WRITE,
    },
    [`GET ${API}/rate-cards`]: { request: () => ({ url: `${API}/rate-cards`, query: { validity: 'current' } }), expect: READ },
    [`POST ${API}/rate-cards`]: {
      request: async (c) => ({ url: `${API}/rate-cards`, body: cardBody(Number((await freshCarrier(c)).id)) }),
      expect: WRITE,
    },
    [`PUT ${API}/rate-cards/:id`]: {
      request: async (c) => {
        const r = await freshCard(c);
        return { url: `${API}/rate-cards/${r.id}`, body: { ...cardBody(r.carrierId), mode: 'sea', version: r.version } };
      },
      expect: WRITE,
    },
    [`DELETE ${API}/rate-cards/:id`]: {
      request: async (c) => ({ url: `${API}/rate-cards/${(await freshCard(c)).id}` }),
      expect: WRITE,
    },
    [`GET ${API}/shipment-settings`]: { request: () => ({ url: `${API}/shipment-settings` }), expect: READ },
    [`GET ${API}/shipment-settings/carriers`]: { request: () => ({ url: `${API}/shipment-settings/carriers` }), expect: READ },
    [`PUT ${API}/shipment-settings/:marketId`]: {
      request: async (c) => {
        // A marketplace of its own per cell would run out: read the version the cell finds.
        const r = await one(
          c.pool,
          `SELECT coalesce((SELECT version FROM logistics_shipment_settings WHERE market_id = 12), 0) AS v`,
        );
        return {
          url: `${API}/shipment-settings/12`,
          body: {
            defaultMode: 'sea',
            transitDays: { sea: 40, air: 10, express: 5, rail: 25 },
            prepDays: 3,
            version: Number(r.v),
          },
        };
      },
      expect: WRITE,
    },
    [`GET ${API}/calc`]: {
      request: () => ({
        url: `${API}/calc`,
        query: { lengthCm: '20', widthCm: '15', heightCm: '5', weightKg: '0.4', units: '100', marketId: '0' },
      }),
      expect: READ,
    },
    [`GET ${API}/calc/models`]: { request: () => ({ url: `${API}/calc/models` }), expect: READ },
  };
}
