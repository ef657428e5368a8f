/**
 * What an external shop account reads: every API route it may call, called as shop.a with
 * every permission a type-0 account can hold, on its own rows, answers nothing of the
 * internal organisation or of other accounts. Canaries (canaries.ts) mark every user of
 * the internal account and of shop B's account, every sales team and director, every role
 * of another account, every shop, listing and mailbox shop A does not own, and the product
 * lines none of its listings belongs to; the sweep looks for them in the raw bytes of every
 * reply (JSON, csv, attachments, the cells and bytes of .xlsx files) and for foreign ids
 * under the keys that name users, shops, teams, roles, lines, mailboxes and accounts.
 *
 * Shared reference data is not marked, so it passes by construction; SHARED_REFERENCE
 * (requests.ts) names it with why it is shared: the marketplaces and their currencies
 * (spec §3 constants, the same for every seller), the permission catalogue and menus (the
 * caller's own grants, from the route catalogue), product positions (fixed labels, no
 * people or figures), the dialogue types and plan states (constants), and the names of
 * the company catalogue's product lines that the caller's own listings belong to (a
 * listing of its own carries that line; every other line is marked).
 */
import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { createSession } from '../../src/platform/auth/sessions.service';
import { testAppPerFile } from '../harness';
import { multipart } from '../multipart';
import { CANARY_IDS, type OwnScope, seedCanaries } from './canaries';
import { externalMayCall, prepareExternalActor } from './external-actor';
import { allowedNow, canariesIn, foreignIds, readableText } from './leak-scan';
import { EXTERNAL_REQUESTS, type ExternalRequest, SHARED_REFERENCE } from './requests';

const t = testAppPerFile();
let own: OwnScope;
let token: () => Promise<string>;
beforeAll(async () => {
  own = await seedCanaries(t.database.pool);
  token = (await prepareExternalActor(t)).token;
}, 120_000);

const externalRoutes = () =>
  t.app.routeList
    .filter(
      (r) => r.url.startsWith('/api/') && !r.url.startsWith('/api/docs') && r.method !== 'HEAD' && externalMayCall(r.access),
    )
    .map((r) => `${r.method} ${r.url}`)
    .sort();

async function send(method: string, req: ExternalRequest, bearer: string): Promise<LightMyRequestResponse> {
  if (req.multipart) {
    const { payload, headers } = multipart(req.multipart.fields, req.multipart.file);
    return t.app.inject({
      method: method as 'POST',
      url: req.url,
      payload,
      headers: { ...headers, authorization: `Bearer ${bearer}` },
    });
  }
  return t.call(method, req.url, { token: bearer, query: req.query, body: req.body });
}

describe('external shop accounts read nothing internal', () => {
  it('has a request for every route an external account may call, and for no other', () => {
    const routes = externalRoutes();
    expect(routes.length).toBeGreaterThan(90);
    expect(routes.filter((r) => !EXTERNAL_REQUESTS[r])).toEqual([]);
    expect(Object.keys(EXTERNAL_REQUESTS).filter((r) => !routes.includes(r))).toEqual([]);
    expect(
      Object.keys(SHARED_REFERENCE).filter((r) => !routes.includes(r)),
      'shared reference data names real routes',
    ).toEqual([]);
  });

  it('answers every such route on its own rows without an internal name, id or address', async () => {
    const leaks: string[] = [];
    const statuses: string[] = [];
    let n = 0;
    let files = 0;
    for (const key of externalRoutes()) {
      const request = EXTERNAL_REQUESTS[key];
      if (!request) continue;
      const method = key.split(' ')[0] as string;
      const req = await request({ pool: t.database.pool, own, n: ++n });
      const res = await send(method, req, await token());
      if (res.statusCode !== (req.status ?? 200))
        statuses.push(`${key}: ${res.statusCode}, expected ${req.status ?? 200} — ${res.body.slice(0, 200)}`);
      const { text, kind } = await readableText(res);
      if (kind !== 'json') files++;
      for (const c of canariesIn(text)) leaks.push(`${key}: ${c}`);
      if (kind === 'json') {
        const allowed = await allowedNow(t.database.pool, own.accountId, own.productLineIds);
        for (const f of foreignIds(JSON.parse(text), allowed)) leaks.push(`${key}: ${f}`);
      }
      if (process.env.EXTERNAL_DUMP) console.log(`\n=== ${key} ${res.statusCode}\n${text.slice(0, 3000)}`);
    }
    console.log(`external sweep: ${n} routes called as shop.a, ${files} file replies read`);
    expect(statuses).toEqual([]);
    expect(leaks).toEqual([]);
    expect(files, 'the sweep reads the exports and the attachment').toBeGreaterThanOrEqual(8);
  }, 300_000);
});

