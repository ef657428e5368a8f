/**
 * Canaries for the external-account sweep: recognisable strings and ids put on every row
 * an external shop account must never see, so a leak shows in the raw bytes of a reply.
 *
 * - every user of the internal account and of shop B's account carries a marker in its
 *   name and a marker domain in its e-mail; a canary director of the internal account has
 *   a distinctive id and leads a canary team that owns the product lines shop A sells (so a
 *   director breakdown of shop A's own sales would name it);
 * - every sales team, every role of another account (but the one shop.a holds: a holder
 *   may read the name of its own role), every shop, listing title and mailbox the caller
 *   does not own, and every product line that none of shop A's listings belongs to;
 * - rows about shop A's own things made by internal users: a cost induction and an import
 *   on its shop, a mailbox of its shop configured by the internal account, linked to an
 *   internal agent, with a dialogue assigned to and answered by that agent, a problem of
 *   the internal problem tree on it, and an internal auto-reply plan covering the mailbox.
 */
import type { Pool } from 'pg';
import { parseKey, seal } from '../../src/modules/mail/shared/secret-box';
import { TEST_MAIL_SECRET_KEY } from '../harness';

/** Distinctive ids (far above any sequence) of the canary rows; looked for as numbers. */
export const CANARY_IDS = {
  director: 2_098_765_401,
  team: 2_098_765_402,
  internalRole: 2_098_765_403,
  shopBRole: 2_098_765_404,
  shopBShop: 2_098_765_405,
  internalMailbox: 2_098_765_406,
  agent: 2_098_765_407,
  problemNode: 2_098_765_408,
  internalPlan: 2_098_765_409,
} as const;

/** Markers looked for as substrings (case-insensitive) of every reply. */
export const CANARY_MARKERS = {
  internalUser: 'CNRY-INT-USER',
  internalEmail: 'cnry-internal.example',
  shopBUser: 'CNRY-B-USER',
  shopBEmail: 'cnry-b.example',
  team: 'CNRY-TEAM',
  role: 'CNRY-ROLE',
  shop: 'CNRY-SHOP',
  listing: 'CNRY-LISTING',
  mailbox: 'CNRY-BOX',
  line: 'CNRY-LINE',
  problem: 'CNRY-PROBLEM',
  plan: 'CNRY-PLAN',
  draft: 'CNRY-DRAFT',
} as const;

/** What the caller (shop A) owns: ids that may appear in its replies. */
export interface OwnScope {
  accountId: number;
  userId: number;
  userIds: number[];
  shopId: number;
  shopIds: number[];
  roleIds: number[];
  listingIds: number[];
  /** Lines of its own listings and their parents. */
  productLineIds: number[];
  mailboxIds: number[];
  /** Fixtures of its own for the requests. */
  listing: { id: number; asin: string; sku: string };
  mailboxId: number;
  dialogueId: number;
  attachmentUri: string;
  sellerId: string;
}

const one = async (pool: Pool, text: string, params: unknown[] = []) => (await pool.query(text, params)).rows[0];
const ids = async (pool: Pool, text: string, params: unknown[] = []) =>
  (await pool.query(text, params)).rows.map((r) => Number(r.id));

async function canaryUsers(pool: Pool, shopAAccount: number, shopBAccount: number) {
  const m = CANARY_MARKERS;
  const hash = (await one(pool, `SELECT password_hash FROM users WHERE login_name = 'pm'`)).password_hash;
  for (const [id, login, name] of [
    [CANARY_IDS.director, 'cnry.director', `Director ${m.internalUser}`],
    [CANARY_IDS.agent, 'cnry.agent', `Agent ${m.internalUser}`],
  ] as const) {
    await pool.query(
      `INSERT INTO users (id, account_id, login_name, user_name, email, password_hash, user_type) VALUES ($1, 1, $2, $3, $4, $5, 1)`,
      [id, login, name, `${login}@${m.internalEmail}`, hash],
    );
  }
  await pool.query(
    `UPDATE users SET user_name = user_name || ' ' || $1, email = login_name || '@' || $2 WHERE account_id = 1 AND id <> ALL($3)`,
    [m.internalUser, m.internalEmail, [CANARY_IDS.director, CANARY_IDS.agent]],
  );
  await pool.query(`UPDATE users SET user_name = user_name || ' ' || $1, email = login_name || '@' || $2 WHERE account_id = $3`, [
    m.shopBUser,
    m.shopBEmail,
    shopBAccount,
  ]);
  // Guard against a fixture mistake: shop A's own users carry no marker.
  const marked = await one(pool, `SELECT count(*)::int AS n FROM users WHERE account_id = $1 AND user_name ILIKE '%CNRY%'`, [
    shopAAccount,
  ]);
  if (marked.n !== 0) throw new Error('shop A users must not be canaries');
}

