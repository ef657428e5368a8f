/**
 * Permission-matrix rows of the mail automation (auto mails, auto-reply plans, invitation
 * robot). Fixtures belong to the internal "Lumio US" shop; their mailboxes point at
 * 127.0.0.1 port 1 (test mails answer 409 at once). The shop accounts hold the
 * auto-reply page (not its buttons) and see only their own account's plans.
 */
import type { Pool } from 'pg';
import type { CellContext, Row } from '../../../../test/matrix/rows';
import { freshMailbox } from '../mail.matrix';

const one = async (pool: Pool, text: string, params: unknown[] = []) => (await pool.query(text, params)).rows[0];

const AM = '/api/emailSender/rest/v1/autoMails';
const RP = '/api/mail-auto-reply-plan';
const IV = '/api/robot-server/rest/v1/invite';
const BL = '/api/email/rest/v1/blacklist';
/** email:smartMail and email:marketMail: staff pages the shop accounts do not hold. */
const READ = '401 401 403 200 200 403 403 200 403';
const WRITE = '401 401 403 403 200 403 403 200 403';
/** A test mail through a mailbox where nothing listens: a clear 409. */
const TEST_MAIL = '401 401 403 403 409 403 403 409 403';
/** email:autoReply: the shop accounts hold the page and see their own account (here: nothing). */
const PLAN_READ = '401 401 403 200 200 200 200 200 403';
const PLAN_ONE = '401 401 403 200 200 404 404 200 403';

/** A user of the internal account (demo seed): test mails go only to the caller or the caller's account (issue #18). */
const COLLEAGUE = 'pm@example.com';
const TEXT = { subject: 'Your order {{orderId}}', body: '<p>Hello {{buyerName}}, thank you for your order.</p>' };

async function shopOf(c: CellContext): Promise<number> {
  return (await one(c.pool, `SELECT id FROM shops WHERE name = 'Lumio US'`)).id;
}

async function freshAutoMail(c: CellContext) {
  const box = await freshMailbox(c);
  return one(
    c.pool,
    `INSERT INTO mail_auto_mails (account_id, shop_id, mailbox_id, name, kind, subject, body, days_after_delivery, created_by, updated_by)
     SELECT 1, id, $1, $2, 'review', $3, $4, 7, 1, 1 FROM shops WHERE name = 'Lumio US' RETURNING id, version, mailbox_id AS "mailboxId", shop_id AS "shopId"`,
    [box.id, `matrix auto mail ${c.n}`, TEXT.subject, TEXT.body],
  );
}

async function freshPlan(c: CellContext) {
  const box = await freshMailbox(c);
  return one(
    c.pool,
    `INSERT INTO mail_auto_reply_plans (account_id, name, mailbox_ids, subject, body, created_by, updated_by)
     VALUES (1, $1, ARRAY[$2::int], $3, $4, 1, 1) RETURNING id, version, mailbox_ids AS "mailboxIds"`,
    [`matrix plan ${c.n}`, box.id, TEXT.subject, TEXT.body],
  );
}

async function freshInvite(c: CellContext) {
  const box = await freshMailbox(c);
  return one(
    c.pool,
    `INSERT INTO mail_invite_plans (account_id, shop_id, mailbox_id, name, asins, subject, body, days_after_delivery, created_by, updated_by)
     SELECT 1, id, $1, $2, ARRAY['B000000001'], $3, $4, 10, 1, 1 FROM shops WHERE name = 'Lumio US'
     RETURNING id, version, mailbox_id AS "mailboxId", shop_id AS "shopId"`,
    [box.id, `matrix invite ${c.n}`, TEXT.subject, TEXT.body],
  );
}

const autoMailBody = (c: CellContext, shopId: number, mailboxId: number) => ({
  autoMailName: `matrix new auto mail ${c.n}`,
  shopId,
  mailboxId,
  kind: 'review',
  ...TEXT,
  daysAfterDelivery: 7,
});

const inviteBody = (c: CellContext, shopId: number, mailboxId: number) => ({
  name: `matrix new invite ${c.n}`,
  shopId,
  mailboxId,
  asins: ['B000000001'],
  ...TEXT,
  daysAfterDelivery: 10,
});

const today = new Date().toISOString().slice(0, 10);

