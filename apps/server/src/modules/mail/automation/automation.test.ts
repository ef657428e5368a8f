/**
 * Mail automation against the real test mail servers (dovecot IMAP, capturing SMTP):
 * the marketplace rules of review requests (5 to 30 days after delivery, one per order,
 * an open return blocks, the blacklist), per-buyer de-duplication, merge tags in what
 * arrives, the linter refusing a template, statistics, invitation plans, and auto-reply
 * plans answering an incoming mail once per dialogue.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/harness';
import {
  loopbackMailServers,
  startImapServer,
  startSmtpServer,
  type TestImapServer,
  type TestSmtpServer,
} from '../../../../test/mail-servers';
import { addMailbox } from '../../../../test/mailboxes';

const AM = '/api/emailSender/rest/v1/autoMails';
const RP = '/api/mail-auto-reply-plan';
const IV = '/api/robot-server/rest/v1/invite';
const BOX = 'care@lumio.test';

let t: TestApp;
let imap: TestImapServer;
let smtp: TestSmtpServer;
let lead: string;
let agent: string;
let shopId = 0;
let mailboxId = 0;
let asins: string[] = [];

/** Runs the scheduler now (it is recurring) and every job it queued. */
async function runAutomation() {
  await t.app.jobs.ensureRecurring();
  await t.rows(`UPDATE jobs SET run_at = now() WHERE kind = 'mail.auto.schedule' AND state = 'queued'`);
  await t.app.jobs.drain();
}

async function order(o: {
  id: string;
  asin?: string;
  buyer: string;
  deliveredDaysAgo: number | null;
  returnState?: string;
  status?: string;
  name?: string;
}) {
  await t.rows(
    `INSERT INTO orders (shop_id, market_id, order_id, asin, sku, quantity, order_status, buyer_email, buyer_name, purchase_date, delivery_date, return_state)
     VALUES ($1, 0, $2, $3, 'SKU-T', 1, $4, $5, $6, now() - interval '40 days',
             CASE WHEN $7::int IS NULL THEN NULL ELSE current_date - $7::int END, $8)`,
    [
      shopId,
      o.id,
      o.asin ?? asins[0],
      o.status ?? 'Shipped',
      o.buyer,
      o.name ?? 'Ann Buyer',
      o.deliveredDaysAgo,
      o.returnState ?? 'none',
    ],
  );
}

/** Runs the mailbox fetch now (a recurring job) and the jobs it queues. */
async function fetchNow() {
  await t.app.jobs.ensureRecurring();
  await t.rows(`UPDATE jobs SET run_at = now() WHERE kind LIKE 'mail.fetch%' AND state = 'queued'`);
  await t.app.jobs.drain();
}

const review = (over: Record<string, unknown> = {}) => ({
  autoMailName: `Review ${Math.random().toString(36).slice(2, 8)}`,
  shopId,
  mailboxId,
  kind: 'review',
  asins: [],
  subject: 'How is your {{productTitle}}, {{buyerName}}?',
  body: '<p>Hello {{buyerName}},</p><p>thank you for order {{orderId}}. We would be glad to hear about your experience with the product.</p>',
  daysAfterDelivery: 7,
  sendHourFrom: 0,
  sendHourTo: 24,
  buyerDedupeDays: 30,
  ...over,
});

async function activeTask(over: Record<string, unknown> = {}) {
  const res = await t.call('POST', `${AM}/create`, { token: lead, body: review(over) });
  expect(res.statusCode, res.body).toBe(200);
  const id = res.json().data.id as number;
  const on = await t.call('PUT', `${AM}/reset`, { token: lead, query: { autoMailId: String(id) } });
  expect(on.statusCode, on.body).toBe(200);
  return id;
}

const sends = (taskId: number, source = 'autoMail') =>
  t.rows<{ order_id: string; asin: string; state: string; reason: string | null }>(
    `SELECT order_id, asin, state, reason FROM mail_auto_sends WHERE source = $1 AND task_id = $2 ORDER BY order_id, asin`,
    [source, taskId],
  );