async function canaryOrganisation(pool: Pool, shopAUser: number, ownLines: number[], shopBAccount: number) {
  const m = CANARY_MARKERS;
  await pool.query(`UPDATE sales_teams SET name = name || ' ' || $1`, [m.team]);
  await pool.query(`INSERT INTO sales_teams (id, name, director_user_id) VALUES ($1, $2, $3)`, [
    CANARY_IDS.team,
    `Canary ${m.team}`,
    CANARY_IDS.director,
  ]);
  // The canary team owns the lines shop A sells, so its director is on shop A's own sales.
  await pool.query(`DELETE FROM sales_team_lines WHERE product_line_id = ANY($1)`, [ownLines]);
  await pool.query(
    `INSERT INTO sales_team_lines (team_id, product_line_id)
     SELECT $1, pl.id FROM product_lines pl WHERE pl.id = ANY($2) AND NOT EXISTS (SELECT 1 FROM product_lines c WHERE c.parent_id = pl.id)`,
    [CANARY_IDS.team, ownLines],
  );
  // Roles of other accounts; the role shop.a holds keeps its name (its holder may read it).
  await pool.query(
    `UPDATE roles SET name = name || ' ' || $1
      WHERE account_id <> (SELECT account_id FROM users WHERE id = $2)
        AND id NOT IN (SELECT role_id FROM user_roles WHERE user_id = $2)`,
    [m.role, shopAUser],
  );
  await pool.query(`INSERT INTO roles (id, account_id, name) VALUES ($1, 1, $2), ($3, $4, $5)`, [
    CANARY_IDS.internalRole,
    `Internal ${m.role}`,
    CANARY_IDS.shopBRole,
    shopBAccount,
    `Shop B ${m.role}`,
  ]);
  await pool.query(`INSERT INTO user_roles (user_id, role_id) VALUES ($1, $2)`, [CANARY_IDS.director, CANARY_IDS.internalRole]);
  await pool.query(`UPDATE product_lines SET name = name || ' ' || $1, name_en = name_en || ' ' || $1 WHERE id <> ALL($2)`, [
    m.line,
    ownLines,
  ]);
}

async function canaryShops(pool: Pool, shopAAccount: number, shopBAccount: number, ownShops: number[]) {
  const m = CANARY_MARKERS;
  await pool.query(`UPDATE shops SET name = name || ' ' || $1 WHERE id <> ALL($2)`, [m.shop, ownShops]);
  await pool.query(
    `INSERT INTO shops (id, account_id, name, seller_id, market_id, mws_auth_state, ppc_state) VALUES ($1, $2, $3, 'A3CNRYSHOPB', 2, 1, 1)`,
    [CANARY_IDS.shopBShop, shopBAccount, `Shop B second ${m.shop}`],
  );
  await pool.query(`UPDATE listings SET title = title || ' ' || $1 WHERE shop_id <> ALL($2)`, [m.listing, ownShops]);
  if (shopAAccount === 1) throw new Error('shop A must be external');
}