export function automationRows(): Record<string, Row> {
  return {
    // ---- auto mails ----
    'GET /api/emailSender/rest/v1/autoMails/list': { request: () => ({ url: `${AM}/list` }), expect: READ },
    'POST /api/emailSender/rest/v1/autoMails/copy': {
      request: async (c) => ({ url: `${AM}/copy`, query: { autoMailId: String((await freshAutoMail(c)).id) } }),
      expect: WRITE,
    },
    'DELETE /api/emailSender/rest/v1/autoMails/:autoMailId': {
      request: async (c) => ({ url: `${AM}/${(await freshAutoMail(c)).id}` }),
      expect: WRITE,
    },
    'GET /api/emailSender/rest/v1/autoMails/checkAutoMailName': {
      request: () => ({ url: `${AM}/checkAutoMailName`, query: { autoMailName: 'matrix name' } }),
      expect: READ,
    },
    'GET /api/emailSender/rest/v1/autoMails/files': {
      request: async (c) => ({
        url: `${AM}/files`,
        query: { autoMailId: String((await freshAutoMail(c)).id), startDate: today, endDate: today },
      }),
      expect: READ,
    },
    'POST /api/emailSender/rest/v1/autoMails/create': {
      request: async (c) => {
        const box = await freshMailbox(c);
        return { url: `${AM}/create`, body: autoMailBody(c, await shopOf(c), box.id) };
      },
      expect: WRITE,
    },
    'PUT /api/emailSender/rest/v1/autoMails/update': {
      request: async (c) => {
        const a = await freshAutoMail(c);
        return {
          url: `${AM}/update`,
          body: { ...autoMailBody(c, a.shopId, a.mailboxId), autoMailId: a.id, version: a.version },
        };
      },
      expect: WRITE,
    },
    'POST /api/emailSender/rest/v1/autoMails/preview': {
      request: () => ({ url: `${AM}/preview`, body: TEXT }),
      expect: READ,
    },
    'GET /api/emailSender/rest/v1/autoMails/:autoMailId/queryAutoMailSendStatistic': {
      request: async (c) => ({
        url: `${AM}/${(await freshAutoMail(c)).id}/queryAutoMailSendStatistic`,
        query: { startDate: today, endDate: today },
      }),
      expect: READ,
    },
    'PUT /api/emailSender/rest/v1/autoMails/reset': {
      request: async (c) => ({ url: `${AM}/reset`, query: { autoMailId: String((await freshAutoMail(c)).id), state: '2' } }),
      expect: WRITE,
    },
    'POST /api/emailSender/rest/v1/autoMails/sendTestMail': {
      request: async (c) => ({
        url: `${AM}/sendTestMail`,
        body: { mailboxId: (await freshMailbox(c)).id, to: COLLEAGUE, ...TEXT },
      }),
      expect: TEST_MAIL,
    },
    'GET /api/emailSender/rest/v1/autoMails/testRecipients': {
      request: () => ({ url: `${AM}/testRecipients` }),
      expect: WRITE,
    },
    'GET /api/emailSender/rest/v1/autoMails/templates/mergeTags': {
      request: () => ({ url: `${AM}/templates/mergeTags` }),
      expect: READ,
    },
    'GET /api/emailSender/rest/v1/autoMails/:autoMailId': {
      request: async (c) => ({ url: `${AM}/${(await freshAutoMail(c)).id}` }),
      expect: READ,
    },
    'GET /api/emailSender/rest/v1/autoMails/templates/:templateId': {
      request: async (c) => {
        const tpl = await one(
          c.pool,
          `INSERT INTO mail_templates (account_id, kind, name, category, language, subject, body, created_by, updated_by)
           VALUES (1, 'reply', $1, 'review', 'en', '', '<p>Hi</p>', 1, 1) RETURNING id`,
          [`matrix auto template ${c.n}`],
        );
        return { url: `${AM}/templates/${tpl.id}` };
      },
      expect: READ,
    },
    'GET /api/emailSender/rest/v1/autoMails/checkAsin': {
      request: async (c) => ({ url: `${AM}/checkAsin`, query: { shopId: String(await shopOf(c)), asins: 'B000000001' } }),
      expect: READ,
    },
    'GET /api/emailSender/rest/v1/autoMails/:autoMailId/sendLog': {
      request: async (c) => ({ url: `${AM}/${(await freshAutoMail(c)).id}/sendLog` }),
      expect: READ,
    },
    // ---- auto-reply plans ----
    'GET /api/mail-auto-reply-plan/states': { request: () => ({ url: `${RP}/states` }), expect: PLAN_READ },
    'GET /api/mail-auto-reply-plan/list': { request: () => ({ url: `${RP}/list` }), expect: PLAN_READ },
    'PUT /api/mail-auto-reply-plan/:id/duplication': {
      request: async (c) => ({ url: `${RP}/${(await freshPlan(c)).id}/duplication` }),
      expect: WRITE,
    },
    'DELETE /api/mail-auto-reply-plan': {
      request: async (c) => ({ url: RP, query: { planId: String((await freshPlan(c)).id) } }),
      expect: WRITE,
    },
    'GET /api/mail-auto-reply-plan/mail-boxes': { request: () => ({ url: `${RP}/mail-boxes` }), expect: PLAN_READ },
    'POST /api/mail-auto-reply-plan': {
      request: async (c) => ({
        url: RP,
        body: { name: `matrix new plan ${c.n}`, mailboxIds: [(await freshMailbox(c)).id], keywords: ['broken'], ...TEXT },
      }),
      expect: WRITE,
    },
    'PUT /api/mail-auto-reply-plan': {
      request: async (c) => {
        const p = await freshPlan(c);
        return { url: RP, body: { id: p.id, version: p.version, name: `matrix plan ${c.n}`, mailboxIds: p.mailboxIds, ...TEXT } };
      },
      expect: WRITE,
    },
    'GET /api/mail-auto-reply-plan/:id': {
      request: async (c) => ({ url: `${RP}/${(await freshPlan(c)).id}` }),
      expect: PLAN_ONE,
    },
    'PUT /api/mail-auto-reply-plan/:autoMailId/states': {
      request: async (c) => ({ url: `${RP}/${(await freshPlan(c)).id}/states`, query: { stateId: '1' } }),
      expect: WRITE,
    },
    'POST /api/mail-auto-reply-plan/send-test-mail': {
      request: async (c) => ({
        url: `${RP}/send-test-mail`,
        body: { mailboxId: (await freshMailbox(c)).id, to: COLLEAGUE, ...TEXT },
      }),
      expect: TEST_MAIL,
    },
    'GET /api/mail-auto-reply-plan/test-recipients': {
      request: () => ({ url: `${RP}/test-recipients` }),
      expect: WRITE,
    },
    // ---- invitation robot ----
    'POST /api/robot-server/rest/v1/invite/plan-list': { request: () => ({ url: `${IV}/plan-list`, body: {} }), expect: READ },
    'GET /api/robot-server/rest/v1/invite/plan/emails': { request: () => ({ url: `${IV}/plan/emails` }), expect: READ },
    'GET /api/robot-server/rest/v1/invite/plan/:id': {
      request: async (c) => ({ url: `${IV}/plan/${(await freshInvite(c)).id}` }),
      expect: READ,
    },
    'PUT /api/robot-server/rest/v1/invite/plan': {
      request: async (c) => {
        const p = await freshInvite(c);
        return { url: `${IV}/plan`, body: { ...inviteBody(c, p.shopId, p.mailboxId), id: p.id, version: p.version } };
      },
      expect: WRITE,
    },
    'POST /api/robot-server/rest/v1/invite/plan': {
      request: async (c) => {
        const box = await freshMailbox(c);
        return { url: `${IV}/plan`, body: inviteBody(c, await shopOf(c), box.id) };
      },
      expect: WRITE,
    },
    'PUT /api/robot-server/rest/v1/invite/operate-plan': {
      request: async (c) => ({ url: `${IV}/operate-plan`, body: { id: (await freshInvite(c)).id, enabled: false } }),
      expect: WRITE,
    },
    'POST /api/robot-server/rest/v1/invite/copy-plan': {
      request: async (c) => ({ url: `${IV}/copy-plan`, body: { id: (await freshInvite(c)).id } }),
      expect: WRITE,
    },
    'DELETE /api/robot-server/rest/v1/invite/plan/:id': {
      request: async (c) => ({ url: `${IV}/plan/${(await freshInvite(c)).id}` }),
      expect: WRITE,
    },
    'POST /api/robot-server/rest/v1/invite/plan-skus-pageInfo': {
      request: async (c) => ({ url: `${IV}/plan-skus-pageInfo`, body: { shopId: await shopOf(c) } }),
      expect: READ,
    },
    'GET /api/robot-server/rest/v1/invite/sku/:id': {
      request: async (c) => ({ url: `${IV}/sku/${(await freshInvite(c)).id}` }),
      expect: READ,
    },
    // ---- the customer blacklist (email:blacklist, a staff page the shop accounts do not hold) ----
    'GET /api/email/rest/v1/blacklist': { request: () => ({ url: BL, query: { keyword: 'matrix' } }), expect: READ },
    'POST /api/email/rest/v1/blacklist': {
      request: (c) => ({ url: BL, body: { email: `matrix.${c.n}@buyers.example`, reason: 'matrix' } }),
      expect: WRITE,
    },
    'DELETE /api/email/rest/v1/blacklist/:id': {
      request: async (c) => {
        const row = await one(
          c.pool,
          `INSERT INTO mail_buyer_blocks (account_id, email, reason, source) VALUES (1, $1, 'matrix', 'manual') RETURNING id`,
          [`matrix.del.${c.n}@buyers.example`],
        );
        return { url: `${BL}/${row.id}` };
      },
      expect: WRITE,
    },
  };
}
