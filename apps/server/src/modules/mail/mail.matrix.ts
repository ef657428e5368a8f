/**
 * Permission-matrix rows of the mail routes (modules/mail). Mailboxes point at 127.0.0.1
 * port 1, where nothing listens: checks answer at once with a refused connection.
 * The fixtures belong to the internal "Lumio US" shop, so the shop accounts get 404 on
 * one dialogue and empty lists.
 */
import type { Pool } from 'pg';
import { TEST_MAIL_SECRET_KEY } from '../../../test/harness';
import type { CellContext, Row } from '../../../test/matrix/rows';
import { automationRows } from './automation/automation.matrix';
import { csTreeRows } from './cs-trees/cs-trees.matrix';
import { keywordRows } from './keywords/keywords.matrix';
import { parseKey, seal } from './shared/secret-box';
import { templateRows } from './templates/templates.matrix';

const one = async (pool: Pool, text: string, params: unknown[] = []) => (await pool.query(text, params)).rows[0];

const V1 = '/api/email/rest/v1';
const V2 = '/api/email/rest/v2';
const CONFIG_READ = '401 401 403 200 200 403 403 200 403';
const CONFIG_WRITE = '401 401 403 403 200 403 403 200 403';
/** email:emails: the shop accounts hold it and see their own (here: none). */
const MAIL_READ = '401 401 403 200 200 200 200 200 403';
/** One dialogue of the internal shop: not there for the shop accounts. */
const MAIL_ONE = '401 401 403 200 200 404 404 200 403';
const MAIL_SEND = '401 401 403 403 200 403 403 200 403';

const settings = {
  imapHost: '127.0.0.1',
  imapPort: 1,
  imapSecure: false,
  imapUser: 'matrix',
  smtpHost: '127.0.0.1',
  smtpPort: 1,
  smtpSecure: false,
  smtpUser: 'matrix',
};

export async function freshMailbox(c: CellContext): Promise<{ id: number; email: string; version: number }> {
  const key = parseKey(TEST_MAIL_SECRET_KEY);
  return one(
    c.pool,
    `INSERT INTO mail_mailboxes (email, name, type, shop_id, market_id, imap_host, imap_port, imap_secure, imap_user, imap_password_enc,
                                 smtp_host, smtp_port, smtp_secure, smtp_user, smtp_password_enc)
     SELECT $1, 'Matrix', 1, id, market_id, '127.0.0.1', 1, false, 'matrix', $2, '127.0.0.1', 1, false, 'matrix', $3
       FROM shops WHERE name = 'Lumio US'
     RETURNING id, email, version`,
    [`matrix.box.${c.n}@lumio.test`, seal(key, 'pw'), seal(key, 'pw')],
  );
}

/** A mail of a fresh mailbox that the fetch set aside. */
async function freshFailure(c: CellContext): Promise<{ id: number; mailboxId: number }> {
  const box = await freshMailbox(c);
  await c.pool.query(`UPDATE mail_mailboxes SET uid_validity = '1' WHERE id = $1`, [box.id]);
  return one(
    c.pool,
    `INSERT INTO mail_fetch_failures (mailbox_id, uid_validity, uid, subject, error, attempts, state)
     VALUES ($1, '1', 7, 'Matrix', 'Max header size for a MIME node exceeded', 3, 'set_aside') RETURNING id, mailbox_id AS "mailboxId"`,
    [box.id],
  );
}

async function freshDialogue(c: CellContext): Promise<{ id: number; uri: string; email: string }> {
  const box = await freshMailbox(c);
  const d = await one(
    c.pool,
    `INSERT INTO mail_dialogues (mailbox_id, shop_id, market_id, buyer_email, subject, subject_key)
     SELECT id, shop_id, market_id, 'buyer@example.com', 'Matrix', 'matrix' FROM mail_mailboxes WHERE id = $1 RETURNING id`,
    [box.id],
  );
  const m = await one(
    c.pool,
    `INSERT INTO mail_messages (dialogue_id, mailbox_id, direction, message_id, from_email, subject, text_body)
     VALUES ($1, $2, 'in', $3, 'buyer@example.com', 'Matrix', 'hello') RETURNING id`,
    [d.id, box.id, `<matrix.${c.n}@example.com>`],
  );
  const a = await one(
    c.pool,
    `INSERT INTO mail_attachments (token, message_id, file_name, content_type, size, content)
     VALUES ('matrixtoken${c.n}', $1, 'a.txt', 'text/plain', 2, 'hi'::bytea) RETURNING id, token`,
    [m.id],
  );
  return { id: d.id, uri: `${a.id}.${a.token}`, email: box.email };
}