async function canaryMail(pool: Pool, own: { shopId: number; userId: number }, ownShops: number[]) {
  const m = CANARY_MARKERS;
  const key = parseKey(TEST_MAIL_SECRET_KEY);
  const box = (email: string, name: string, shopId: number, id?: number) =>
    one(
      pool,
      `INSERT INTO mail_mailboxes (${id ? 'id, ' : ''}account_id, email, name, type, shop_id, market_id, imap_host, imap_port, imap_secure,
                                   imap_user, imap_password_enc, smtp_host, smtp_port, smtp_secure, smtp_user, smtp_password_enc)
       SELECT ${id ? `${id}, ` : ''}1, $1, $2, 1, id, market_id, '127.0.0.1', 1, false, 'u', $3, '127.0.0.1', 1, false, 'u', $3
         FROM shops WHERE id = $4 RETURNING id`,
      [email, name, seal(key, 'pw'), shopId],
    );
  const lumio = await one(pool, `SELECT id FROM shops WHERE account_id = 1 ORDER BY id LIMIT 1`);
  await box(`support@${m.internalEmail}`, `Internal ${m.mailbox}`, lumio.id, CANARY_IDS.internalMailbox);
  await pool.query(
    `UPDATE mail_mailboxes SET email = 'box' || id || '@' || $1, name = name || ' ' || $2 WHERE shop_id <> ALL($3)`,
    [m.internalEmail, m.mailbox, ownShops],
  );
  // Shop A's own mailbox, configured by the internal account and served by an internal agent.
  const own_ = await box('service@brightway-home.example', 'Brightway service', own.shopId);
  await pool.query(`INSERT INTO mail_mailbox_users (mailbox_id, user_id) VALUES ($1, $2), ($1, $3)`, [
    own_.id,
    CANARY_IDS.agent,
    own.userId,
  ]);
  const d = await one(
    pool,
    `INSERT INTO mail_dialogues (mailbox_id, shop_id, market_id, buyer_email, buyer_name, subject, subject_key, assignee_id, assigned_at, status)
     SELECT id, shop_id, market_id, 'buyer@example.com', 'Buyer', 'Where is my lamp', 'where is my lamp', $2, now(), 0
       FROM mail_mailboxes WHERE id = $1 RETURNING id`,
    [own_.id, CANARY_IDS.agent],
  );
  const inbound = await one(
    pool,
    `INSERT INTO mail_messages (dialogue_id, mailbox_id, direction, message_id, from_email, from_name, to_emails, subject, text_body, sent_at)
     VALUES ($1, $2, 'in', '<cnry-in@example.com>', 'buyer@example.com', 'Buyer', '["service@brightway-home.example"]', 'Where is my lamp',
             'hello', now() - interval '2 hours') RETURNING id`,
    [d.id, own_.id],
  );
  await pool.query(
    `INSERT INTO mail_messages (dialogue_id, mailbox_id, direction, message_id, from_email, from_name, to_emails, subject, text_body,
                                state, user_id, sent_at)
     VALUES ($1, $2, 'out', '<cnry-out@example.com>', 'service@brightway-home.example', 'Brightway service', '["buyer@example.com"]',
             'Re: Where is my lamp', 'on its way', 'sent', $3, now() - interval '1 hour')`,
    [d.id, own_.id, CANARY_IDS.agent],
  );
  await pool.query(`UPDATE mail_dialogues SET message_count = 2, last_message_at = now() - interval '1 hour' WHERE id = $1`, [
    d.id,
  ]);
  const a = await one(
    pool,
    `INSERT INTO mail_attachments (token, message_id, file_name, content_type, size, content)
     VALUES ('cnryattachment', $1, 'photo.txt', 'text/plain', 2, 'hi'::bytea) RETURNING id, token`,
    [inbound.id],
  );
  await pool.query(`INSERT INTO mail_drafts (dialogue_id, user_id, content) VALUES ($1, $2, $3)`, [
    d.id,
    CANARY_IDS.agent,
    `<p>the agent's own draft ${m.draft}</p>`,
  ]);
  await pool.query(`INSERT INTO cs_tree_nodes (id, account_id, kind, name, name_en) VALUES ($1, 1, 'problem', $2, $2)`, [
    CANARY_IDS.problemNode,
    `Internal ${m.problem}`,
  ]);
  await pool.query(`INSERT INTO mail_dialogue_problems (dialogue_id, node_id, user_id) VALUES ($1, $2, $3)`, [
    d.id,
    CANARY_IDS.problemNode,
    CANARY_IDS.agent,
  ]);
  await pool.query(
    `INSERT INTO mail_auto_reply_plans (id, account_id, name, mailbox_ids, keywords, subject, body, state, created_by, updated_by)
     VALUES ($1, 1, $2, $3, '{lamp}', 'Thanks', '<p>Thanks</p>', 1, $4, $4)`,
    [CANARY_IDS.internalPlan, `Internal ${m.plan}`, [own_.id, CANARY_IDS.internalMailbox], CANARY_IDS.agent],
  );
  return { mailboxId: Number(own_.id), dialogueId: Number(d.id), attachmentUri: `${a.id}.${a.token}` };
}

