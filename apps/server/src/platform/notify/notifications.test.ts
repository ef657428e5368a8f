import type { ApprovalFlowDef } from '@bo/contract/approvals/approval-flow';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { testAppPerFile } from '../../../test/harness';
import { actOnApproval, approvalFor } from '../approvals/approvals';
import { NOTIFY_MAIL_JOB, notify, sendNotificationMail } from './notifications';

const t = testAppPerFile();
let manager: number;
let analyst: number;
let admin: number;
const db = () => t.database.db;
const userId = async (login: string) =>
  Number((await db().execute<{ id: number }>(sql`SELECT id FROM users WHERE login_name = ${login}`)).rows[0]?.id);
const mailState = async (id: number) =>
  (await db().execute<{ s: string }>(sql`SELECT mail_state AS s FROM notifications WHERE id = ${id}`)).rows[0]?.s;

beforeAll(async () => {
  [manager, analyst, admin] = (await Promise.all(['sales.manager', 'sales.analyst', 'admin'].map(userId))) as [
    number,
    number,
    number,
  ];
  await db().execute(sql`UPDATE users SET email = 'manager@example.com', language = 'en-US' WHERE id = ${manager}`);
  await db().execute(sql`UPDATE users SET email = NULL WHERE id = ${analyst}`);
});

const hello = (key: string) =>
  db().transaction((tx) =>
    notify(tx, {
      accountId: 1,
      userIds: [manager, analyst, manager],
      kind: 'test.hello',
      title: { zh: '你好', en: 'Hello' },
      body: { zh: '正文', en: 'Body' },
      link: '/dashboard/index',
      dedupeKey: key,
    }),
  );

describe('notifications', () => {
  it('writes one per user, once per key, and queues a mail only for a user with an address', async () => {
    const ids = await hello('k1');
    expect(ids).toHaveLength(2);
    expect(await hello('k1')).toEqual([]);
    const rows = await db().execute<{ user_id: number; mail_state: string }>(
      sql`SELECT user_id, mail_state FROM notifications WHERE dedupe_key = 'k1' ORDER BY user_id`,
    );
    const byUser = new Map(rows.rows.map((r) => [Number(r.user_id), r.mail_state]));
    expect(byUser.get(manager)).toBe('queued');
    expect(byUser.get(analyst)).toBe('none');
    const jobs = await db().execute<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM jobs WHERE kind = ${NOTIFY_MAIL_JOB} AND payload->>'id' IN (${sql.join(
        ids.map((id) => sql`${String(id)}`),
        sql`, `,
      )})`,
    );
    expect(Number(jobs.rows[0]?.n)).toBe(1);
  });

  it('never tells a user of another account, whatever ids the caller passes', async () => {
    const external = await userId('shop.a');
    const ids = await db().transaction((tx) =>
      notify(tx, { accountId: 1, userIds: [external], kind: 'test.hello', title: { zh: '你好', en: 'Hello' }, dedupeKey: 'x1' }),
    );
    expect(ids).toEqual([]);
  });

  it("reads, counts and marks only the caller's own, in the caller's language", async () => {
    await hello('k2');
    const tm = await t.login('sales.manager');
    const ta = await t.login('sales.analyst');
    const count = async (token: string) =>
      (await t.call('GET', '/api/user/rest/v1/notifications/unread-count', { token })).json().data.unread as number;
    const before = await count(tm);
    expect(before).toBeGreaterThanOrEqual(2);
    const zh = await t.call('GET', '/api/user/rest/v1/notifications', {
      token: tm,
      query: { unread: 'true', pageSize: '1' },
      headers: { 'accept-language': 'zh-CN' },
    });
    const page = zh.json().data;
    expect(page).toMatchObject({ unread: before, total: before, pageSize: 1 });
    expect(page.list[0]).toMatchObject({
      kind: 'test.hello',
      title: '你好',
      body: '正文',
      link: '/dashboard/index',
      readAt: null,
    });
    const mine = page.list[0].id as number;
    // Another user's id is "not found" and stays unread.
    expect((await t.call('POST', `/api/user/rest/v1/notifications/${mine}/read`, { token: ta })).statusCode).toBe(404);
    expect(await count(tm)).toBe(before);
    const read = await t.call('POST', `/api/user/rest/v1/notifications/${mine}/read`, { token: tm });
    expect(read.json().data.unread).toBe(before - 1);
    const all = await t.call('POST', '/api/user/rest/v1/notifications/read-all', { token: tm });
    expect(all.json().data.unread).toBe(0);
    expect(await count(tm)).toBe(0);
    expect(await count(ta)).toBeGreaterThan(0);
  });

  it('mails a notification at most once, in the profile language, and never one a dead process claimed', async () => {
    const [first] = await db().transaction((tx) =>
      notify(tx, { accountId: 1, userIds: [manager], kind: 'test.mail', title: { zh: '标题', en: 'Subject' }, dedupeKey: 'm1' }),
    );
    const id = first as number;
    const sent = t.codes.mails.length;
    expect(await sendNotificationMail(db(), t.codes, id)).toBe('sent');
    expect(t.codes.mails.slice(sent)).toEqual([{ email: 'manager@example.com', subject: 'Subject', text: 'Subject' }]);
    expect(await sendNotificationMail(db(), t.codes, id)).toBe('skipped');
    expect(await mailState(id)).toBe('sent');

    const [second] = await db().transaction((tx) =>
      notify(tx, { accountId: 1, userIds: [manager], kind: 'test.mail', title: { zh: '标题', en: 'Again' }, dedupeKey: 'm2' }),
    );
    // A process claimed it (queued → sending) and died before sending: it is not sent again.
    await db().execute(sql`UPDATE notifications SET mail_state = 'sending' WHERE id = ${second as number}`);
    expect(await sendNotificationMail(db(), t.codes, second as number)).toBe('skipped');
    expect(t.codes.mails.length).toBe(sent + 1);
  });

  it('tells the approvers of each step and the submitter of the decision', async () => {
    const flow: ApprovalFlowDef = {
      key: 'test.notify',
      rejectNeedsRemark: false,
      steps: [{ key: 'lead', label: { zh: '组长', en: 'Lead' }, mode: 'any' }],
    };
    const subject = { title: { zh: '调价申请 7', en: 'Price request 7' }, link: '/priceAdjust?id=7' };
    const kinds = async (user: number) =>
      (
        await db().execute<{ kind: string; title_en: string }>(
          sql`SELECT kind, title_en FROM notifications WHERE user_id = ${user} AND kind LIKE 'approval.%' ORDER BY id`,
        )
      ).rows.map((r) => `${r.kind} ${r.title_en}`);
    await db().transaction(async (tx) => {
      const a = await approvalFor(tx, flow, '7', { accountId: 1, submitterId: analyst });
      await actOnApproval(
        tx,
        flow,
        '7',
        { userId: analyst, lang: 'en-US' },
        { action: 'submit', version: a.version, approvers: [[admin]] },
        subject,
      );
    });
    expect(await kinds(admin)).toEqual(['approval.waiting Waiting for your approval: Price request 7']);
    await db().transaction(async (tx) => {
      const a = await approvalFor(tx, flow, '7', { accountId: 1, submitterId: analyst });
      await actOnApproval(tx, flow, '7', { userId: admin, lang: 'en-US' }, { action: 'approve', version: a.version }, subject);
    });
    expect(await kinds(analyst)).toEqual(['approval.approved Approved: Price request 7']);
    expect(await kinds(admin)).toHaveLength(1);
  });
});
