/**
 * The customer blacklist API (email/rest/v1/blacklist): sign-in, page and button
 * permissions, validation, lower-cased addresses, one entry per address, search and
 * paging, unsubscribes shown but never deleted, audit rows, and isolation: an external
 * shop account that holds the page sees and changes only its own company's entries.
 * (That the engine skips a blacklisted buyer is proven from imported files in
 * modules/orders/order-reports.test.ts.)
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { testAppPerFile } from '../../../../test/harness';

const API = '/api/email/rest/v1/blacklist';
const t = testAppPerFile({ signIn: { lead: 'cs.lead', agent: 'cs.agent', shop: 'shop.a' } });
let shopAccount = 0;
type Entry = { id: number; email: string; reason: string; source: string; createdBy: string | null; createdAt: string };

const list = async (token: string, query: Record<string, string> = {}) => {
  const res = await t.call('GET', API, { token, query });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { list: Entry[]; total: number; pageNum: number; pageSize: number };
};
const add = (token: string, email: string, reason = 'abusive mails') => t.call('POST', API, { token, body: { email, reason } });

beforeAll(async () => {
  // shop.a (an external company account) gets the page and its buttons through a role of its own account.
  shopAccount = (await t.rows<{ account_id: number }>(`SELECT account_id FROM users WHERE login_name = 'shop.a'`))[0]!.account_id;
  const role = (
    await t.rows<{ id: number }>(`INSERT INTO roles (account_id, name) VALUES ($1, 'blacklist keepers') RETURNING id`, [
      shopAccount,
    ])
  )[0]!.id;
  await t.rows(
    `INSERT INTO role_permissions SELECT $1, id FROM permission_items
      WHERE auth_pattern IN ('email:blacklist', 'email:blacklist:create', 'email:blacklist:delete')`,
    [role],
  );
  await t.rows(`INSERT INTO user_roles SELECT id, $1 FROM users WHERE login_name = 'shop.a'`, [role]);
});

describe('blacklist', () => {
  it('401 without a session, 403 without the page or the button, 400 on a bad body', async () => {
    expect((await t.call('GET', API)).statusCode).toBe(401);
    const analyst = await t.login('sales.analyst');
    expect((await t.call('GET', API, { token: analyst })).statusCode).toBe(403);
    // cs.agent holds the page, not its buttons.
    expect((await t.call('GET', API, { token: t.as.agent })).statusCode).toBe(200);
    expect((await add(t.as.agent, 'x@buyers.example')).statusCode).toBe(403);
    expect((await t.call('DELETE', `${API}/1`, { token: t.as.agent })).statusCode).toBe(403);
    const bad = await add(t.as.lead, 'not an address', '');
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toMatch(/e-mail address/);
    expect(
      (await t.call('POST', API, { token: t.as.lead, body: { email: 'a@b.example', reason: 'x', extra: 1 } })).statusCode,
    ).toBe(400);
    expect((await t.call('GET', API, { token: t.as.lead, query: { pageSize: '0' } })).statusCode).toBe(400);
  });

  it('adds an address lower-cased with its reason and author, once; audits it', async () => {
    const res = await add(t.as.lead, '  Rude.Buyer@Buyers.Example ', 'threatened the agent');
    expect(res.statusCode, res.body).toBe(200);
    const e = res.json().data as Entry;
    expect(e).toMatchObject({ email: 'rude.buyer@buyers.example', reason: 'threatened the agent', source: 'manual' });
    expect(e.createdBy).toBeTruthy();
    const dup = await add(t.as.lead, 'RUDE.BUYER@buyers.example');
    expect(dup.statusCode).toBe(409);
    expect(dup.body).toMatch(/on the blacklist already/);
    const audit = await t.rows(`SELECT action FROM audit_log WHERE entity = 'mail_buyer_block' AND entity_id = $1`, [
      String(e.id),
    ]);
    expect(audit).toEqual([{ action: 'mailBlacklist.create' }]);
  });

  it('lists newest first with search, source filter and paging; unsubscribes are shown', async () => {
    await t.rows(
      `INSERT INTO mail_buyer_blocks (account_id, email, reason, source, created_at) VALUES (1, 'gone@buyers.example', 'unsubscribed', 'unsubscribe', now() - interval '1 day')`,
    );
    for (let i = 1; i <= 3; i++) expect((await add(t.as.lead, `page${i}@buyers.example`, `reason ${i}`)).statusCode).toBe(200);
    const all = await list(t.as.lead, { pageSize: '2' });
    expect(all.total).toBe(5);
    expect(all.list.map((e) => e.email)).toEqual(['page3@buyers.example', 'page2@buyers.example']);
    const last = await list(t.as.lead, { pageSize: '2', pageNum: '3' });
    expect(last.list.map((e) => e.email)).toEqual(['gone@buyers.example']);
    expect(last.list[0]).toMatchObject({ source: 'unsubscribe', createdBy: null });
    expect((await list(t.as.lead, { keyword: 'PAGE2' })).list.map((e) => e.email)).toEqual(['page2@buyers.example']);
    expect((await list(t.as.lead, { keyword: 'threatened' })).list.map((e) => e.email)).toEqual(['rude.buyer@buyers.example']);
    expect((await list(t.as.lead, { keyword: '%' })).total).toBe(0);
    expect((await list(t.as.lead, { source: 'unsubscribe' })).list.map((e) => e.email)).toEqual(['gone@buyers.example']);
    const byEmail = await list(t.as.lead, { sortField: 'email', sortOrder: 'ascend', pageSize: '3' });
    expect(byEmail.list.map((e) => e.email)).toEqual(['gone@buyers.example', 'page1@buyers.example', 'page2@buyers.example']);
    expect((await t.call('GET', API, { token: t.as.lead, query: { sortField: 'reason' } })).statusCode).toBe(400);
  });

  it('deletes a manual entry (then 404), refuses to delete an unsubscribe (409)', async () => {
    const entries = (await list(t.as.lead, { pageSize: '50' })).list;
    const manual = entries.find((e) => e.email === 'page1@buyers.example')!;
    const unsub = entries.find((e) => e.source === 'unsubscribe')!;
    expect((await t.call('DELETE', `${API}/${manual.id}`, { token: t.as.lead })).statusCode).toBe(200);
    expect((await t.call('DELETE', `${API}/${manual.id}`, { token: t.as.lead })).statusCode).toBe(404);
    const refused = await t.call('DELETE', `${API}/${unsub.id}`, { token: t.as.lead });
    expect(refused.statusCode).toBe(409);
    expect(refused.body).toMatch(/unsubscribed/);
    expect((await list(t.as.lead, { pageSize: '50' })).total).toBe(4);
  });

  it('an external shop account sees and changes only its own company’s entries', async () => {
    expect((await list(t.as.shop)).total).toBe(0);
    const own = await add(t.as.shop, 'rude.buyer@buyers.example', 'our own reason');
    expect(own.statusCode, own.body).toBe(200);
    const mine = await list(t.as.shop);
    expect(mine.list.map((e) => [e.email, e.reason])).toEqual([['rude.buyer@buyers.example', 'our own reason']]);
    const internal = (await list(t.as.lead, { keyword: 'rude.buyer' })).list;
    expect(internal.map((e) => e.reason)).toEqual(['threatened the agent']);
    // The internal company's entry does not exist for the shop account, and the reverse.
    expect((await t.call('DELETE', `${API}/${internal[0]!.id}`, { token: t.as.shop })).statusCode).toBe(404);
    expect((await t.call('DELETE', `${API}/${(own.json().data as Entry).id}`, { token: t.as.lead })).statusCode).toBe(404);
    const rows = await t.rows<{ account_id: number }>(
      `SELECT account_id FROM mail_buyer_blocks WHERE email = 'rude.buyer@buyers.example' ORDER BY account_id`,
    );
    expect(rows.map((r) => r.account_id)).toEqual([1, shopAccount].sort((a, b) => a - b));
  });
});
