/**
 * One valid, minimal request per API route an external shop account may call, aimed at
 * its own rows (its shop, listing, mailbox, dialogue), and the status it must answer, so
 * that every call exercises the endpoint instead of being refused. A route an external
 * account may call without an entry here fails the sweep, like a route without a row fails
 * the permission matrix (whose helpers and request shapes these follow).
 */
import { readFileSync } from 'node:fs';
import type { Pool } from 'pg';
import { TEST_DEMO_PASSWORD } from '../harness';
import type { OwnScope } from './canaries';

export interface ExternalContext {
  pool: Pool;
  own: OwnScope;
  /** Unique per call. */
  n: number;
}
export interface ExternalRequest {
  url: string;
  query?: Record<string, string | string[]>;
  body?: unknown;
  multipart?: { fields: Record<string, string>; file: { name: string; bytes: Buffer } };
  /** Default 200. */
  status?: number;
}
export type RequestOf = (c: ExternalContext) => Promise<ExternalRequest> | ExternalRequest;

const one = async (pool: Pool, text: string, params: unknown[] = []) => (await pool.query(text, params)).rows[0];

const S = '/api/sales/rest/v1';
const E1 = '/api/email/rest/v1';
const E2 = '/api/email/rest/v2';
const RP = '/api/mail-auto-reply-plan';
/** A period that holds the demo's sales up to yesterday. */
const PERIOD = { startDate: isoDaysAgo(90), endDate: isoDaysAgo(1) };
function isoDaysAgo(days: number) {
  return new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);
}

/** A seller of shop A's account on one marketplace, linked to shop.a, fresh per call. */
async function ownSeller(c: ExternalContext) {
  const sellerId = `A4EXT${String(c.n).padStart(8, '0')}`;
  const s = await one(
    c.pool,
    `INSERT INTO shops (account_id, name, seller_id, market_id, mws_auth_state) VALUES ($1, $2, $3, 1, 1)
     RETURNING id, seller_id AS "sellerId", version`,
    [c.own.accountId, `Brightway extra ${c.n} DE`, sellerId],
  );
  await c.pool.query(`INSERT INTO user_shops (user_id, shop_id) VALUES ($1, $2)`, [c.own.userId, s.id]);
  return s as { id: number; sellerId: string; version: number };
}

/** An import of shop A's shop waiting for commit, made by shop.a, fresh per call. */
async function ownImport(c: ExternalContext) {
  return one(
    c.pool,
    `INSERT INTO imports (kind, status, account_id, shop_id, market_id, file_name, file_hash, file_size, fingerprint, time_zone,
                          rate_snapshot, row_count, error_count, warning_count, errors, warnings, payload, created_by)
     SELECT 'all-orders', 'preview', $1, id, market_id, $2, repeat('0', 64), 1, repeat('0', 64), 'America/Los_Angeles',
            '{}', 0, 0, 0, '[]', '[]', '[]', $3 FROM shops WHERE id = $4 RETURNING id`,
    [c.own.accountId, `own-${c.n}.txt`, c.own.userId, c.own.shopId],
  );
}

/** A committed sales import of its own shop that wrote nothing, fresh per call: revertible. */
async function ownCommittedImport(c: ExternalContext) {
  return one(
    c.pool,
    `INSERT INTO imports (kind, status, account_id, shop_id, market_id, file_name, file_hash, file_size, fingerprint, time_zone,
                          rate_snapshot, row_count, error_count, warning_count, errors, warnings, payload, created_by,
                          result, committed_at, commit_seq, revertible)
     SELECT 'all-orders', 'committed', $1, id, market_id, $2, repeat('0', 64), 1, repeat('0', 64), 'America/Los_Angeles',
            '{}', 0, 0, 0, '[]', '[]', '[]', $3,
            '{"inserted":0,"updated":0,"unchanged":0,"zeroed":0,"periodTotals":0,"days":[],"changes":[]}', now(),
            nextval('import_commit_seq'), true
       FROM shops WHERE id = $4 RETURNING id`,
    [c.own.accountId, `own-committed-${c.n}.txt`, c.own.userId, c.own.shopId],
  );
}

/** A watch of shop.a on its own listing, fresh per call. */
async function ownWatch(c: ExternalContext) {
  return one(
    c.pool,
    `INSERT INTO listing_watches (user_id, listing_id)
     SELECT $1, li.id FROM listings li WHERE li.shop_id = $2 AND li.id NOT IN (SELECT listing_id FROM listing_watches WHERE user_id = $1)
      ORDER BY li.id LIMIT 1 RETURNING id, version`,
    [c.own.userId, c.own.shopId],
  );
}

/** An auto-reply plan of shop A's account on its own mailbox, fresh per call. */
async function ownPlan(c: ExternalContext) {
  return one(
    c.pool,
    `INSERT INTO mail_auto_reply_plans (account_id, name, mailbox_ids, keywords, subject, body, state, created_by, updated_by)
     VALUES ($1, $2, $3, '{late}', 'Thanks', '<p>Thanks</p>', 2, $4, $4) RETURNING id, version, mailbox_ids AS "mailboxIds"`,
    [c.own.accountId, `own plan ${c.n}`, [c.own.mailboxId], c.own.userId],
  );
}

