/**
 * Issue #19 (10): demo mailboxes, "Fetch now", the kept check result, and the order panel
 * beside a buyer's message. Applies the mail demo to this file's own database.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { testAppPerFile } from '../../../../test/harness';
import { freePort, loopbackMailServers } from '../../../../test/mail-servers';
import type { AppContext } from '../../../platform/context';
import { applyMailDemoOnce } from '../mail.seed';
import { sendMessage } from '../sending/send.job';

const API = '/api/email/rest/v1';
const t = testAppPerFile({ config: { MAIL_CONNECT_TIMEOUT_MS: 1000 }, signIn: { lead: 'cs.lead' } });
let na = 0;
let disabled = 0;

beforeAll(async () => {
  await applyMailDemoOnce(t.database.db);
  const boxes = await t.rows<{ id: number; enabled: boolean }>('SELECT id, enabled FROM mail_mailboxes ORDER BY id');
  na = Number(boxes[0]?.id);
  disabled = Number(boxes.find((b) => !b.enabled)?.id);
});

const jobsFor = async (id: number) =>
  (await t.rows(`SELECT id FROM jobs WHERE kind = 'mail.fetch' AND dedupe_key = $1`, [`mail.fetch:${id}`])).length;

describe('demo mailboxes', () => {
  it('are listed as demo, with the note that they are not connected', async () => {
    const res = await t.call('GET', `${API}/mailboxes/list`, { token: t.as.lead, query: { pageNum: '1', pageSize: '20' } });
    const list = res.json().data.list as { id: number; demo: boolean; enabled: boolean; lastError: string }[];
    expect(list).toHaveLength(3);
    expect(list.every((m) => m.demo && /not connected/.test(m.lastError))).toBe(true);
    expect(list.filter((m) => !m.enabled).map((m) => m.id)).toEqual([disabled]);
  });

  it('"Fetch now" queues nothing for a demo mailbox and says why', async () => {
    const res = await t.call('POST', `${API}/mailboxes/${na}/fetch`, { token: t.as.lead });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ queued: false, reason: 'demo' });
    expect(await jobsFor(na)).toBe(0);
  });

  it('a check of a demo mailbox touches no network, and its result and time are kept', async () => {
    const res = await t.call('GET', `${API}/mailboxes/checkAuth`, { token: t.as.lead, query: { id: String(na) } });
    expect(res.json().data.imap).toMatchObject({ ok: false, error: expect.stringMatching(/not connected/) });
    const m = (await t.call('GET', `${API}/mailboxes/${na}`, { token: t.as.lead })).json().data;
    expect(m.authState).toBe(2);
    expect(m.lastError).toMatch(/not connected/);
    expect(Date.now() - Date.parse(m.checkedAt)).toBeLessThan(60_000);
    const send = await t.call('GET', `${API}/mailboxes/sendAuthMail/`, { token: t.as.lead, query: { id: String(na) } });
    expect(send.statusCode).toBe(409);
  });

  it('a reply in a demo mailbox is recorded as sent with a note that it never left', async () => {
    const [d] = await t.rows<{ id: number }>(
      `SELECT id FROM mail_dialogues WHERE mailbox_id = $1 AND status = 0 ORDER BY id LIMIT 1`,
      [na],
    );
    const res = await t.call('POST', `${API}/emailSender/reply`, {
      token: t.as.lead,
      body: { dialogueId: d?.id, content: '<p>Please reset the bulb and try again.</p>' },
    });
    expect(res.statusCode).toBe(200);
    const id = res.json().data.id as number;
    const ctx = { db: t.database.db, config: t.config, log: t.app.log } as unknown as AppContext;
    await sendMessage(ctx, id, { n: 1, max: 5 });
    const [m] = await t.rows<{ state: string; last_error: string }>('SELECT state, last_error FROM mail_messages WHERE id = $1', [
      id,
    ]);
    expect(m).toMatchObject({ state: 'sent', last_error: expect.stringMatching(/Demo mailbox — not sent/) });
    const [dd] = await t.rows<{ status: number }>('SELECT status FROM mail_dialogues WHERE id = $1', [d?.id]);
    expect(dd?.status).toBe(1);
  });

  it('the order panel lists the buyer’s order lines with items, dates and amounts; another account gets 404', async () => {
    const [d] = await t.rows<{ id: number; subject: string }>(
      `SELECT d.id, d.subject FROM mail_dialogues d WHERE d.mailbox_id = $1 AND d.subject ~ '[0-9]{3}-[0-9]{7}-[0-9]{7}' ORDER BY id LIMIT 1`,
      [na],
    );
    const res = await t.call('GET', `${API}/mailTrees/buyers/orders`, { token: t.as.lead, query: { dialogueId: String(d?.id) } });
    expect(res.statusCode).toBe(200);
    const orders = res.json().data as {
      orderId: string;
      asin: string;
      amount: number | null;
      purchaseDate: string;
      matchedBy: string;
    }[];
    expect(orders.length).toBeGreaterThan(0);
    const mentioned = orders.find((o) => d?.subject.includes(o.orderId));
    expect(mentioned).toMatchObject({ matchedBy: 'buyer', asin: expect.stringMatching(/^[A-Z0-9]{10}$/) });
    expect(mentioned?.amount).toBeGreaterThan(0);
    const shopA = await t.login('shop.a');
    const other = await t.call('GET', `${API}/mailTrees/buyers/orders`, { token: shopA, query: { dialogueId: String(d?.id) } });
    expect(other.statusCode).toBe(404);
  });

  it('typing real servers into a demo mailbox makes it a real one', async () => {
    const m = (await t.call('GET', `${API}/mailboxes/${disabled}`, { token: t.as.lead })).json().data;
    const port = await freePort();
    const body = {
      id: m.id,
      version: m.version,
      email: m.email,
      name: 'Q&A US',
      type: m.type,
      shopId: m.shopId,
      marketId: m.marketId,
      enabled: true,
      ...loopbackMailServers({ port: port, user: 'qa', password: 'secret-1' }, { port: port, user: 'qa', password: 'secret-2' }),
    };
    const res = await t.call('PUT', `${API}/mailboxes`, { token: t.as.lead, body });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ demo: false, enabled: true, checkedAt: null });
    // Now "Fetch now" queues the fetch job (one, however often it is pressed).
    const fetch = await t.call('POST', `${API}/mailboxes/${disabled}/fetch`, { token: t.as.lead });
    expect(fetch.json().data).toEqual({ queued: true, reason: null });
    await t.call('POST', `${API}/mailboxes/${disabled}/fetch`, { token: t.as.lead });
    expect(await jobsFor(disabled)).toBeGreaterThanOrEqual(1);
    // A failed check is kept, with its time: nothing listens on that port.
    const check = await t.call('GET', `${API}/mailboxes/checkAuth`, { token: t.as.lead, query: { id: String(disabled) } });
    expect(check.json().data.imap.ok).toBe(false);
    const after = (await t.call('GET', `${API}/mailboxes/${disabled}`, { token: t.as.lead })).json().data;
    expect(after).toMatchObject({ authState: 2, lastError: expect.stringContaining('127.0.0.1') });
    expect(after.checkedAt).not.toBeNull();
  });

  it('a disabled real mailbox is not fetched now', async () => {
    const m = (await t.call('GET', `${API}/mailboxes/${disabled}`, { token: t.as.lead })).json().data;
    const {
      hasImapPassword: _i,
      hasSmtpPassword: _s,
      shopName: _n,
      authState: _a,
      lastError: _e,
      checkedAt: _c,
      lastFetchAt: _f,
      fetchError: _fe,
      fetchErrorAt: _fa,
      setAsideCount: _sa,
      userIds: _u,
      demo: _d,
      ...rest
    } = m;
    const res = await t.call('PUT', `${API}/mailboxes`, { token: t.as.lead, body: { ...rest, enabled: false } });
    expect(res.statusCode).toBe(200);
    expect((await t.call('POST', `${API}/mailboxes/${disabled}/fetch`, { token: t.as.lead })).json().data).toEqual({
      queued: false,
      reason: 'disabled',
    });
  });
});