describe('what an external account sees instead, and the company still sees', () => {
  const day = (ago: number) => new Date(Date.now() - ago * 86_400_000).toISOString().slice(0, 10);
  const PERIOD = { startDate: day(90), endDate: day(0) };
  const admin = async () => {
    const id = (await t.database.pool.query(`SELECT id FROM users WHERE login_name = 'admin'`)).rows[0].id;
    return (await createSession(t.database.db, { idleSeconds: 1800, absoluteSeconds: 43200 }, { userId: id, ip: '127.0.0.1' }))
      .token;
  };
  const data = async (
    method: string,
    url: string,
    bearer: string,
    opts: { query?: Record<string, string>; body?: unknown } = {},
  ) => {
    const res = await t.call(method, url, { token: bearer, ...opts });
    expect(res.statusCode, `${method} ${url}: ${res.body.slice(0, 200)}`).toBe(200);
    return res.json().data;
  };
  const S = '/api/sales/rest/v1';

  it('sales: no teams, one neutral director row of its own sales equal to its totals, a director filter matching nothing', async () => {
    const shop = await token();
    expect(await data('GET', `${S}/sales/team/names`, shop)).toEqual([]);
    const page = await data('GET', `${S}/listings/sale_director/sales_profit`, shop, { query: PERIOD });
    expect(page.list).toHaveLength(1);
    const { directorId, directorName, teamNames, ...measures } = page.list[0];
    expect({ directorId, directorName, teamNames }).toEqual({ directorId: 0, directorName: '—', teamNames: [] });
    expect(measures).toEqual(page.sum);
    expect(page.sum.revenue).toBeGreaterThan(0);
    const filtered = await data('GET', `${S}/listings/sale_director/sales_profit`, shop, {
      query: { ...PERIOD, directorId: String(CANARY_IDS.director) },
    });
    expect(filtered.total).toBe(0);
    const groups = await data('GET', `${S}/sales-data/groups`, shop, { query: { ...PERIOD, groupBy: 'director' } });
    expect(groups.list.map((g: { key: string; name: string }) => [g.key, g.name])).toEqual([['—', '—']]);
    expect(groups.list[0].revenue).toBe(page.sum.revenue);

    // The company keeps its organisation: its teams, and the canary director on its own sales of the same lines.
    const staff = await admin();
    expect((await data('GET', `${S}/sales/team/names`, staff)).map((x: { id: number }) => x.id)).toContain(CANARY_IDS.team);
    const all = await data('GET', `${S}/listings/sale_director/sales_profit`, staff, { query: { ...PERIOD, pageSize: '100' } });
    expect(all.list.map((r: { directorId: number }) => r.directorId)).toContain(CANARY_IDS.director);
  });

  it('authors and assignees of other accounts are "—" without an id; its own are named; the company sees everyone', async () => {
    const shop = await token();
    const staff = await admin();
    const inductions = await data('GET', `${S}/ts-report/cost-induction-list`, shop, { query: PERIOD });
    const booked = inductions.list.find((r: { note: string }) => r.note === 'booked by the company');
    expect(booked.createdBy).toBe('—');
    // The company's import into the shop is a preview: listed to the shop with pending=all (it holds the upload permission).
    const imports = (await data('GET', '/api/imports', shop, { query: { pending: 'all' } })).list as {
      fileName: string;
      createdBy: string;
    }[];
    expect(imports.find((r) => r.fileName === 'company-orders.txt')?.createdBy).toBe('—');

    const mail = await data('POST', '/api/email/rest/v1/mailTrees/mailList', shop, { body: { marketId: -1, status: -1 } });
    const dialogue = mail.list.find((r: { dialogueId: number }) => r.dialogueId === own.dialogueId);
    expect({ id: dialogue.assigneeId, name: dialogue.assigneeName }).toEqual({ id: null, name: '—' });
    const byAgent = await data('POST', '/api/email/rest/v1/mailTrees/mailList', shop, {
      body: { marketId: -1, status: -1, assigneeId: CANARY_IDS.agent },
    });
    expect(byAgent.total).toBe(0);
    const today = new Date().toISOString().slice(0, 10);
    const board = await data('GET', '/api/email/rest/v1/mail-trees/cs-board', shop, { query: { from: today, to: today } });
    expect(board.perAgent.map((a: { userId: number; userName: string }) => [a.userId, a.userName])).toEqual([[0, '—']]);

    // The company names its own staff: a cost the canary director booked on a company listing.
    await t.database.pool.query(
      `INSERT INTO cost_inductions (listing_id, shop_id, cost_date, category, amount, currency, created_by)
       SELECT li.id, li.shop_id, current_date - 3, 'other', 1, li.currency, $1 FROM listings li JOIN shops s ON s.id = li.shop_id
        WHERE s.account_id = 1 ORDER BY li.id LIMIT 1`,
      [CANARY_IDS.director],
    );
    const staffInductions = await data('GET', `${S}/ts-report/cost-induction-list`, staff, { query: PERIOD });
    expect(staffInductions.list.map((r: { createdBy: string }) => r.createdBy)).toContain('Director CNRY-INT-USER');
    const staffMail = await data('POST', '/api/email/rest/v1/mailTrees/mailList', staff, {
      body: { marketId: -1, status: -1, assigneeId: CANARY_IDS.agent },
    });
    expect(staffMail.list.map((r: { assigneeName: string }) => r.assigneeName)).toEqual(['Agent CNRY-INT-USER']);
  });
});