/** A problem node of shop A's own account's tree, fresh per call. */
async function ownProblem(c: ExternalContext): Promise<number> {
  return (
    await one(c.pool, `INSERT INTO cs_tree_nodes (account_id, kind, name) VALUES ($1, 'problem', $2) RETURNING id`, [
      c.own.accountId,
      `own problem ${c.n}`,
    ])
  ).id;
}

/** A draft attachment of shop.a's own draft on its dialogue, fresh per call. */
async function ownDraftAttachment(c: ExternalContext) {
  const draft = await one(
    c.pool,
    `INSERT INTO mail_drafts (dialogue_id, user_id, content) VALUES ($1, $2, 'x')
     ON CONFLICT DO NOTHING RETURNING id`,
    [c.own.dialogueId, c.own.userId],
  );
  const draftId =
    draft?.id ??
    (await one(c.pool, `SELECT id FROM mail_drafts WHERE dialogue_id = $1 AND user_id = $2`, [c.own.dialogueId, c.own.userId]))
      .id;
  const a = await one(
    c.pool,
    `INSERT INTO mail_attachments (token, draft_id, file_name, content_type, size, content)
     VALUES ($1, $2, 'd.txt', 'text/plain', 1, 'x'::bytea) RETURNING id, token`,
    [`owndraft${c.n}`, draftId],
  );
  return `${a.id}.${a.token}`;
}

/** A valid 1×1 PNG (the file store decodes images). */
const PNG_1PX = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

/** A file of shop A's user, stored through the file store's tables (blob, chunk, file), fresh per call. */
async function ownFile(c: ExternalContext): Promise<number> {
  const sha = `ext${String(c.n).padStart(61, '0')}`;
  await c.pool.query(
    `INSERT INTO file_blobs (sha256, size, type, chunk_size) VALUES ($1, 3, 'text', 262144) ON CONFLICT DO NOTHING`,
    [sha],
  );
  await c.pool.query(`INSERT INTO file_chunks (sha256, seq, data) VALUES ($1, 0, 'abc'::bytea) ON CONFLICT DO NOTHING`, [sha]);
  return (
    await one(
      c.pool,
      `INSERT INTO files (account_id, purpose, blob_sha, name, owner_id) VALUES ($1, 'attachment', $2, 'own.txt', $3) RETURNING id`,
      [c.own.accountId, sha, c.own.userId],
    )
  ).id;
}

/** A notification of shop A's user, fresh per call. */
async function ownNotification(c: ExternalContext): Promise<number> {
  return (
    await one(
      c.pool,
      `INSERT INTO notifications (account_id, user_id, kind, title_zh, title_en) VALUES ($1, $2, 'test', '通知', 'Notice') RETURNING id`,
      [c.own.accountId, c.own.userId],
    )
  ).id;
}

const get =
  (url: string, query: Record<string, string | string[]> = {}, status = 200): RequestOf =>
  () => ({ url, query, status });
const sales = (path: string, query: Record<string, string | string[]> = {}) => get(`${S}/${path}`, { ...PERIOD, ...query });
const TEXT = { subject: 'Your order {{orderId}}', body: '<p>Hello {{buyerName}}, thank you for your order.</p>' };

/**
 * Replies that are shared reference data, the same for every account, and why; they are
 * scanned like every reply, but nothing in them is marked as a canary. Inside other
 * replies the same holds for marketplace ids, codes and currencies (spec §3 constants)
 * and for the company catalogue's product-line names of the caller's own listings.
 */
export const SHARED_REFERENCE: Record<string, string> = {
  'GET /api/health': 'whether the database is up; nothing of anyone',
  'GET /api/user/rest/v2/users/permissions': "the permission catalogue's items the caller holds (from the route catalogue)",
  'GET /api/user/rest/robot/v1/menu/getUserMenu/byCurrentUser': 'menus built from the route catalogue and the caller’s grants',
  'GET /api/sales/rest/v1/listings/product-position-all':
    'the fixed positioning labels a listing can carry; no people, no figures',
  'GET /api/email/rest/v1/mailTrees/dialogueTypes': 'the dialogue types of spec §9 (constants)',
  'GET /api/mail-auto-reply-plan/states': 'the on/off states of a plan (constants)',
};

