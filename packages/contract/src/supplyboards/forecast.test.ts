/** The shipment forecast's arithmetic by hand (docs/supply-boards.md "Shipment forecast"). */
import { describe, expect, it } from 'vitest';
import { planReplenishment, type ReplenishInput } from '../inventory/replenish';
import { forecastShipments } from './forecast';

const input = (o: Partial<ReplenishInput> = {}): ReplenishInput => ({
  onHand: 1000,
  inboundWorking: 0,
  inboundShipped: 0,
  inboundReceiving: 0,
  arrivals: [],
  forecast: null,
  averageDaily: 10,
  sigma: 0,
  prepDays: 15,
  serviceLevel: '0.95',
  moq: 100,
  unitsPerCarton: 12,
  eol: false,
  ...o,
});

describe('forecastShipments', () => {
  it('10 a day, prep 15, 1,000 on hand: sea shipments in weeks 7 and 11', () => {
    // L = 15 + 35 = 50, SS 0, ROP 500. Week 7 reviews day 49: 510 on hand, at day 56 it would be 440 < 500: order.
    // S = 10 × (50 + 30) = 800; 800 − 510 = 290 → 25 cartons of 12 = 300, arriving on day 99.
    // Week 11 reviews day 77: 230 + 300 = 530; at day 84 160 + 300 = 460 < 500: 800 − 530 = 270 → 23 cartons = 276.
    expect(forecastShipments(input())).toEqual([
      { week: 7, units: 300, cartons: 25, mode: 'sea', arrivesInDays: 99 },
      { week: 11, units: 276, cartons: 23, mode: 'sea', arrivesInDays: 127 },
    ]);
  });

  it('starts with the advice of /replenish when the SKU needs stock now', () => {
    // 540 on hand, σ 4 at 95 %: replenish.test's amber case (312 units, sea).
    const i = input({ onHand: 540, sigma: 4 });
    const advice = planReplenishment(i);
    expect(advice).toMatchObject({ state: 'amber', adviceUnits: 312, mode: 'sea' });
    expect(forecastShipments(i)[0]).toMatchObject({ week: 0, units: 312, mode: 'sea', arrivesInDays: 50 });
  });

  it('goes by air when the stock runs out within the sea lead time, and leaves EOL SKUs out', () => {
    // 100 on hand runs out on day 10: red, air (lead 15 + 10 = 25), S = 10 × 55 = 550, 450 → 38 cartons = 456.
    const [first] = forecastShipments(input({ onHand: 100 }));
    expect(first).toEqual({ week: 0, units: 456, cartons: 38, mode: 'air', arrivesInDays: 25 });
    expect(forecastShipments(input({ onHand: 100, eol: true }))).toEqual([]);
  });
});

describe('forecastShipments and the stock report', () => {
  it('counts inbound as the report states it, like the advice, when our shipments say more', () => {
    // 300 on hand, the report shows 100 shipped inbound, our shipment on the way says 300 (day 20): the position is
    // 300 + 100 = 400 < ROP 500, amber; S = 800, 400 → 34 cartons = 408 (with our 300 it would be 200 → 204).
    const i = input({ onHand: 300, inboundShipped: 100, arrivals: [{ inDays: 20, units: 300 }] });
    expect(planReplenishment(i)).toMatchObject({ state: 'amber', position: 400, adviceUnits: 408 });
    expect(forecastShipments(i)[0]).toEqual({ week: 0, units: 408, cartons: 34, mode: 'sea', arrivesInDays: 50 });
  });
});