beforeAll(async () => {
  [t, imap, smtp] = await Promise.all([
    createTestApp({ MAIL_CONNECT_TIMEOUT_MS: 3000 }),
    startImapServer([{ user: BOX, password: 'box-pass-1' }]),
    startSmtpServer(),
  ]);
  lead = await t.login('cs.lead');
  agent = await t.login('cs.agent');
  shopId = (await t.rows<{ id: number }>(`SELECT id FROM shops WHERE name = 'Lumio US'`))[0]?.id as number;
  asins = (
    await t.rows<{ asin: string }>(`SELECT DISTINCT asin FROM listings WHERE shop_id = $1 ORDER BY asin LIMIT 3`, [shopId])
  ).map((r) => r.asin);
  // The demo's order lines would be mailed too: these tests bring their own.
  await t.rows(`DELETE FROM orders WHERE shop_id = $1`, [shopId]);
  mailboxId = await addMailbox(t, lead, {
    email: BOX,
    name: 'Lumio Care',
    type: 1,
    shopId,
    ...loopbackMailServers({ port: imap.port, user: BOX, password: 'box-pass-1' }, smtp),
  });
});
afterAll(async () => {
  await Promise.all([t?.close(), imap?.stop(), smtp?.stop()]);
});

describe('auto mails: the marketplace rules are enforced by the server', () => {
  it('refuses a review request whose text breaks the messaging rules, listing why', async () => {
    const res = await t.call('POST', `${AM}/create`, {
      token: lead,
      body: review({ body: '<p>Please leave us a 5-star review at https://lumio.example/review and get a free gift!</p>' }),
    });
    expect(res.statusCode).toBe(400);
    const rules = (res.json().data.lint as { rule: string; level: string }[])
      .filter((i) => i.level === 'error')
      .map((i) => i.rule);
    expect(rules).toEqual(expect.arrayContaining(['link', 'positiveReview']));
    expect(res.json().msg).toMatch(/messaging rules/);
    expect((await t.rows(`SELECT 1 FROM mail_auto_mails`)).length).toBe(0);
  });

  it('refuses a review request outside 5 to 30 days after delivery and an unknown merge tag', async () => {
    const early = await t.call('POST', `${AM}/create`, { token: lead, body: review({ daysAfterDelivery: 3 }) });
    expect(early.statusCode).toBe(400);
    expect(early.body).toContain('5 to 30 days');
    const tag = await t.call('POST', `${AM}/create`, { token: lead, body: review({ body: '<p>Hi {{buyername}}</p>' }) });
    expect(tag.statusCode).toBe(400);
    expect(tag.body).toContain('did you mean {{buyerName}}');
  });

  it('preview renders merge tags and shows the linter output', async () => {
    const res = await t.call('POST', `${AM}/preview`, {
      token: lead,
      body: { subject: 'Order {{orderId}}', body: '<p>Hi {{buyerName}}, write to me at me@example.com</p>' },
    });
    expect(res.statusCode).toBe(200);
    const d = res.json().data;
    expect(d.subject).toBe('Order 112-4827361-5523419');
    expect(d.body).toContain('Hi Emily Carter');
    expect(d.sendable).toBe(false);
    expect(d.issues.map((i: { rule: string }) => i.rule)).toContain('email');
  });

  it('mails each due order once: 5–30 days after delivery, one per order and buyer, not with an open return or a blocked buyer', async () => {
    await order({ id: '111-0000001-0000001', buyer: 'a@buyers.example', deliveredDaysAgo: 10, name: 'Alice <b>Ng</b>' });
    await order({ id: '111-0000002-0000002', buyer: 'b@buyers.example', deliveredDaysAgo: 3 });
    await order({ id: '111-0000003-0000003', buyer: 'c@buyers.example', deliveredDaysAgo: 31 });
    await order({ id: '111-0000004-0000004', buyer: 'd@buyers.example', deliveredDaysAgo: 10, returnState: 'open' });
    await order({ id: '111-0000005-0000005', buyer: 'e@buyers.example', deliveredDaysAgo: 12 });
    await order({ id: '111-0000006-0000006', buyer: 'f@buyers.example', deliveredDaysAgo: 9, asin: asins[0] });
    await order({ id: '111-0000006-0000006', buyer: 'f@buyers.example', deliveredDaysAgo: 9, asin: asins[1] });
    await order({ id: '111-0000007-0000007', buyer: 'a@buyers.example', deliveredDaysAgo: 8 });
    await order({ id: '111-0000008-0000008', buyer: 'h@buyers.example', deliveredDaysAgo: 10, status: 'Cancelled' });
    await order({ id: '111-0000009-0000009', buyer: 'i@buyers.example', deliveredDaysAgo: null });
    await t.rows(`INSERT INTO mail_buyer_blocks (account_id, email, reason) VALUES (1, 'e@buyers.example', 'unsubscribed')`);

    const taskId = await activeTask();
    const before = smtp.received.length;
    await runAutomation();
    const log = await sends(taskId);
    expect(log.map((r) => [r.order_id, r.state])).toEqual([
      ['111-0000001-0000001', 'sent'],
      ['111-0000005-0000005', 'skipped'],
      ['111-0000006-0000006', 'sent'],
      ['111-0000006-0000006', 'skipped'],
      ['111-0000007-0000007', 'skipped'],
    ]);
    expect(log[1]?.reason).toMatch(/blacklist/);
    expect(log[3]?.reason).toMatch(/one per order/);
    expect(log[4]?.reason).toMatch(/review request within 30 days/);

    const arrived = smtp.received.slice(before);
    expect(arrived.map((m) => m.to[0]).sort()).toEqual(['a@buyers.example', 'f@buyers.example']);
    const toA = arrived.find((m) => m.to[0] === 'a@buyers.example');
    const title = (
      await t.rows<{ title: string }>(`SELECT title FROM listings WHERE shop_id = $1 AND asin = $2 LIMIT 1`, [shopId, asins[0]])
    )[0]?.title;
    expect(toA?.parsed.subject).toBe(`How is your ${title}, Alice <b>Ng</b>?`);
    // The buyer's name is escaped in the HTML: text, never markup.
    expect(toA?.parsed.html).toContain('Hello Alice &lt;b&gt;Ng&lt;/b&gt;');
    expect(toA?.parsed.html).toContain('order 111-0000001-0000001');

    // Again: nothing new. The return closes: that order's request goes out now.
    await runAutomation();
    expect(smtp.received.length - before).toBe(2);
    await t.rows(`UPDATE orders SET return_state = 'closed' WHERE order_id = '111-0000004-0000004'`);
    await runAutomation();
    expect(smtp.received.length - before).toBe(3);
    expect((await sends(taskId)).find((r) => r.order_id === '111-0000004-0000004')?.state).toBe('sent');

    // A second review task never asks the same orders again.
    const second = await activeTask();
    await runAutomation();
    expect(smtp.received.length - before).toBe(3);
    expect((await sends(second)).every((r) => r.state === 'skipped')).toBe(true);

    // Statistics of today and the send log.
    const today = new Date().toISOString().slice(0, 10);
    const st = await t.call('GET', `${AM}/${taskId}/queryAutoMailSendStatistic`, {
      token: lead,
      query: { startDate: today, endDate: today },
    });
    expect(st.statusCode).toBe(200);
    expect(st.json().data.totals).toMatchObject({ sent: 3, skipped: 3 });
    const csv = await t.call('GET', `${AM}/files`, {
      token: lead,
      query: { autoMailId: String(taskId), startDate: today, endDate: today },
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toContain('111-0000001-0000001,');
    const list = await t.call('GET', `${AM}/list`, { token: lead, query: { state: '1' } });
    expect(list.json().data.list.find((r: { autoMailId: number }) => r.autoMailId === taskId)).toMatchObject({
      sent: 3,
      state: 1,
    });
  });

  it('a return opened after queueing holds the mail back at send time', async () => {
    await t.rows(`UPDATE mail_auto_mails SET state = 2`);
    await order({ id: '111-0000010-0000010', buyer: 'j@buyers.example', deliveredDaysAgo: 15 });
    const taskId = await activeTask({ buyerDedupeDays: 0 });
    await t.app.jobs.ensureRecurring();
    await t.rows(`UPDATE jobs SET run_at = now() WHERE kind = 'mail.auto.schedule' AND state = 'queued'`);
    // Only the scheduler: claim it alone by delaying the send jobs it queues.
    const { scheduleAll } = await import('./engine');
    await scheduleAll({ db: t.database.db, config: t.config, log: t.app.log } as never);
    await t.rows(`UPDATE orders SET refund_state = 'open' WHERE order_id = '111-0000010-0000010'`);
    await t.app.jobs.drain();
    expect(smtp.received.filter((m) => m.to.includes('j@buyers.example'))).toEqual([]);
    const row = (await sends(taskId)).find((r) => r.order_id === '111-0000010-0000010');
    expect(row).toMatchObject({ state: 'skipped' });
    expect(row?.reason).toMatch(/refund or RMA/);
  });

  it('name check, copy, pause, delete; another account sees nothing', async () => {
    const id = await activeTask({ autoMailName: 'Thank-you note' });
    const dup = await t.call('GET', `${AM}/checkAutoMailName`, { token: lead, query: { autoMailName: 'thank-you NOTE' } });
    expect(dup.json().data.duplicate).toBe(true);
    const same = await t.call('GET', `${AM}/checkAutoMailName`, {
      token: lead,
      query: { autoMailName: 'Thank-you note', autoMailId: String(id) },
    });
    expect(same.json().data.duplicate).toBe(false);
    const copy = await t.call('POST', `${AM}/copy`, { token: lead, query: { autoMailId: String(id) } });
    expect(copy.statusCode).toBe(200);
    const c = await t.call('GET', `${AM}/${copy.json().data.id}`, { token: lead });
    expect(c.json().data).toMatchObject({ autoMailName: 'Thank-you note (copy)', state: 0 });
    const pause = await t.call('PUT', `${AM}/reset`, { token: lead, query: { autoMailId: String(id), state: '2' } });
    expect(pause.json().data.state).toBe(2);
    const shopA = await t.login('shop.a');
    expect((await t.call('GET', `${AM}/${id}`, { token: shopA })).statusCode).toBe(403);
    const del = await t.call('DELETE', `${AM}/${id}`, { token: lead });
    expect(del.statusCode).toBe(200);
    expect((await t.call('GET', `${AM}/${id}`, { token: lead })).statusCode).toBe(404);
  });

  it("checkAsin tells the shop's ASINs from unknown ones", async () => {
    const res = await t.call('GET', `${AM}/checkAsin`, {
      token: lead,
      query: { shopId: String(shopId), asins: `${asins[0]}, B000000000` },
    });
    expect(res.json().data).toEqual({ valid: [asins[0]], unknown: ['B000000000'] });
  });
});

describe('invitation robot', () => {
  it('invites once per order for its SKUs and ASINs, under the review rules', async () => {
    await t.rows(`UPDATE mail_auto_mails SET state = 2`);
    await order({ id: '111-0000020-0000020', buyer: 'k@buyers.example', deliveredDaysAgo: 14, asin: asins[2] });
    await order({ id: '111-0000021-0000021', buyer: 'l@buyers.example', deliveredDaysAgo: 2, asin: asins[2] });
    const created = await t.call('POST', `${IV}/plan`, {
      token: lead,
      body: {
        name: 'Invite strip lights',
        shopId,
        mailboxId,
        asins: [asins[2]],
        subject: 'Your order {{orderId}}',
        body: '<p>Dear {{buyerName}}, how do you like the product?</p>',
        daysAfterDelivery: 10,
        sendHourFrom: 0,
        sendHourTo: 24,
      },
    });
    expect(created.statusCode, created.body).toBe(200);
    const id = created.json().data.id;
    const on = await t.call('PUT', `${IV}/operate-plan`, { token: lead, body: { id, enabled: true } });
    expect(on.json().data.enabled).toBe(true);
    const before = smtp.received.length;
    await runAutomation();
    expect((await sends(id, 'invite')).map((r) => [r.order_id, r.state])).toEqual([['111-0000020-0000020', 'sent']]);
    expect(smtp.received.length - before).toBe(1);
    const page = await t.call('POST', `${IV}/plan-list`, { token: lead, body: { enabled: true } });
    expect(page.json().data.list[0]).toMatchObject({ id, sent: 1 });
    const badDays = await t.call('POST', `${IV}/plan`, {
      token: lead,
      body: { name: 'x', shopId, mailboxId, asins: [asins[2]], subject: 's', body: '<p>b</p>', daysAfterDelivery: 40 },
    });
    expect(badDays.statusCode).toBe(400);
  });

  it('lists, copies and deletes plans the way auto mails are (the shared plan store)', async () => {
    const made = await t.call('POST', `${IV}/plan`, {
      token: lead,
      body: {
        name: 'Invite desk lamps',
        shopId,
        mailboxId,
        asins: [asins[1]],
        subject: 'About order {{orderId}}',
        body: '<p>Dear {{buyerName}}, is the lamp bright enough?</p>',
        daysAfterDelivery: 12,
      },
    });
    expect(made.statusCode, made.body).toBe(200);
    const id: number = made.json().data.id;
    const listed = async (body: Record<string, unknown>) =>
      (await t.call('POST', `${IV}/plan-list`, { token: lead, body })).json().data;
    expect((await listed({ keyword: 'DESK lamps' })).list.map((r: { id: number }) => r.id)).toEqual([id]);
    expect((await listed({ keyword: 'bright enough' })).total).toBe(0);
    expect((await listed({ keyword: 'order {{orderId}}', enabled: false })).list.map((r: { id: number }) => r.id)).toEqual([id]);
    expect((await listed({ shopId: shopId + 999 })).total).toBe(0);

    const copy = async () => (await t.call('POST', `${IV}/copy-plan`, { token: lead, body: { id } })).json().data.id as number;
    const first = await copy();
    const second = await copy();
    const names = (await listed({ keyword: 'Invite desk lamps', pageSize: 2 })) as { list: { name: string }[]; total: number };
    expect(names.total).toBe(3);
    expect(names.list.map((r) => r.name)).toEqual(['Invite desk lamps (copy 2)', 'Invite desk lamps (copy)']);

    // A queued send of a deleted plan is skipped, never sent.
    await t.rows(
      `INSERT INTO mail_auto_sends (source, task_id, account_id, shop_id, mailbox_id, order_row_id, order_id, asin, buyer_email, review,
                                    message_id, state)
       SELECT source, $1, account_id, shop_id, mailbox_id, order_row_id, order_id, asin, buyer_email, false, '<queued.test>', 'queued'
         FROM mail_auto_sends WHERE source = 'invite' LIMIT 1`,
      [first],
    );
    const shopA = await t.login('shop.a');
    expect((await t.call('DELETE', `${IV}/plan/${first}`, { token: shopA })).statusCode).toBe(403);
    expect((await t.call('DELETE', `${IV}/plan/${first}`, { token: lead })).statusCode).toBe(200);
    expect((await t.call('GET', `${IV}/plan/${first}`, { token: lead })).statusCode).toBe(404);
    expect(await sends(first, 'invite')).toEqual([expect.objectContaining({ state: 'skipped' })]);
    expect((await listed({ keyword: 'Invite desk lamps' })).total).toBe(2);
    expect((await t.call('GET', `${IV}/plan/${second}`, { token: lead })).statusCode).toBe(200);
  });
});

describe('auto-reply plans', () => {
  const raw = (id: string, subject: string, inReplyTo?: string) =>
    [
      'From: Jane Buyer <jane.auto@example.com>',
      `To: ${BOX}`,
      `Subject: ${subject}`,
      `Message-ID: ${id}`,
      `Date: ${new Date().toUTCString()}`,
      ...(inReplyTo ? [`In-Reply-To: ${inReplyTo}`, `References: ${inReplyTo}`] : []),
      'Content-Type: text/plain; charset=utf-8',
      '',
      'My lamp is broken, what can I do?',
      '',
    ].join('\r\n');

  it('answers a matching incoming mail once per dialogue; the dialogue still awaits an agent', async () => {
    const created = await t.call('POST', RP, {
      token: lead,
      body: {
        name: 'Broken lamp',
        mailboxIds: [mailboxId],
        keywords: ['BROKEN'],
        subject: 'We got your message',
        body: '<p>Hello {{buyerName}}, thank you for writing. An agent answers within 24 hours.</p>',
      },
    });
    expect(created.statusCode, created.body).toBe(200);
    const id = created.json().data.id;
    expect((await t.call('PUT', `${RP}/${id}/states`, { token: lead, query: { stateId: '1' } })).statusCode).toBe(200);

    const before = smtp.received.length;
    await imap.append(BOX, raw('<ar1@example.com>', 'Lamp broken'));
    await fetchNow();
    await smtp.waitFor(before + 1);
    const reply = smtp.received[before];
    expect(reply?.to).toEqual(['jane.auto@example.com']);
    expect(reply?.parsed.inReplyTo).toBe('<ar1@example.com>');
    expect(reply?.parsed.html).toContain('Hello Jane Buyer');

    await imap.append(BOX, raw('<ar2@example.com>', 'Re: Lamp broken', '<ar1@example.com>'));
    await fetchNow();
    expect(smtp.received.length).toBe(before + 1);
    const [d] = await t.rows<{ status: number; message_count: number }>(
      `SELECT status, message_count FROM mail_dialogues WHERE buyer_email = 'jane.auto@example.com'`,
    );
    expect(d).toMatchObject({ status: 0, message_count: 3 });
    const plan = await t.call('GET', `${RP}/${id}`, { token: agent });
    expect(plan.json().data).toMatchObject({ replies: 1, stateId: 1 });
    expect(plan.json().data.log[0]).toMatchObject({ buyerEmail: 'jane.auto@example.com', state: 'sent' });
  });

  it('refuses a plan text with an off-marketplace contact and lists states and mailboxes', async () => {
    const bad = await t.call('POST', RP, {
      token: lead,
      body: { name: 'Bad', mailboxIds: [mailboxId], subject: 'Hi', body: '<p>Add us on WhatsApp +1 555 123 4567</p>' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().data.lint.map((i: { rule: string }) => i.rule)).toEqual(expect.arrayContaining(['externalContact']));
    // An agent sees the plans but not the smart mail tasks (a staff tool of the leads).
    expect((await t.call('GET', `${AM}/list`, { token: agent })).statusCode).toBe(403);
    expect((await t.call('POST', RP, { token: agent, body: {} })).statusCode).toBe(403);
    const states = await t.call('GET', `${RP}/states`, { token: agent });
    expect(states.json().data.map((s: { stateId: number }) => s.stateId)).toEqual([1, 2]);
    const boxes = await t.call('GET', `${RP}/mail-boxes`, { token: lead });
    expect(boxes.json().data.map((b: { email: string }) => b.email)).toContain(BOX);
  });
});
