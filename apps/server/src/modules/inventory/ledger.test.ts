/**
 * The Inventory Ledger import on a real database: each fixture variant of
 * test/fixtures/imports/inventory (summary by country and by fulfilment centre, detailed with and
 * without the reconciliation columns), row problems, a re-import replacing the day and a revert
 * putting it back.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { testAppPerFile } from '../../../test/harness';
import { importCalls, stockFixture } from './imports/import-test-calls';
import { movementOf, readSigned } from './imports/ledger-report';

type Json = Record<string, unknown>;
const t = testAppPerFile({ admin: true });
let shopId = 0;
const { preview, commit } = importCalls(
  t,
  'fba-inventory-ledger',
  () => shopId,
  () => t.admin,
);
const fixture = stockFixture;
const ledgerOf = (day: string) =>
  t.rows<Json>(
    `SELECT sku, disposition, location, view, starting_balance, receipts, customer_shipments, customer_returns, transfers,
            found, lost, damaged, disposed, ending_balance, unknown_events, listing_id IS NOT NULL AS listed
       FROM inventory_ledger WHERE shop_id = $1 AND day = $2 ORDER BY sku, disposition, location`,
    [shopId, day],
  );

beforeAll(async () => {
  shopId = (await t.rows<{ id: number }>(`SELECT id FROM shops WHERE name = 'Lumio US'`))[0]!.id;
});

describe('reading the ledger', () => {
  it('reads signed quantities and places each event of the detailed view', () => {
    expect(readSigned('-1,234')).toBe(-1234);
    expect(readSigned('')).toBe(0);
    expect(readSigned('12.0')).toBe(12);
    expect(readSigned('1.5')).toBeNull();
    expect(readSigned('abc')).toBeNull();
    expect(movementOf('Shipments', '')).toBe('customerShipments');
    expect(movementOf('CustomerReturns', '')).toBe('customerReturns');
    expect(movementOf('WhseTransfers', '')).toBe('transfers');
    expect(movementOf('Adjustments', 'M')).toBe('lost');
    expect(movementOf('Adjustments', 'e')).toBe('damaged');
    expect(movementOf('Adjustments', 'F')).toBe('found');
    expect(movementOf('Adjustments', 'D')).toBe('disposed');
    expect(movementOf('Adjustments', 'O')).toBe('otherEvents');
    expect(movementOf('Mystery', '')).toBeNull();
  });
});

describe('every variant of the Inventory Ledger', () => {
  it('summary by country (quoted CSV): balances and movements per SKU, disposition and day', async () => {
    const p = await preview('ledger-summary.csv');
    expect(p.variant).toBe('summary/csv');
    expect(p.errors).toEqual([]);
    expect(p.counts).toEqual({ new: 5, changed: 0, unchanged: 0 });
    await commit(p.id);
    expect(await ledgerOf('2026-06-01')).toEqual([
      expect.objectContaining({
        sku: 'H6162-75',
        disposition: 'CUSTOMER_DAMAGED',
        customer_returns: 1,
        disposed: -1,
        ending_balance: 2,
      }),
      expect.objectContaining({
        sku: 'H6162-75',
        disposition: 'SELLABLE',
        starting_balance: 40,
        customer_shipments: -3,
        ending_balance: 37,
      }),
      expect.objectContaining({
        sku: 'H6260-5M',
        disposition: 'SELLABLE',
        location: 'US',
        view: 'summary',
        starting_balance: 500,
        receipts: 120,
        customer_shipments: -35,
        customer_returns: 3,
        lost: -2,
        damaged: -1,
        ending_balance: 585,
        listed: true,
      }),
    ]);
  });

  it('summary by fulfilment centre (tab-separated) replaces the days the country view gave', async () => {
    const p = await preview('ledger-summary-fc.txt');
    expect(p.variant).toBe('summary/tsv');
    // Another location is another key: the five rows are new, the five of the country view go.
    expect(p.counts).toEqual({ new: 5, changed: 0, unchanged: 0 });
    const c = await commit(p.id);
    expect(c.result).toMatchObject({ inserted: 5, zeroed: 5, days: ['2026-06-01', '2026-06-02'] });
    expect((await ledgerOf('2026-06-02')).map((r) => [r.sku, r.location, r.ending_balance])).toEqual([
      ['H6162-75', 'PHX6', 35],
      ['H6260-5M', 'PHX6', 556],
    ]);
  });

  it('detailed view (with the reconciliation columns): events summed per SKU, disposition and centre, no balances', async () => {
    const p = await preview('ledger-detailed.csv');
    expect(p.variant).toBe('detailed/csv');
    expect(p.errors).toEqual([]);
    expect(p.counts).toEqual({ new: 3, changed: 0, unchanged: 0 });
    await commit(p.id);
    expect(await ledgerOf('2026-06-03')).toEqual([
      expect.objectContaining({
        sku: 'H6162-75',
        disposition: 'SELLABLE',
        location: 'LAS1',
        customer_returns: 1,
        found: 1,
        transfers: -2,
      }),
      expect.objectContaining({ sku: 'H6260-5M', disposition: 'DEFECTIVE', location: 'PHX6', damaged: 1 }),
      expect.objectContaining({
        sku: 'H6260-5M',
        disposition: 'SELLABLE',
        view: 'detailed',
        starting_balance: null,
        ending_balance: null,
        receipts: 24,
        customer_shipments: -3,
        lost: -1,
        damaged: -1,
      }),
    ]);
  });

  it('detailed view without the reconciliation columns (tab-separated) reads the same day unchanged', async () => {
    const p = await preview('ledger-detailed-basic.txt');
    expect(p.variant).toBe('detailed/tsv');
    expect(p.counts).toEqual({ new: 0, changed: 0, unchanged: 3 });
  });

  it('holds a file that is not a ledger', async () => {
    const p = await preview('myi-2020.txt');
    expect(p.status).toBe('held');
  });
});

describe('row problems', () => {
  it('a monthly date or an unreadable quantity is an error, an unknown SKU a warning, a row twice an error', async () => {
    const p = await preview('ledger-bad-rows.csv');
    expect(p.errors.map((e) => [e.line, e.column])).toEqual([
      [2, 'Date'],
      [3, 'Customer Shipments'],
      [6, 'MSKU'],
    ]);
    expect(p.warnings.map((w) => w.message)).toEqual([expect.stringMatching(/ZZ-NOT-OURS is not a listing/)]);
    await commit(p.id, true);
    expect((await ledgerOf('2026-06-04')).map((r) => [r.sku, r.ending_balance, r.listed])).toEqual([
      ['H6162-75', 34, true],
      ['ZZ-NOT-OURS', 4, false],
    ]);
  });
});

describe('re-importing a day replaces it', () => {
  it('replaces the day as a whole, changes nothing the second time, and a revert puts the day back', async () => {
    const D = '2026-05-20';
    const file = (ending: number, withSecond: boolean) =>
      Buffer.from(
        [
          fixture('ledger-summary.csv').toString('utf8').split('\r\n')[0],
          `"05/20/2026","X000001EEF","B0LQBBUVIX","H6260-5M","t","SELLABLE","100","0","0","-10","0","0","0","0","0","0","0","0","${ending}","0","US"`,
          ...(withSecond
            ? [
                '"05/20/2026","X0003ZZ81B","B06QFW3HOT","H6162-75","t","SELLABLE","9","0","0","-1","0","0","0","0","0","0","0","0","8","0","US"',
              ]
            : []),
          '',
        ].join('\r\n'),
      );
    const first = await preview('a.csv', file(90, true));
    await commit(first.id);
    const same = await preview('a.csv', file(90, true));
    expect(same.counts).toEqual({ new: 0, changed: 0, unchanged: 2 });
    const smaller = await preview('b.csv', file(89, false));
    expect(smaller.counts).toEqual({ new: 0, changed: 1, unchanged: 0 });
    expect(smaller.records[0]?.before).toMatchObject({ endingBalance: 90 });
    const c = await commit(smaller.id);
    expect(c.result).toMatchObject({ inserted: 0, updated: 1, unchanged: 0, zeroed: 1, days: [D] });
    expect((await ledgerOf(D)).map((r) => [r.sku, r.ending_balance])).toEqual([['H6260-5M', 89]]);

    const revert = await t.call('POST', `/api/imports/${smaller.id}/revert`, { token: t.admin });
    expect(revert.statusCode, revert.body).toBe(200);
    expect((await ledgerOf(D)).map((r) => [r.sku, r.ending_balance])).toEqual([
      ['H6162-75', 8],
      ['H6260-5M', 90],
    ]);
  });
});
