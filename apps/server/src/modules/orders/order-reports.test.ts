/**
 * The order reports behind the mail automation, on the files of
 * test/fixtures/imports/orders: the FBA shipments report sets delivery dates (estimated
 * arrival, else shipment + the marketplace's transit days; the last of several
 * shipments; a title row and Title Case headers), the FBA customer returns and the
 * merchant returns reports set return (and RMA) states, re-imports change nothing, an
 * unknown layout is held. Then, from imported files only and against the real test mail
 * servers: the order delivered six days ago gets its review request, the one with an
 * open return does not; and a buyer put on the blacklist through the API gets none.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testAppPerFile } from '../../../test/harness';
import {
  loopbackMailServers,
  startImapServer,
  startSmtpServer,
  type TestImapServer,
  type TestSmtpServer,
} from '../../../test/mail-servers';
import { addMailbox } from '../../../test/mailboxes';
import { uploadImport } from '../../../test/multipart';

type Json = Record<string, unknown>;
const t = testAppPerFile({ config: { MAIL_CONNECT_TIMEOUT_MS: 3000 }, admin: true });
let shopId = 0;
const fixture = (name: string) => readFileSync(new URL(`../../../test/fixtures/imports/orders/${name}`, import.meta.url));

async function preview(kind: string, name: string, bytes: Buffer = fixture(name)) {
  const res = await uploadImport(t.app, t.admin, { kind, shopId: String(shopId) }, { name, bytes });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as Json & { records: Json[]; counts: Json; errors: Json[]; warnings: Json[]; status: string };
}
async function commit(id: unknown, skipErrorRows = false) {
  const res = await t.call('POST', `/api/imports/${id}/commit`, { token: t.admin, body: { skipErrorRows } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as Json & { result: Json };
}
const lines = () =>
  t.rows<{
    order_id: string;
    asin: string;
    delivery_date: string | null;
    buyer_email: string | null;
    return_state: string;
    refund_state: string;
    rma_state: string;
  }>(
    `SELECT order_id, asin, to_char(delivery_date, 'YYYY-MM-DD') AS delivery_date, buyer_email, return_state, refund_state, rma_state
       FROM orders WHERE shop_id = $1 ORDER BY order_id, asin`,
    [shopId],
  );

/** Every yyyy-MM-dd in the file moved by `days` (so a fixed file reads as "six days ago" today). */
function shifted(name: string, days: number): Buffer {
  const text = fixture(name)
    .toString('utf8')
    .replace(/\b(\d{4}-\d{2}-\d{2})(?=T|\t|\n|,|$)/g, (d) =>
      new Date(Date.parse(`${d}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10),
    );
  return Buffer.from(text);
}

async function freshShop(name: string) {
  const id = (
    await t.rows<{ id: number }>(
      `INSERT INTO shops (account_id, name, seller_id, market_id, mws_auth_state) VALUES (1, $1, $2, 0, 1) RETURNING id`,
      [name, `A${name.replace(/\W/g, '').toUpperCase()}`],
    )
  )[0]!.id;
  const line = (await t.rows<{ id: number }>(`SELECT id FROM product_lines WHERE code = '6111'`))[0]!.id;
  const product = (
    await t.rows<{ id: number }>(
      `INSERT INTO products (model, name, name_en, product_line_id, category_code) VALUES ($1, '订单报表测试', 'Order report test', $2, '6111') RETURNING id`,
      [`ORD-${name}`, line],
    )
  )[0]!.id;
  for (const [sku, asin] of [
    ['OR-LAMP-US', 'B0ORLAMP01'],
    ['OR-STRIP-US', 'B0ORSTRP01'],
  ]) {
    const s = (
      await t.rows<{ id: number }>(
        `INSERT INTO skus (sku, product_id) VALUES ($1, $2) ON CONFLICT (sku) DO UPDATE SET sku = EXCLUDED.sku RETURNING id`,
        [sku, product],
      )
    )[0]!;
    await t.rows(`INSERT INTO listings (shop_id, sku_id, asin, market_id, title, currency) VALUES ($1, $2, $3, 0, $4, 'USD')`, [
      id,
      s.id,
      asin,
      sku,
    ]);
  }
  return id;
}

describe('FBA shipments: delivery dates', () => {
  beforeAll(async () => {
    shopId = await freshShop('Orders US');
  });

  it('previews the delivery date of each order line: estimated arrival, else shipment + 3 days (US), the last of several shipments', async () => {
    const p = await preview('fba-shipments', 'fba-shipments.txt');
    expect(p).toMatchObject({ status: 'preview', variant: 'fba-shipments/tsv', rowCount: 4, errorCount: 1 });
    expect(p.errors[0]).toMatchObject({ line: 7, column: 'sku', message: 'no listing for SKU OR-UNKNOWN-US in this shop' });
    expect(p.counts).toEqual({ new: 4, changed: 0, unchanged: 0 });
    const byKey = Object.fromEntries(p.records.map((r) => [r.key, r.values as Json]));
    expect(byKey['113-1000001-0000001|B0ORLAMP01']).toMatchObject({
      deliveryDate: '2026-07-20',
      basis: 'estimated-arrival-date',
      buyerEmail: 'abc123xyz@marketplace.amazon.com',
    });
    // Shipped 2026-07-15 11:00 Los Angeles time, no estimate: three days later. The SKU's case does not matter.
    expect(byKey['113-1000002-0000002|B0ORSTRP01']).toMatchObject({
      sku: 'OR-STRIP-US',
      deliveryDate: '2026-07-18',
      basis: 'shipment-date + 3 days',
    });
    expect(byKey['113-1000003-0000003|B0ORLAMP01']).toMatchObject({ deliveryDate: '2026-07-22', quantity: 2 });
    expect(await lines()).toEqual([]);
  });

  it('commits the good rows into orders; the same file again changes nothing', async () => {
    const p = await preview('fba-shipments', 'fba-shipments.txt');
    const refused = await t.call('POST', `/api/imports/${p.id}/commit`, { token: t.admin, body: {} });
    expect(refused.statusCode).toBe(400);
    const done = await commit(p.id, true);
    expect(done.result).toMatchObject({ inserted: 4, updated: 0, unchanged: 0 });
    expect(await lines()).toEqual([
      expect.objectContaining({ order_id: '113-1000001-0000001', delivery_date: '2026-07-20', return_state: 'none' }),
      expect.objectContaining({ order_id: '113-1000002-0000002', asin: 'B0ORSTRP01', delivery_date: '2026-07-18' }),
      expect.objectContaining({ order_id: '113-1000003-0000003', delivery_date: '2026-07-22' }),
      expect.objectContaining({ order_id: '113-1000004-0000004', buyer_email: 'jkl012@marketplace.amazon.com' }),
    ]);
    const again = await preview('fba-shipments', 'fba-shipments.txt');
    expect(again.counts).toEqual({ new: 0, changed: 0, unchanged: 4 });
    expect(again.warnings[0]?.message).toMatch(/already committed/);
    const before = await lines();
    expect((await commit(again.id, true)).result).toMatchObject({ inserted: 0, updated: 0, unchanged: 4 });
    expect(await lines()).toEqual(before);
  });

  it('reads a file with a title line, Title Case headers, CRLF and plain dates; keeps a stored buyer; refuses another marketplace', async () => {
    const p = await preview('fba-shipments', 'fba-shipments-title.txt');
    expect(p.warnings[0]).toMatchObject({ line: 1, message: 'Skipped a title line above the header' });
    expect(p.errors).toEqual([expect.objectContaining({ line: 5, message: expect.stringMatching(/Amazon\.ca.*US/) })]);
    const byKey = Object.fromEntries(p.records.map((r) => [r.key, r.values as Json]));
    expect(byKey['113-2000001-0000001|B0ORSTRP01']).toMatchObject({ deliveryDate: '2026-07-14', quantity: 2 });
    expect(byKey['113-2000002-0000002|B0ORLAMP01']).toMatchObject({ deliveryDate: '2026-07-15', buyerEmail: null });
    await t.rows(
      `INSERT INTO orders (shop_id, market_id, order_id, asin, sku, purchase_date, buyer_email) VALUES ($1, 0, '113-2000002-0000002', 'B0ORLAMP01', 'OR-LAMP-US', now(), 'kept@marketplace.amazon.com')`,
      [shopId],
    );
    const again = await preview('fba-shipments', 'fba-shipments-title.txt');
    await commit(again.id, true);
    const kept = (await lines()).find((l) => l.order_id === '113-2000002-0000002');
    expect(kept).toMatchObject({ delivery_date: '2026-07-15', buyer_email: 'kept@marketplace.amazon.com' });
  });

  it('holds a file whose columns are not a shipments report', async () => {
    const p = await preview('fba-shipments', 'returns-unknown.txt');
    expect(p.status).toBe('held');
    expect((p.unknownHeader as Json).missing).toEqual(['amazon-order-id', 'sku', 'shipment-date']);
  });
});

describe('returns: FBA customer returns and the merchant Returns report', () => {
  it('sets open and closed returns from the FBA report; a return of an order not stored yet creates its line', async () => {
    const p = await preview('order-returns', 'fba-returns.txt');
    expect(p).toMatchObject({ status: 'preview', variant: 'fba-returns/tsv', errorCount: 0, rowCount: 3 });
    expect(p.counts).toEqual({ new: 1, changed: 2, unchanged: 0 });
    await commit(p.id);
    const byOrder = Object.fromEntries((await lines()).map((l) => [l.order_id, l]));
    expect(byOrder['113-1000004-0000004']).toMatchObject({ return_state: 'open' });
    expect(byOrder['113-1000001-0000001']).toMatchObject({ return_state: 'closed' });
    expect(byOrder['113-1000009-0000009']).toMatchObject({ asin: 'B0ORSTRP01', return_state: 'closed', delivery_date: null });
    expect((await preview('order-returns', 'fba-returns.txt')).counts).toEqual({ new: 0, changed: 0, unchanged: 3 });
  });

  it('reads the merchant Returns report (csv): an approved return is open with its RMA, a closed one closed', async () => {
    const p = await preview('order-returns', 'mfn-returns.csv');
    expect(p).toMatchObject({ status: 'preview', variant: 'mfn-returns/csv', errorCount: 0, rowCount: 2 });
    await commit(p.id);
    const byOrder = Object.fromEntries((await lines()).map((l) => [l.order_id, l]));
    expect(byOrder['113-1000002-0000002']).toMatchObject({ return_state: 'open', rma_state: 'open', refund_state: 'none' });
    expect(byOrder['113-1000003-0000003']).toMatchObject({ return_state: 'closed', rma_state: 'closed', refund_state: 'closed' });
  });

  it('a refund under way is open until a later report shows it paid', async () => {
    const [header] = fixture('mfn-returns.csv').toString('utf8').split('\n');
    const names = header!.split(',');
    const row = (v: Record<string, string>) => names.map((n) => v[n] ?? '').join(',');
    const base = {
      'Order ID': '113-1000007-0000007',
      'Order date': '2026-07-18',
      'Return request date': '2026-07-25',
      ASIN: 'B0ORLAMP01',
      'Merchant SKU': 'OR-LAMP-US',
      'Return quantity': '1',
      Resolution: 'StandardRefund',
    };
    const file = (v: Record<string, string>) => Buffer.from(`${header}\n${row({ ...base, ...v })}\n`);
    const under = await preview('order-returns', 'refund.csv', file({ 'Return request status': 'Approved' }));
    expect(under).toMatchObject({ status: 'preview', errorCount: 0 });
    expect((under.records as { values: Json }[])[0]!.values).toMatchObject({ returnState: 'open', refundState: 'open' });
    await commit(under.id);
    const stored = () => lines().then((ls) => ls.find((l) => l.order_id === '113-1000007-0000007'));
    expect(await stored()).toMatchObject({ return_state: 'open', refund_state: 'open', rma_state: 'none' });
    // The item came back and the money went out: the next report shows the amount.
    const paid = await preview(
      'order-returns',
      'refund-paid.csv',
      file({ 'Return request status': 'Approved', 'Return delivery date': '2026-07-30', 'Refunded Amount': '"1,029.99"' }),
    );
    expect(paid.counts).toEqual({ new: 0, changed: 1, unchanged: 0 });
    await commit(paid.id);
    expect(await stored()).toMatchObject({ return_state: 'closed', refund_state: 'closed' });
    // A later file that says nothing of the refund keeps the stored state.
    await commit(
      (await preview('order-returns', 'no-refund.csv', file({ 'Return request status': 'Closed', Resolution: '' }))).id,
    );
    expect(await stored()).toMatchObject({ return_state: 'closed', refund_state: 'closed' });
  });

  it('an All Orders re-import keeps delivery dates and return states', async () => {
    const header =
      'amazon-order-id\tmerchant-order-id\tpurchase-date\tlast-updated-date\torder-status\tfulfillment-channel\tsales-channel\torder-channel\turl\tship-service-level\tproduct-name\tsku\tasin\titem-status\tquantity\tcurrency\titem-price\titem-tax\tshipping-price\tshipping-tax\tgift-wrap-price\tgift-wrap-tax\titem-promotion-discount\tship-promotion-discount\tship-city\tship-state\tship-postal-code\tship-country\tpromotion-ids';
    const row =
      '113-1000004-0000004\t\t2026-07-16T10:00:00-07:00\t2026-07-17T10:00:00-07:00\tShipped\tAmazon\tAmazon.com\t\t\tStandard\tLamp\tOR-LAMP-US\tB0ORLAMP01\tShipped\t1\tUSD\t29.99\t0.00\t0.00\t0.00\t\t\t0.00\t0.00\tPORTLAND\tOR\t97201\tUS\t';
    const p = await preview('all-orders', 'orders.txt', Buffer.from(`${header}\n${row}\n`));
    expect(p).toMatchObject({ status: 'preview', errorCount: 0 });
    await commit(p.id);
    const line = (await lines()).find((l) => l.order_id === '113-1000004-0000004');
    expect(line).toMatchObject({ delivery_date: '2026-07-20', return_state: 'open' });
  });

  it('holds an unknown returns layout, refuses a caller without the import permission', async () => {
    const p = await preview('order-returns', 'returns-unknown.txt');
    expect(p.status).toBe('held');
    expect((p.unknownHeader as Json).closestVariant).toBe('fba-returns');
    const agent = await t.login('cs.agent');
    const res = await uploadImport(
      t.app,
      agent,
      { kind: 'order-returns', shopId: String(shopId) },
      { name: 'r.txt', bytes: fixture('fba-returns.txt') },
    );
    expect(res.statusCode).toBe(403);
  });
});

describe('review requests from imported files only (real mail servers)', () => {
  const BOX = 'orders@lumio.test';
  let imap: TestImapServer;
  let smtp: TestSmtpServer;
  let lead: string;

  beforeAll(async () => {
    [imap, smtp] = await Promise.all([startImapServer([{ user: BOX, password: 'box-pass-1' }]), startSmtpServer()]);
    lead = await t.login('cs.lead');
    shopId = await freshShop('Orders Mail US');
  });
  afterAll(async () => Promise.all([imap?.stop(), smtp?.stop()]));

  it('mails the order delivered six days ago, not the one with an open return, not a buyer blacklisted through the API', async () => {
    // The fixtures' 2026-07-20 arrivals become "six days ago".
    const today = new Date().toISOString().slice(0, 10);
    const days = Math.round((Date.parse(`${today}T00:00:00Z`) - Date.parse('2026-07-20T00:00:00Z')) / 86_400_000) - 6;
    await commit((await preview('fba-shipments', 'fba-shipments.txt', shifted('fba-shipments.txt', days))).id, true);
    await commit((await preview('order-returns', 'fba-returns.txt', shifted('fba-returns.txt', days))).id);
    const sixDaysAgo = new Date(Date.parse(`${today}T00:00:00Z`) - 6 * 86_400_000).toISOString().slice(0, 10);
    const byOrder = Object.fromEntries((await lines()).map((l) => [l.order_id, l]));
    expect(byOrder['113-1000001-0000001']).toMatchObject({ delivery_date: sixDaysAgo, return_state: 'closed' });
    expect(byOrder['113-1000004-0000004']).toMatchObject({ delivery_date: sixDaysAgo, return_state: 'open' });

    // Bo Buyer (113-1000002, delivered eight days ago) goes on the blacklist through the API, in upper case.
    const block = await t.call('POST', '/api/email/rest/v1/blacklist', {
      token: lead,
      body: { email: 'DEF456@marketplace.amazon.com', reason: 'asked us not to write' },
    });
    expect(block.statusCode, block.body).toBe(200);
    expect(block.json().data).toMatchObject({ email: 'def456@marketplace.amazon.com', source: 'manual' });

    const boxId = await addMailbox(t, lead, {
      email: BOX,
      name: 'Orders Care',
      type: 1,
      shopId,
      ...loopbackMailServers({ port: imap.port, user: BOX, password: 'box-pass-1' }, smtp),
    });
    const task = await t.call('POST', '/api/emailSender/rest/v1/autoMails/create', {
      token: lead,
      body: {
        autoMailName: 'Imported orders review',
        shopId,
        mailboxId: boxId,
        kind: 'review',
        asins: [],
        subject: 'Your order {{orderId}}',
        body: '<p>Hello {{buyerName}}, how do you like the product of order {{orderId}}?</p>',
        daysAfterDelivery: 5,
        sendHourFrom: 0,
        sendHourTo: 24,
        buyerDedupeDays: 30,
      },
    });
    expect(task.statusCode, task.body).toBe(200);
    const taskId = task.json().data.id as number;
    expect(
      (await t.call('PUT', '/api/emailSender/rest/v1/autoMails/reset', { token: lead, query: { autoMailId: String(taskId) } }))
        .statusCode,
    ).toBe(200);

    await t.app.jobs.ensureRecurring();
    await t.rows(`UPDATE jobs SET run_at = now() WHERE kind = 'mail.auto.schedule' AND state = 'queued'`);
    await t.app.jobs.drain();

    const log = await t.rows<{ order_id: string; state: string; reason: string | null }>(
      `SELECT order_id, state, reason FROM mail_auto_sends WHERE source = 'autoMail' AND task_id = $1 ORDER BY order_id`,
      [taskId],
    );
    expect(log.map((r) => [r.order_id, r.state])).toEqual([
      ['113-1000001-0000001', 'sent'],
      ['113-1000002-0000002', 'skipped'],
    ]);
    expect(log[1]?.reason).toMatch(/blacklist \(asked us not to write\)/);
    expect(smtp.received.map((m) => m.to[0])).toEqual(['abc123xyz@marketplace.amazon.com']);
  });
});

describe('reverting order reports', () => {
  beforeAll(async () => {
    shopId = await freshShop('Orders Revert');
  });

  it('puts the order lines back as they were, newest import first; the lines an import created go', async () => {
    const shipments = { id: Number((await commit((await preview('fba-shipments', 'fba-shipments.txt')).id, true)).id) };
    const afterShipments = await lines();
    expect(afterShipments).toHaveLength(4);
    const returns = { id: Number((await commit((await preview('order-returns', 'fba-returns.txt')).id)).id) };
    expect(await lines()).toHaveLength(5);

    const blocked = await t.call('POST', `/api/imports/${shipments.id}/revert`, { token: t.admin });
    expect(blocked.statusCode).toBe(409);
    expect((blocked.json() as { data: { imports: number[] } }).data.imports).toEqual([returns.id]);
    expect(await lines()).toHaveLength(5);

    expect((await t.call('POST', `/api/imports/${returns.id}/revert`, { token: t.admin })).statusCode).toBe(200);
    expect(await lines()).toEqual(afterShipments);
    expect((await t.call('POST', `/api/imports/${shipments.id}/revert`, { token: t.admin })).statusCode).toBe(200);
    expect(await lines()).toEqual([]);
  });
});