/** A problem-tree node of the internal account. */
async function problemNode(c: CellContext): Promise<number> {
  return (
    await one(c.pool, `INSERT INTO cs_tree_nodes (account_id, kind, name) VALUES (1, 'problem', $1) RETURNING id`, [
      `matrix problem ${c.n}`,
    ])
  ).id;
}

/** An attachment of the "pm" user's draft (no actor is pm): nobody else may remove it. */
async function pmDraftAttachment(c: CellContext) {
  const d = await freshDialogue(c);
  const draft = await one(
    c.pool,
    `INSERT INTO mail_drafts (dialogue_id, user_id, content) SELECT $1, id, 'x' FROM users WHERE login_name = 'pm' RETURNING id`,
    [d.id],
  );
  const a = await one(
    c.pool,
    `INSERT INTO mail_attachments (token, draft_id, file_name, content_type, size, content)
     VALUES ('matrixdraft${c.n}', $1, 'd.txt', 'text/plain', 1, 'x'::bytea) RETURNING id, token`,
    [draft.id],
  );
  return `${a.id}.${a.token}`;
}

export function mailRows(): Record<string, Row> {
  return {
    // ---- mailboxes ----
    'GET /api/email/rest/v1/getCommonMail': { request: () => ({ url: `${V1}/getCommonMail` }), expect: MAIL_READ },
    'GET /api/email/rest/v1/mailboxes/list': { request: () => ({ url: `${V1}/mailboxes/list` }), expect: CONFIG_READ },
    'GET /api/email/rest/v1/mailboxes/:id': {
      request: async (c) => ({ url: `${V1}/mailboxes/${(await freshMailbox(c)).id}` }),
      expect: CONFIG_READ,
    },
    'POST /api/email/rest/v1/mailboxes': {
      request: (c) => ({
        url: `${V1}/mailboxes`,
        body: { email: `matrix.new.${c.n}@lumio.test`, ...settings, imapPassword: 'pw', smtpPassword: 'pw' },
      }),
      expect: CONFIG_WRITE,
    },
    'PUT /api/email/rest/v1/mailboxes': {
      request: async (c) => {
        const b = await freshMailbox(c);
        return { url: `${V1}/mailboxes`, body: { id: b.id, version: b.version, email: b.email, name: 'Renamed', ...settings } };
      },
      expect: CONFIG_WRITE,
    },
    'GET /api/email/rest/v1/mailboxes/isDuplicate': {
      request: () => ({ url: `${V1}/mailboxes/isDuplicate`, query: { email: 'nobody@lumio.test' } }),
      expect: CONFIG_READ,
    },
    'DELETE /api/email/rest/v1/mailboxes/:id/delete': {
      request: async (c) => ({ url: `${V1}/mailboxes/${(await freshMailbox(c)).id}/delete` }),
      expect: CONFIG_WRITE,
    },
    // Nothing listens at the fresh mailbox's SMTP port: a clear 409.
    'GET /api/email/rest/v1/mailboxes/sendAuthMail/': {
      request: async (c) => ({ url: `${V1}/mailboxes/sendAuthMail/`, query: { id: String((await freshMailbox(c)).id) } }),
      expect: '401 401 403 403 409 403 403 409 403',
    },
    // An unsaved mailbox: the page alone is not enough (issue #18); a stored mailbox's own settings are (check-mailbox.test.ts).
    'POST /api/email/rest/v1/mailboxes/checkMailBox': {
      request: () => ({ url: `${V1}/mailboxes/checkMailBox`, body: { ...settings, imapPassword: 'pw', smtpPassword: 'pw' } }),
      expect: CONFIG_WRITE,
    },
    'GET /api/email/rest/v1/mailboxes/checkAuth': {
      request: async (c) => ({ url: `${V1}/mailboxes/checkAuth`, query: { id: String((await freshMailbox(c)).id) } }),
      expect: CONFIG_READ,
    },
    'GET /api/email/rest/v1/mailboxes/queryAuthAutoMail': {
      request: () => ({ url: `${V1}/mailboxes/queryAuthAutoMail` }),
      expect: CONFIG_READ,
    },
    'POST /api/email/rest/v1/mail-box-users': {
      request: async (c) => {
        const b = await freshMailbox(c);
        const u = await one(c.pool, `SELECT id FROM users WHERE login_name = 'pm'`);
        return { url: `${V1}/mail-box-users`, query: { mailBoxId: String(b.id), userId: String(u.id) } };
      },
      expect: CONFIG_WRITE,
    },
    'DELETE /api/email/rest/v1/mail-box-users': {
      request: async (c) => {
        const b = await freshMailbox(c);
        const u = await one(c.pool, `SELECT id FROM users WHERE login_name = 'pm'`);
        await c.pool.query(`INSERT INTO mail_mailbox_users VALUES ($1, $2)`, [b.id, u.id]);
        return { url: `${V1}/mail-box-users`, query: { mailBoxId: String(b.id), userId: String(u.id) } };
      },
      expect: CONFIG_WRITE,
    },
    // Queues the recurring fetch job for a real mailbox (a demo or disabled one says why not).
    'POST /api/email/rest/v1/mailboxes/:id/fetch': {
      request: async (c) => ({ url: `${V1}/mailboxes/${(await freshMailbox(c)).id}/fetch` }),
      expect: CONFIG_READ,
    },
    'GET /api/email/rest/v1/mailboxes/:id/fetchFailures': {
      request: async (c) => ({ url: `${V1}/mailboxes/${(await freshFailure(c)).mailboxId}/fetchFailures` }),
      expect: CONFIG_READ,
    },
    'POST /api/email/rest/v1/mailboxes/fetchFailures/:id/retry': {
      request: async (c) => ({ url: `${V1}/mailboxes/fetchFailures/${(await freshFailure(c)).id}/retry` }),
      expect: CONFIG_WRITE,
    },
    // ---- mail tree ----
    'GET /api/email/rest/v2/mailTrees/emails': { request: () => ({ url: `${V2}/mailTrees/emails` }), expect: MAIL_READ },
    'GET /api/email/rest/v2/mailTrees/mail/status': {
      request: () => ({ url: `${V2}/mailTrees/mail/status` }),
      expect: MAIL_READ,
    },
    'GET /api/email/rest/v1/mailTrees/dialogueTypes': {
      request: () => ({ url: `${V1}/mailTrees/dialogueTypes` }),
      expect: MAIL_READ,
    },
    'GET /api/email/rest/v1/mailTrees/buyers/orders': {
      request: async (c) => ({
        url: `${V1}/mailTrees/buyers/orders`,
        query: { dialogueId: String((await freshDialogue(c)).id) },
      }),
      expect: MAIL_ONE,
    },
    'GET /api/email/rest/v1/mailTrees/buyers/markets': {
      request: async (c) => ({ url: `${V1}/mailTrees/buyers/markets`, query: { email: (await freshDialogue(c)).email } }),
      expect: MAIL_READ,
    },
    'GET /api/email/rest/v1/mailTrees/buyers/markets/:marketId': {
      request: async (c) => ({ url: `${V1}/mailTrees/buyers/markets/0`, query: { email: (await freshDialogue(c)).email } }),
      expect: MAIL_READ,
    },
    'GET /api/email/rest/v1/mailTrees/qa/markets': { request: () => ({ url: `${V1}/mailTrees/qa/markets` }), expect: MAIL_READ },
    'GET /api/email/rest/v1/mailTrees/qa/markets/:marketId': {
      request: () => ({ url: `${V1}/mailTrees/qa/markets/1` }),
      expect: MAIL_READ,
    },
    'POST /api/email/rest/v1/mailTrees/mailList': {
      request: () => ({ url: `${V1}/mailTrees/mailList`, body: { marketId: -1, status: -1 } }),
      expect: MAIL_READ,
    },
    'POST /api/email/rest/v1/mailTrees/dialogue': {
      request: async (c) => ({ url: `${V1}/mailTrees/dialogue`, body: { dialogueId: (await freshDialogue(c)).id } }),
      expect: MAIL_ONE,
    },
    'GET /api/email/rest/v1/mailTrees/buyers/mailInfo': {
      request: async (c) => ({
        url: `${V1}/mailTrees/buyers/mailInfo`,
        query: { dialogueId: String((await freshDialogue(c)).id) },
      }),
      expect: MAIL_ONE,
    },
    'PUT /api/email/rest/v1/mailTrees/dialogue/archive': {
      request: async (c) => ({ url: `${V1}/mailTrees/dialogue/archive`, body: { dialogueIds: [(await freshDialogue(c)).id] } }),
      expect: MAIL_ONE,
    },
    'PUT /api/email/rest/v1/mail-trees/repair-orders/dialogues/:dialogueId': {
      request: async (c) => ({
        url: `${V1}/mail-trees/repair-orders/dialogues/${(await freshDialogue(c)).id}`,
        body: { status: 1 },
      }),
      expect: MAIL_ONE,
    },
    'GET /api/email/rest/v1/mail-trees/dialogue-type/todo-quantity': {
      request: () => ({ url: `${V1}/mail-trees/dialogue-type/todo-quantity` }),
      expect: MAIL_READ,
    },
    // ---- related problems, assignment, CS board ----
    'GET /api/email/rest/v1/mail-trees/related-problems': {
      request: async (c) => ({
        url: `${V1}/mail-trees/related-problems`,
        query: { dialogueId: String((await freshDialogue(c)).id) },
      }),
      expect: MAIL_ONE,
    },
    'POST /api/email/rest/v1/mail-trees/related-problems': {
      request: async (c) => ({
        url: `${V1}/mail-trees/related-problems`,
        body: { dialogueId: (await freshDialogue(c)).id, nodeIds: [await problemNode(c)] },
      }),
      expect: MAIL_ONE,
    },
    'DELETE /api/email/rest/v1/mail-trees/related-problems': {
      request: async (c) => {
        const d = await freshDialogue(c);
        const node = await problemNode(c);
        await c.pool.query(`INSERT INTO mail_dialogue_problems (dialogue_id, node_id) VALUES ($1, $2)`, [d.id, node]);
        return { url: `${V1}/mail-trees/related-problems`, query: { dialogueId: String(d.id), nodeId: String(node) } };
      },
      expect: MAIL_ONE,
    },
    'GET /api/email/rest/v1/mail-trees/assignment/agents': {
      request: () => ({ url: `${V1}/mail-trees/assignment/agents` }),
      expect: CONFIG_READ,
    },
    // Unassigning needs no agent of the caller's account: every permitted caller gets 200.
    'PUT /api/email/rest/v1/mail-trees/assignment': {
      request: async (c) => ({
        url: `${V1}/mail-trees/assignment`,
        body: { items: [{ dialogueId: (await freshDialogue(c)).id, version: 1 }], assigneeId: null },
      }),
      expect: CONFIG_WRITE,
    },
    // email:csBoard is one of the shop patterns of spec §2.1 (and the sales manager's dashboard group):
    // a shop account reads the board of its own mailboxes.
    'GET /api/email/rest/v1/mail-trees/cs-board': {
      request: () => ({ url: `${V1}/mail-trees/cs-board`, query: { from: '2026-01-01', to: '2026-01-31' } }),
      expect: '401 401 403 200 200 200 200 200 200',
    },
    // ---- sending ----
    'GET /api/email/rest/v1/emailSender/drafts': {
      request: async (c) => ({ url: `${V1}/emailSender/drafts`, query: { dialogueId: String((await freshDialogue(c)).id) } }),
      expect: MAIL_ONE,
    },
    'POST /api/email/rest/v2/email-sender/drafts': {
      request: async (c) => ({
        url: `${V2}/email-sender/drafts`,
        body: { dialogueId: (await freshDialogue(c)).id, content: '<p>draft</p>' },
      }),
      expect: MAIL_ONE,
    },
    'DELETE /api/email/rest/v1/emailSender/drafts/attachments': {
      request: async (c) => ({ url: `${V1}/emailSender/drafts/attachments`, query: { uri: await pmDraftAttachment(c) } }),
      expect: '401 401 403 404 404 404 404 404 403',
    },
    'GET /api/email/rest/v1/emailSender/attachments': {
      request: async (c) => ({ url: `${V1}/emailSender/attachments`, query: { uri: (await freshDialogue(c)).uri } }),
      expect: MAIL_ONE,
    },
    'GET /api/email/rest/v1/emailSender/attachments/binary': {
      request: async (c) => ({ url: `${V1}/emailSender/attachments/binary`, query: { uri: (await freshDialogue(c)).uri } }),
      expect: MAIL_ONE,
    },
    'POST /api/email/rest/v1/emailSender/reply': {
      request: async (c) => ({
        url: `${V1}/emailSender/reply`,
        body: { dialogueId: (await freshDialogue(c)).id, content: '<p>Thanks</p>' },
      }),
      expect: MAIL_SEND,
    },
  };
}

/** The mail area's rows of the permission matrix (read by test/matrix/rows.ts through modules/areas.ts). */
export const matrixRows = (): Record<string, Row> => ({
  ...mailRows(),
  ...automationRows(),
  // Company configuration of customer service: the templates' permission, and the keyword pages' own, answer alike.
  ...templateRows(),
  ...csTreeRows(CONFIG_READ, CONFIG_WRITE),
  ...keywordRows('dialogue', CONFIG_READ, CONFIG_WRITE),
  ...keywordRows('product', CONFIG_READ, CONFIG_WRITE),
});
