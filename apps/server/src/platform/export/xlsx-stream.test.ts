/**
 * Exports over a real socket: a client that goes away mid-file stops the cursor and gives
 * its connection back; a whole file is a valid workbook with every row.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { testAppPerFile } from '../../../test/harness';

const t = testAppPerFile({ admin: true });
let base: string;
const day = (daysAgo: number) => new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10);
const exportOf = (from: string, to: string) => `/api/sales/rest/v1/ts-report/export?startDate=${from}&endDate=${to}`;

beforeAll(async () => {
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});

const visibleShops = async () => {
  const res = await t.call('GET', '/api/sales/rest/v1/shops/user', { token: t.admin });
  return (res.json().data as { shopId?: number; id?: number }[]).map((s) => s.shopId ?? s.id);
};
const busyClients = () => t.database.pool.totalCount - t.database.pool.idleCount;

function get(path: string, onResponse: (res: http.IncomingMessage, req: http.ClientRequest) => void) {
  const req = http.get(`${base}${path}`, { headers: { authorization: `Bearer ${t.admin}` } }, (res) => onResponse(res, req));
  return req;
}

describe('streamed xlsx exports', () => {
  it('stops reading and releases its connection when the client goes away', async () => {
    await new Promise<void>((resolve, reject) => {
      const req = get(exportOf(day(365), day(1)), (res) => {
        expect(res.statusCode).toBe(200);
        res.once('data', () => {
          req.destroy();
          resolve();
        });
      });
      req.on('error', (err) =>
        err.message.includes('aborted') || err.message.includes('socket hang up') ? resolve() : reject(err),
      );
    });
    const deadline = Date.now() + 5000;
    while (busyClients() > 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    expect(busyClients()).toBe(0);
  });

  it('sends a whole workbook that exceljs reads, row for row', async () => {
    const bytes = await new Promise<Buffer>((resolve, reject) => {
      get(exportOf(day(30), day(1)), (res) => {
        expect(res.headers['content-type']).toContain('spreadsheetml');
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve(Buffer.concat(chunks)));
        res.on('error', reject);
      }).on('error', reject);
    });
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(bytes as unknown as ArrayBuffer);
    const ws = wb.worksheets[0];
    const { rows } = (
      await t.database.pool.query(
        'SELECT count(*)::int AS rows FROM sales_facts WHERE day BETWEEN $1 AND $2 AND shop_id = ANY($3)',
        [day(30), day(1), await visibleShops()],
      )
    ).rows[0] as { rows: number };
    expect(rows).toBeGreaterThan(1000);
    // the header and one row per fact of the period
    expect(ws?.rowCount).toBe(rows + 1);
  });
});