export const EXTERNAL_REQUESTS: Record<string, RequestOf> = {
  // ---- platform and session ----
  'GET /api/health': get('/api/health'),
  'POST /api/user/rest/v2/login': () => ({
    url: '/api/user/rest/v2/login',
    body: { loginName: 'shop.a', password: TEST_DEMO_PASSWORD },
  }),
  'GET /api/user/rest/v1/logout': get('/api/user/rest/v1/logout'),
  'GET /api/user/rest/v1/login': get('/api/user/rest/v1/login'),
  'GET /api/user/rest/v2/users/permissions': get('/api/user/rest/v2/users/permissions'),
  'GET /api/user/rest/robot/v1/menu/getUserMenu/byCurrentUser': get('/api/user/rest/robot/v1/menu/getUserMenu/byCurrentUser', {
    version: '1',
  }),
  'GET /api/user/rest/v1/subsystems': get('/api/user/rest/v1/subsystems'),
  // ---- share links (platform/share): the app has no share kind yet ----
  'POST /api/share/links': () => ({ url: '/api/share/links', body: { kind: 'no-such-kind', entityId: '1' }, status: 400 }),
  'GET /api/share/links/mine': get('/api/share/links/mine'),
  'GET /api/share/links/:kind/:entityId': () => ({ url: '/api/share/links/no-such-kind/1', status: 404 }),
  // Its own link (of a kind no longer registered): its creator revokes it.
  'POST /api/share/links/:id/revoke': async (c) => {
    const link = await one(
      c.pool,
      `INSERT INTO share_links (token_hash, kind, entity_id, account_id, created_by, expires_at)
       VALUES ($1, 'gone-kind', '1', $2, $3, now() + interval '1 hour') RETURNING id`,
      [`external-${c.n}`, c.own.accountId, c.own.userId],
    );
    return { url: `/api/share/links/${link.id}/revoke` };
  },
  // ---- the app's public read API: published app content, the same for every caller ----
  'GET /api/app/v1/content/:kind': get('/api/app/v1/content/banner', { slot: 'home', country: 'US', version: '3.4.0' }),
  // A device's page, flows and white balance: the same published content for every caller.
  'GET /api/app/v1/devices/:model': async (c) => ({
    url: `/api/app/v1/devices/${
      (
        await one(
          c.pool,
          `SELECT payload->>'model' AS model FROM app_content WHERE kind = 'deviceProduct' AND state = 'published'
             AND cardinality(countries) = 0 AND version_range = '' ORDER BY id LIMIT 1`,
        )
      ).model
    }`,
    query: { lang: 'en' },
  }),
  'GET /api/app/v1/media/:id': async (c) => ({
    url: `/api/app/v1/media/${(await one(c.pool, `SELECT (payload->>'imageFileId')::int AS id FROM app_content WHERE state = 'published' ORDER BY id LIMIT 1`)).id}`,
  }),
  // The app's device calls need an app key: a session's bearer is not one (401).
  'POST /api/app/v1/devices': () => ({ url: '/api/app/v1/devices', body: { deviceId: 'external-sweep' }, status: 401 }),
  'GET /api/app/v1/inbox': () => ({ url: '/api/app/v1/inbox', query: { device: 'external-sweep' }, status: 401 }),
  'POST /api/app/v1/inbox/:id/read': () => ({ url: '/api/app/v1/inbox/1/read', body: {}, status: 401 }),
  // What the app reports: public mode without a key; an empty batch is refused before anything is read.
  'POST /api/app/v1/events': () => ({ url: '/api/app/v1/events', body: { events: [] }, status: 400 }),
  // A trial's public read and its application call: the same for every caller.
  'GET /api/app/v1/trials/:code': () => ({ url: '/api/app/v1/trials/strip-creators-2027' }),
  'POST /api/app/v1/trials/:code/applications': () => ({
    url: '/api/app/v1/trials/strip-creators-2027/applications',
    body: {},
    status: 400,
  }),
  // An H5 page's image is served only while a published page names it: a made-up one is a 404 for everyone.
  'GET /api/h5pages/v1/media/:id': () => ({ url: '/api/h5pages/v1/media/999999999', status: 404 }),
  // The desktop app's update call: public, the same answer for every caller of one device.
  'GET /api/app/v1/desktop/update': get('/api/app/v1/desktop/update', {
    product: 'lumio-desktop',
    platform: 'windows',
    version: '2.0.0',
    device: 'external-sweep-device',
  }),
  'GET /api/public/share/:token': (c) => ({ url: `/api/public/share/made-up-${c.n}`, status: 404 }),
  'GET /api/user/rest/v1/users/productLines': get('/api/user/rest/v1/users/productLines'),
  'GET /api/sales/rest/v1/listings/product-position-all': get(`${S}/listings/product-position-all`),
  'GET /api/user/rest/v1/users/names': get('/api/user/rest/v1/users/names'),
  'GET /api/user/rest/v1/users/resetPassword/generateCaptcha': get('/api/user/rest/v1/users/resetPassword/generateCaptcha', {
    loginName: 'shop.a',
  }),
  'GET /api/user/rest/v1/users/checkUserCaptcha': get('/api/user/rest/v1/users/checkUserCaptcha', {
    loginName: 'shop.a',
    captcha: '000000',
  }),
  // A wrong code: refused, and the reply names nobody.
  'PUT /api/user/rest/v1/users/resetPassword': () => ({
    url: '/api/user/rest/v1/users/resetPassword',
    body: { loginName: 'shop.a', captcha: '000000', password: 'Whatever-pass-1' },
    status: 400,
  }),
  'GET /api/user/rest/v1/users/checkCellphoneExists': get('/api/user/rest/v1/users/checkCellphoneExists', {
    cellphone: '13800000000',
  }),
  'POST /api/user/rest/v1/users/register': (c) => ({
    url: '/api/user/rest/v1/users/register',
    body: { loginName: `ext.reg.${c.n}`, userName: 'R', email: 'r@example.com', company: 'R', password: 'Register-pass-1' },
  }),
  'PUT /api/user/rest/v1/users/password': () => ({
    url: '/api/user/rest/v1/users/password',
    body: { oldPassword: 'not-the-password', newPassword: 'Another-pass-1' },
    status: 400,
  }),
  'PUT /api/user/rest/v1/users/profile': () => ({
    url: '/api/user/rest/v1/users/profile',
    body: { userName: 'Brightway Home US owner', email: 'shop.a@example.com', zoneId: 'UTC', language: null },
  }),

  // ---- own shops ----
  'GET /api/sales/rest/v1/shops/user': get(`${S}/shops/user`),
  'GET /api/sales/rest/v1/shops/auth2': get(`${S}/shops/auth2`),
  'POST /api/sales/rest/v1/shops/auth2': (c) => ({
    url: `${S}/shops/auth2`,
    body: { sellerId: `A5EXT${String(c.n).padStart(8, '0')}`, name: `Brightway new ${c.n}`, marketIds: [0] },
  }),
  'PUT /api/sales/rest/v1/shops/auth2/:sellerId': async (c) => {
    const s = await ownSeller(c);
    return { url: `${S}/shops/auth2/${s.sellerId}`, body: { name: `Brightway renamed ${c.n}`, version: s.version } };
  },
  'DELETE /api/sales/rest/v1/shops/auth2/:sellerId': async (c) => ({ url: `${S}/shops/auth2/${(await ownSeller(c)).sellerId}` }),
  'PUT /api/sales/rest/v1/shops/auth2/authState/:shopId': async (c) => ({
    url: `${S}/shops/auth2/authState/${(await ownSeller(c)).id}`,
    body: { state: 1 },
  }),
  'PUT /api/sales/rest/v1/shops/auth2/ppcState/:shopId': async (c) => ({
    url: `${S}/shops/auth2/ppcState/${(await ownSeller(c)).id}`,
    body: { state: 1 },
  }),
  'GET /api/ppc/rest/v1/ppc/profile/register': get('/api/ppc/rest/v1/ppc/profile/register'),
  'GET /api/sales/rest/v1/shops/sp/auth/state': get(`${S}/shops/sp/auth/state`),
  'POST /api/sales/rest/v1/shops/sp/auth': async (c) => ({
    url: `${S}/shops/sp/auth`,
    body: { shopId: (await ownSeller(c)).id },
  }),
  'GET /api/ppc/rest/v3/manager/shops/names': get('/api/ppc/rest/v3/manager/shops/names'),
  // A picker's SKU names: its own shops' SKUs only (project-other-reads.test.ts checks the rows).
  'GET /api/sales/rest/v1/skuBoard/skuNameList': get('/api/sales/rest/v1/skuBoard/skuNameList'),
  // The GTM screens' people and departments: for holders of gtm:mgr or gtm:steps, which no shop account holds.
  'GET /api/gtm/rest/v1/options': () => ({ url: '/api/gtm/rest/v1/options', status: 403 }),

  // ---- sales and profit ----
  'GET /api/sales/rest/v1/listings/sku/sales_profit': sales('listings/sku/sales_profit'),
  'GET /api/sales/rest/v1/listings/shop/sales_profit': sales('listings/shop/sales_profit'),
  'GET /api/sales/rest/v1/listings/product_lines/sales_profit': sales('listings/product_lines/sales_profit'),
  'GET /api/sales/rest/v1/listings/sale_director/sales_profit': sales('listings/sale_director/sales_profit'),
  'GET /api/sales/rest/v1/listings/sku/sku-exist-fee': sales('listings/sku/sku-exist-fee'),
  'GET /api/sales/rest/v1/sales/team/names': get(`${S}/sales/team/names`),
  'GET /api/sales/rest/v1/sales_profit/quarter_list': get(`${S}/sales_profit/quarter_list`),
  // The director breakdown's file: the other three are the same rows as their lists.
  'GET /api/sales/rest/v1/sales_profit/:dimension/excel': sales('sales_profit/sale_director/excel'),
  'GET /api/sales/rest/v1/ts-report/cost-induction-list': sales('ts-report/cost-induction-list'),
  'POST /api/sales/rest/v1/ts-report/cost-induction': (c) => ({
    url: `${S}/ts-report/cost-induction`,
    body: { shopId: c.own.shopId, asin: c.own.listing.asin, costDate: isoDaysAgo(2), category: 'other', amount: 1.5 },
  }),
  'POST /api/sales/rest/v1/ts-report/asin-verify': (c) => ({
    url: `${S}/ts-report/asin-verify`,
    body: { asins: [c.own.listing.asin, 'B0NOTHERE1'] },
  }),
  'GET /api/sales/rest/v1/ts-report/export': get(`${S}/ts-report/export`, { startDate: isoDaysAgo(7), endDate: isoDaysAgo(1) }),
  'GET /api/sales/rest/v1/dashboard/kpis': sales('dashboard/kpis'),
  'GET /api/sales/rest/v1/dashboard/trend': sales('dashboard/trend', { granularity: 'week' }),
  'GET /api/sales/rest/v1/dashboard/markets': sales('dashboard/markets'),
  'GET /api/sales/rest/v1/dashboard/skus': sales('dashboard/skus', { order: 'bottom' }),
  'GET /api/sales/rest/v1/dashboard/panels': get(`${S}/dashboard/panels`),
  'PUT /api/sales/rest/v1/dashboard/panels': () => ({ url: `${S}/dashboard/panels`, body: { trend: true } }),

  // ---- sales data screens (the director grouping is the one that names people) ----
  'GET /api/sales/rest/v1/sales-data/series': sales('sales-data/series', { granularity: 'week' }),
  'GET /api/sales/rest/v1/sales-data/series/excel': sales('sales-data/series/excel', { rows: 'shop', granularity: 'week' }),
  'GET /api/sales/rest/v1/sales-data/groups': sales('sales-data/groups', { groupBy: 'director', thenBy: 'product_line' }),
  'GET /api/sales/rest/v1/sales-data/groups/excel': sales('sales-data/groups/excel', { groupBy: 'director', thenBy: 'shop' }),
  'GET /api/sales/rest/v1/sales-data/analysis': sales('sales-data/analysis', { dimension: 'director', compare: 'yoy' }),
  'GET /api/sales/rest/v1/sales-data/analysis/excel': sales('sales-data/analysis/excel', { dimension: 'director' }),

  // ---- imports of its own shop ----
  'POST /api/imports': (c) => ({
    url: '/api/imports',
    multipart: {
      fields: { kind: 'all-orders', shopId: String(c.own.shopId) },
      file: { name: 'orders.txt', bytes: readFileSync(new URL('../fixtures/imports/ao-2023.txt', import.meta.url)) },
    },
  }),
  'GET /api/imports': get('/api/imports'),
  'GET /api/imports/:id': async (c) => ({ url: `/api/imports/${(await ownImport(c)).id}` }),
  'POST /api/imports/:id/commit': async (c) => ({ url: `/api/imports/${(await ownImport(c)).id}/commit`, body: {} }),
  'POST /api/imports/:id/revert': async (c) => ({ url: `/api/imports/${(await ownCommittedImport(c)).id}/revert` }),
  'DELETE /api/imports/:id': async (c) => ({ url: `/api/imports/${(await ownImport(c)).id}` }),

  // ---- listings ----
  'GET /api/sales/rest/v1/sku-analysis/skus': (c) => ({ url: `${S}/sku-analysis/skus`, query: { keyword: c.own.listing.sku } }),
  'GET /api/sales/rest/v1/sku-analysis/summary': (c) => ({
    url: `${S}/sku-analysis/summary`,
    query: { sku: c.own.listing.sku, ...PERIOD },
  }),
  'GET /api/sales/rest/v1/sku-analysis/trend': (c) => ({
    url: `${S}/sku-analysis/trend`,
    query: { sku: c.own.listing.sku, granularity: 'week', ...PERIOD },
  }),
  'GET /api/sales/rest/v1/sku-analysis/excel': (c) => ({
    url: `${S}/sku-analysis/excel`,
    query: { sku: c.own.listing.sku, ...PERIOD },
  }),
  'GET /api/sales/rest/v1/listings/monitor': get(`${S}/listings/monitor`),
  'POST /api/sales/rest/v1/listings/monitor': (c) => ({ url: `${S}/listings/monitor`, body: { asins: [c.own.listing.asin] } }),
  'PUT /api/sales/rest/v1/listings/monitor/:id': async (c) => {
    const w = await ownWatch(c);
    return {
      url: `${S}/listings/monitor/${w.id}`,
      body: { unitsDropPct: 20, noSalesDays: 2, minMarginPct: 5, version: w.version },
    };
  },
  'DELETE /api/sales/rest/v1/listings/monitor/:id': async (c) => ({ url: `${S}/listings/monitor/${(await ownWatch(c)).id}` }),
  'GET /api/sales/rest/v1/listings/monitor/excel': get(`${S}/listings/monitor/excel`),
  // The history of its own watch, with a change made by the company's staff: who acted stays blank.
  'GET /api/user/rest/v1/history/:entity/:entityId': async (c) => {
    const w =
      (await one(c.pool, `SELECT id, listing_id FROM listing_watches WHERE user_id = $1 ORDER BY id DESC LIMIT 1`, [
        c.own.userId,
      ])) ?? (await ownWatch(c));
    await c.pool.query(
      `INSERT INTO audit_log (actor_user_id, account_id, action, entity, entity_id, after)
       SELECT id, account_id, 'update', 'listing_watch', $1, '{"unitsDropPct": 30}' FROM users WHERE login_name = 'admin'`,
      [String(w.id)],
    );
    return { url: `/api/user/rest/v1/history/listing_watch/${w.id}` };
  },
  'GET /api/sales/rest/v1/listings/filter': sales('listings/filter'),
  'GET /api/sales/rest/v1/listings/filter/excel': sales('listings/filter/excel'),
  'GET /api/sales/rest/v1/listings/filter/saved': get(`${S}/listings/filter/saved`),
  'POST /api/sales/rest/v1/listings/filter/saved': (c) => ({
    url: `${S}/listings/filter/saved`,
    body: { name: `ext ${c.n}`, query: 'noSales=true' },
  }),
  'DELETE /api/sales/rest/v1/listings/filter/saved/:id': async (c) => {
    const f = await one(
      c.pool,
      `INSERT INTO listing_saved_filters (user_id, name, query) VALUES ($1, $2, 'noSales=true') RETURNING id`,
      [c.own.userId, `own ${c.n}`],
    );
    return { url: `${S}/listings/filter/saved/${f.id}` };
  },

  // ---- mail of its own mailbox ----
  'GET /api/email/rest/v1/getCommonMail': get(`${E1}/getCommonMail`),
  'GET /api/email/rest/v2/mailTrees/emails': get(`${E2}/mailTrees/emails`),
  'GET /api/email/rest/v2/mailTrees/mail/status': get(`${E2}/mailTrees/mail/status`),
  'GET /api/email/rest/v1/mailTrees/dialogueTypes': get(`${E1}/mailTrees/dialogueTypes`),
  'GET /api/email/rest/v1/mailTrees/buyers/markets': get(`${E1}/mailTrees/buyers/markets`, {
    email: 'service@brightway-home.example',
  }),
  'GET /api/email/rest/v1/mailTrees/buyers/markets/:marketId': get(`${E1}/mailTrees/buyers/markets/0`, {
    email: 'service@brightway-home.example',
  }),
  'GET /api/email/rest/v1/mailTrees/qa/markets': get(`${E1}/mailTrees/qa/markets`),
  'GET /api/email/rest/v1/mailTrees/qa/markets/:marketId': get(`${E1}/mailTrees/qa/markets/0`),
  'POST /api/email/rest/v1/mailTrees/mailList': () => ({ url: `${E1}/mailTrees/mailList`, body: { marketId: -1, status: -1 } }),
  'POST /api/email/rest/v1/mailTrees/dialogue': (c) => ({
    url: `${E1}/mailTrees/dialogue`,
    body: { dialogueId: c.own.dialogueId },
  }),
  'GET /api/email/rest/v1/mailTrees/buyers/mailInfo': (c) => ({
    url: `${E1}/mailTrees/buyers/mailInfo`,
    query: { dialogueId: String(c.own.dialogueId) },
  }),
  'GET /api/email/rest/v1/mailTrees/buyers/orders': (c) => ({
    url: `${E1}/mailTrees/buyers/orders`,
    query: { dialogueId: String(c.own.dialogueId) },
  }),
  'PUT /api/email/rest/v1/mailTrees/dialogue/archive': (c) => ({
    url: `${E1}/mailTrees/dialogue/archive`,
    body: { dialogueIds: [c.own.dialogueId], archived: false },
  }),
  'PUT /api/email/rest/v1/mail-trees/repair-orders/dialogues/:dialogueId': (c) => ({
    url: `${E1}/mail-trees/repair-orders/dialogues/${c.own.dialogueId}`,
    body: { status: 1 },
  }),
  'GET /api/email/rest/v1/mail-trees/dialogue-type/todo-quantity': get(`${E1}/mail-trees/dialogue-type/todo-quantity`),
  'GET /api/email/rest/v1/mail-trees/related-problems': (c) => ({
    url: `${E1}/mail-trees/related-problems`,
    query: { dialogueId: String(c.own.dialogueId) },
  }),
  'POST /api/email/rest/v1/mail-trees/related-problems': async (c) => ({
    url: `${E1}/mail-trees/related-problems`,
    body: { dialogueId: c.own.dialogueId, nodeIds: [await ownProblem(c)] },
  }),
  'DELETE /api/email/rest/v1/mail-trees/related-problems': async (c) => {
    const node = await ownProblem(c);
    await c.pool.query(`INSERT INTO mail_dialogue_problems (dialogue_id, node_id, user_id) VALUES ($1, $2, $3)`, [
      c.own.dialogueId,
      node,
      c.own.userId,
    ]);
    return { url: `${E1}/mail-trees/related-problems`, query: { dialogueId: String(c.own.dialogueId), nodeId: String(node) } };
  },
  'GET /api/email/rest/v1/mail-trees/cs-board': get(`${E1}/mail-trees/cs-board`, { from: isoDaysAgo(7), to: isoDaysAgo(0) }),
  'GET /api/email/rest/v1/emailSender/drafts': (c) => ({
    url: `${E1}/emailSender/drafts`,
    query: { dialogueId: String(c.own.dialogueId) },
  }),
  'POST /api/email/rest/v2/email-sender/drafts': (c) => ({
    url: `${E2}/email-sender/drafts`,
    body: { dialogueId: c.own.dialogueId, content: '<p>draft</p>' },
  }),
  'DELETE /api/email/rest/v1/emailSender/drafts/attachments': async (c) => ({
    url: `${E1}/emailSender/drafts/attachments`,
    query: { uri: await ownDraftAttachment(c) },
  }),
  'GET /api/email/rest/v1/emailSender/attachments': (c) => ({
    url: `${E1}/emailSender/attachments`,
    query: { uri: c.own.attachmentUri },
  }),
  'GET /api/email/rest/v1/emailSender/attachments/binary': (c) => ({
    url: `${E1}/emailSender/attachments/binary`,
    query: { uri: c.own.attachmentUri },
  }),
  'POST /api/email/rest/v1/emailSender/reply': (c) => ({
    url: `${E1}/emailSender/reply`,
    body: { dialogueId: c.own.dialogueId, content: '<p>Thanks</p>' },
  }),

  // ---- auto-reply plans of its own account ----
  'GET /api/mail-auto-reply-plan/states': get(`${RP}/states`),
  'GET /api/mail-auto-reply-plan/list': get(`${RP}/list`),
  'GET /api/mail-auto-reply-plan/mail-boxes': get(`${RP}/mail-boxes`),
  'GET /api/mail-auto-reply-plan/test-recipients': get(`${RP}/test-recipients`),
  'GET /api/mail-auto-reply-plan/:id': async (c) => ({ url: `${RP}/${(await ownPlan(c)).id}` }),
  'PUT /api/mail-auto-reply-plan/:id/duplication': async (c) => ({ url: `${RP}/${(await ownPlan(c)).id}/duplication` }),
  'DELETE /api/mail-auto-reply-plan': async (c) => ({ url: RP, query: { planId: String((await ownPlan(c)).id) } }),
  'POST /api/mail-auto-reply-plan': (c) => ({
    url: RP,
    body: { name: `ext plan ${c.n}`, mailboxIds: [c.own.mailboxId], keywords: ['broken'], ...TEXT },
  }),
  'PUT /api/mail-auto-reply-plan': async (c) => {
    const p = await ownPlan(c);
    return { url: RP, body: { id: p.id, version: p.version, name: `ext plan ${c.n}`, mailboxIds: p.mailboxIds, ...TEXT } };
  },
  'PUT /api/mail-auto-reply-plan/:autoMailId/states': async (c) => ({
    url: `${RP}/${(await ownPlan(c)).id}/states`,
    query: { stateId: '1' },
  }),
  // Nothing listens at the mailbox's SMTP port: a clear 409, after every check of scope passed.
  'POST /api/mail-auto-reply-plan/send-test-mail': (c) => ({
    url: `${RP}/send-test-mail`,
    body: { mailboxId: c.own.mailboxId, to: 'shop.a@example.com', ...TEXT },
    status: 409,
  }),
  // ---- organisation (spec §7's reads): its own account's departments and employees ----
  'GET /api/digitize/rest/v1/organization/dept': get('/api/digitize/rest/v1/organization/dept', { status: '1' }),
  'GET /api/digitize/rest/v1/organization/emp': get('/api/digitize/rest/v1/organization/emp'),
  'GET /api/digitize/rest/v1/organizationTree': get('/api/digitize/rest/v1/organizationTree'),
  'GET /api/digitize/rest/v1/deptTree': get('/api/digitize/rest/v1/deptTree', { status: '1' }),

  // ---- files: its own upload, read back ----
  'POST /api/files/upload': (c) => ({
    url: '/api/files/upload?purpose=attachment',
    multipart: { fields: {}, file: { name: `own-${c.n}.png`, bytes: PNG_1PX } },
  }),
  'GET /api/files/:id': async (c) => ({ url: `/api/files/${await ownFile(c)}` }),

  // ---- its own notifications and the system notices meant for it ----
  'GET /api/user/rest/v1/notifications': get('/api/user/rest/v1/notifications'),
  'GET /api/user/rest/v1/notifications/unread-count': get('/api/user/rest/v1/notifications/unread-count'),
  'POST /api/user/rest/v1/notifications/:id/read': async (c) => ({
    url: `/api/user/rest/v1/notifications/${await ownNotification(c)}/read`,
  }),
  'POST /api/user/rest/v1/notifications/read-all': () => ({ url: '/api/user/rest/v1/notifications/read-all' }),
  'GET /api/user/rest/v1/notices/unacknowledged': get('/api/user/rest/v1/notices/unacknowledged'),
  // The menu overlay: the same for everyone (it hides, sorts and renames; it grants nothing).
  'GET /api/user/rest/v1/menu-overlay': get('/api/user/rest/v1/menu-overlay'),
  // A notice that is not for it (there is none in the data): "not found", like any unknown one.
  'POST /api/user/rest/v1/notices/:id/acknowledge': () => ({
    url: '/api/user/rest/v1/notices/2147483647/acknowledge',
    status: 404,
  }),

  // ---- /backMgr: only BACK_MGR_USER, whatever the caller holds: 403 before anything is read ----
  ...Object.fromEntries(
    [
      ['GET', '/api/backmgr/rest/v1/jobs'],
      ['GET', '/api/backmgr/rest/v1/jobs/kinds'],
      ['GET', '/api/backmgr/rest/v1/jobs/:id'],
      ['POST', '/api/backmgr/rest/v1/jobs/:id/retry'],
      ['POST', '/api/backmgr/rest/v1/jobs/:id/cancel'],
      ['GET', '/api/backmgr/rest/v1/notices'],
      ['GET', '/api/backmgr/rest/v1/notices/audience'],
      ['POST', '/api/backmgr/rest/v1/notices'],
      ['PUT', '/api/backmgr/rest/v1/notices/:id'],
      ['DELETE', '/api/backmgr/rest/v1/notices/:id'],
      ['POST', '/api/backmgr/rest/v1/notices/:id/publish'],
      ['POST', '/api/backmgr/rest/v1/notices/:id/withdraw'],
      ['GET', '/api/backmgr/rest/v1/fba-codes'],
      ['POST', '/api/backmgr/rest/v1/fba-codes'],
      ['PUT', '/api/backmgr/rest/v1/fba-codes/:id'],
      ['DELETE', '/api/backmgr/rest/v1/fba-codes/:id'],
      ['GET', '/api/backmgr/rest/v1/docs'],
      ['GET', '/api/backmgr/rest/v1/docs/:id'],
      ['POST', '/api/backmgr/rest/v1/docs'],
      ['PUT', '/api/backmgr/rest/v1/docs/:id'],
      ['DELETE', '/api/backmgr/rest/v1/docs/:id'],
      ['GET', '/api/backmgr/rest/v1/docs/:id/versions/:no'],
      ['POST', '/api/backmgr/rest/v1/docs/:id/versions/:no/restore'],
      ['POST', '/api/backmgr/rest/v1/docs/attachments'],
      ['GET', '/api/backmgr/rest/v1/docs/:id/attachments/:fileId'],
      ['DELETE', '/api/backmgr/rest/v1/docs/:id/attachments/:fileId'],
      ['GET', '/api/backmgr/rest/v1/menu-config'],
      ['PUT', '/api/backmgr/rest/v1/menu-config'],
      ['DELETE', '/api/backmgr/rest/v1/menu-config'],
    ].map(([method, path]) => [
      `${method} ${path}`,
      (): ExternalRequest => ({
        url: (path as string).replace(':id', '1').replace(':no', '1').replace(':fileId', '1'),
        ...(method === 'GET' ? {} : { body: {} }),
        status: 403,
      }),
    ]),
  ),
  // ---- OKR: signed-in routes whose service asks for one of the OKR pages, which no external
  // account holds: refused before any record is read (a body the schema refuses is a 400 first). ----
  ...Object.fromEntries(
    (
      [
        ['GET', '/api/okr/rest/v1/objectives', 403],
        ['GET', '/api/okr/rest/v1/objectives/:id', 403],
        ['POST', '/api/okr/rest/v1/objectives', 400],
        ['PUT', '/api/okr/rest/v1/objectives/:id', 400],
        ['DELETE', '/api/okr/rest/v1/objectives/:id', 403],
        ['POST', '/api/okr/rest/v1/objectives/:id/publish', 400],
        ['POST', '/api/okr/rest/v1/objectives/:id/close', 400],
        ['GET', '/api/okr/rest/v1/keyResults/:id/checkins', 403],
        ['POST', '/api/okr/rest/v1/keyResults/:id/checkins', 400],
        ['GET', '/api/okr/rest/v1/options', 403],
      ] as const
    ).map(([method, path, status]) => [
      `${method} ${path}`,
      (): ExternalRequest => ({
        url: path.replace(':id', '1'),
        ...(path.endsWith('/objectives') && method === 'GET' ? { query: { listType: '1' } } : {}),
        ...(method === 'GET' || method === 'DELETE' ? {} : { body: {} }),
        status,
      }),
    ]),
  ),
  // ---- Growth: signed-in routes whose service asks for a staff member of the company holding
  // user:info; a shop account is refused before any record is read (a body the schema refuses is a 400 first). ----
  ...Object.fromEntries(
    (
      [
        ['GET', '/api/grow/rest/v1/cycles', 403],
        ['POST', '/api/grow/rest/v1/cycles', 400],
        ['POST', '/api/grow/rest/v1/cycles/:id/close', 400],
        ['GET', '/api/grow/rest/v1/reviews', 403],
        ['GET', '/api/grow/rest/v1/reviews/:id', 403],
        ['PUT', '/api/grow/rest/v1/reviews/:id/self', 400],
        ['PUT', '/api/grow/rest/v1/reviews/:id/leader', 400],
        ['POST', '/api/grow/rest/v1/reviews/:id/actions', 400],
        ['GET', '/api/grow/rest/v1/reviews/:id/events', 403],
        ['GET', '/api/grow/rest/v1/reviews/:id/objectives', 403],
        ['GET', '/api/grow/rest/v1/values', 403],
        ['POST', '/api/grow/rest/v1/values', 400],
        ['PUT', '/api/grow/rest/v1/values/:id', 400],
        ['DELETE', '/api/grow/rest/v1/values/:id', 403],
      ] as const
    ).map(([method, path, status]) => [
      `${method} ${path}`,
      (): ExternalRequest => ({
        url: path.replace(':id', '1'),
        ...(method === 'GET' || method === 'DELETE' ? {} : { body: {} }),
        status,
      }),
    ]),
  ),
};