/** Rows about shop A's own shop written by internal users. */
async function internalWritesOnOwnShop(pool: Pool, listing: { id: number; shopId: number }) {
  await pool.query(
    `INSERT INTO cost_inductions (listing_id, shop_id, cost_date, category, amount, currency, note, created_by)
     VALUES ($1, $2, current_date - 3, 'other', 12.5, 'USD', 'booked by the company', $3)`,
    [listing.id, listing.shopId, CANARY_IDS.director],
  );
  await pool.query(
    `INSERT INTO imports (kind, status, account_id, shop_id, market_id, file_name, file_hash, file_size, fingerprint, time_zone,
                          rate_snapshot, row_count, error_count, warning_count, errors, warnings, payload, created_by)
     SELECT 'all-orders', 'preview', 1, id, market_id, 'company-orders.txt', repeat('0', 64), 1, repeat('0', 64), 'America/Los_Angeles',
            '{}', 0, 0, 0, '[]', '[]', '[]', $2
       FROM shops WHERE id = $1`,
    [listing.shopId, CANARY_IDS.director],
  );
}

/**
 * Seeds every canary and answers what shop A owns. `shopAUser` is shop.a's id; its
 * account's other users (none in the demo) are its own.
 */
export async function seedCanaries(pool: Pool): Promise<OwnScope> {
  const a = await one(pool, `SELECT id, account_id FROM users WHERE login_name = 'shop.a'`);
  const b = await one(pool, `SELECT account_id FROM users WHERE login_name = 'shop.b'`);
  const accountId = Number(a.account_id);
  const ownShops = await ids(pool, `SELECT shop_id AS id FROM user_shops WHERE user_id = $1 ORDER BY shop_id`, [a.id]);
  const shopId = ownShops[0];
  if (shopId === undefined) throw new Error('shop.a has no shop');
  const listing = await one(
    pool,
    `SELECT li.id, li.asin, sk.sku, li.shop_id AS "shopId" FROM listings li JOIN skus sk ON sk.id = li.sku_id
      WHERE li.shop_id = $1 AND EXISTS (SELECT 1 FROM sales_facts f WHERE f.listing_id = li.id) ORDER BY li.id LIMIT 1`,
    [shopId],
  );
  const ownLines = await ids(
    pool,
    `WITH own AS (SELECT DISTINCT pr.product_line_id AS id FROM listings li JOIN skus sk ON sk.id = li.sku_id
                    JOIN products pr ON pr.id = sk.product_id WHERE li.shop_id = ANY($1) AND pr.product_line_id IS NOT NULL)
     SELECT id FROM own UNION SELECT parent_id FROM product_lines WHERE id IN (SELECT id FROM own) AND parent_id IS NOT NULL`,
    [ownShops],
  );
  await canaryUsers(pool, accountId, Number(b.account_id));
  await canaryOrganisation(pool, Number(a.id), ownLines, Number(b.account_id));
  await canaryShops(pool, accountId, Number(b.account_id), ownShops);
  const mail = await canaryMail(pool, { shopId, userId: Number(a.id) }, ownShops);
  await internalWritesOnOwnShop(pool, listing);
  const seller = await one(pool, `SELECT seller_id FROM shops WHERE id = $1`, [shopId]);
  return {
    accountId,
    userId: Number(a.id),
    userIds: await ids(pool, `SELECT id FROM users WHERE account_id = $1`, [accountId]),
    shopId,
    shopIds: ownShops,
    roleIds: await ids(
      pool,
      `SELECT id FROM roles WHERE account_id = $1 UNION SELECT role_id FROM user_roles ur JOIN users u ON u.id = ur.user_id WHERE u.account_id = $1`,
      [accountId],
    ),
    listingIds: await ids(pool, `SELECT id FROM listings WHERE shop_id = ANY($1)`, [ownShops]),
    productLineIds: ownLines,
    mailboxIds: await ids(pool, `SELECT id FROM mail_mailboxes WHERE shop_id = ANY($1)`, [ownShops]),
    listing: { id: Number(listing.id), asin: String(listing.asin), sku: String(listing.sku) },
    mailboxId: mail.mailboxId,
    dialogueId: mail.dialogueId,
    attachmentUri: mail.attachmentUri,
    sellerId: String(seller.seller_id),
  };
}
