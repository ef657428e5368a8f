/**
 * Related problems, assignment and the CS board through the API, over dialogues and mail
 * written straight into the database (receiving and sending have their own tests).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { TEST_MAIL_SECRET_KEY, testAppPerFile } from '../../../../test/harness';
import { parseKey, seal } from '../shared/secret-box';

const V1 = '/api/email/rest/v1';
const RP = `${V1}/mail-trees/related-problems`;
const t = testAppPerFile({ signIn: { lead: 'cs.lead', agent: 'cs.agent' } });
let mailboxId = 0;
let marketId = 0;
let n = 0;

const q1 = async <T = Record<string, unknown>>(text: string, params: unknown[] = []) =>
  (await t.database.pool.query(text, params)).rows[0] as T;

/** A dialogue with one incoming mail `ageHours` ago, awaiting a reply. */
async function dialogue(ageHours: number, o: { market?: number | null; subject?: string } = {}) {
  n += 1;
  const at = new Date(Date.now() - ageHours * 3_600_000).toISOString();
  const d = await q1<{ id: number; version: number }>(
    `INSERT INTO mail_dialogues (mailbox_id, shop_id, market_id, buyer_email, subject, subject_key, first_message_at,
                                 last_message_at, awaiting_since, message_count)
     SELECT id, shop_id, $2, $3, $4, lower($4), $5, $5, $5, 1 FROM mail_mailboxes WHERE id = $1 RETURNING id, version`,
    [mailboxId, o.market === undefined ? marketId : o.market, `buyer${n}@example.com`, o.subject ?? `Ops ${n}`, at],
  );
  await q1(
    `INSERT INTO mail_messages (dialogue_id, mailbox_id, direction, message_id, from_email, subject, text_body, sent_at)
     VALUES ($1, $2, 'in', $3, 'b@example.com', 's', 'hello', $4)`,
    [d.id, mailboxId, `<ops.${n}@example.com>`, at],
  );
  return d;
}

/** A reply sent `afterHours` after the dialogue's first mail, by `userId`: the dialogue is answered. */
async function replied(id: number, afterHours: number, userId: number) {
  n += 1;
  await q1(
    `INSERT INTO mail_messages (dialogue_id, mailbox_id, direction, message_id, from_email, subject, text_body, sent_at, state, user_id)
     SELECT id, mailbox_id, 'out', $2, 'care@lumio.test', 're', 'answer', first_message_at + make_interval(hours => $3), 'sent', $4
       FROM mail_dialogues WHERE id = $1`,
    [id, `<ops.out.${n}@lumio.test>`, afterHours, userId],
  );
  await q1(`UPDATE mail_dialogues SET status = 1, awaiting_since = NULL, version = version + 1 WHERE id = $1`, [id]);
}

const userId = async (login: string) => (await q1<{ id: number }>(`SELECT id FROM users WHERE login_name = $1`, [login])).id;

beforeAll(async () => {
  const key = parseKey(TEST_MAIL_SECRET_KEY);
  const box = await q1<{ id: number; market_id: number }>(
    `INSERT INTO mail_mailboxes (email, name, type, shop_id, market_id, imap_host, imap_port, imap_secure, imap_user, imap_password_enc,
                                 smtp_host, smtp_port, smtp_secure, smtp_user, smtp_password_enc)
     SELECT 'ops.box@lumio.test', 'Ops', 1, id, market_id, '127.0.0.1', 1, false, 'ops', $1, '127.0.0.1', 1, false, 'ops', $2
       FROM shops WHERE name = 'Lumio US' RETURNING id, market_id`,
    [seal(key, 'pw'), seal(key, 'pw')],
  );
  mailboxId = box.id;
  marketId = box.market_id;
});

describe('related problems', () => {
  const node = async (name: string, parentId: number | null = null) => {
    const res = await t.call('POST', `${V1}/cs-trees/problem`, { token: t.as.lead, body: { parentId, name } });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as { id: number; version: number };
  };

  it('links nodes with their path, links twice once, refuses disabled and unknown nodes, unlinks; a linked node is not deleted', async () => {
    const d = await dialogue(1);
    const root = await node('Hardware');
    const leaf = await node('Does not turn on', root.id);
    const off = await node('Old model');
    const dis = await t.call('PUT', `${V1}/cs-trees/problem`, {
      token: t.as.lead,
      body: { id: off.id, version: off.version, name: 'Old model', nameEn: '', enabled: false },
    });
    expect(dis.statusCode, dis.body).toBe(200);

    const empty = await t.call('GET', RP, { token: t.as.agent, query: { dialogueId: String(d.id) } });
    expect(empty.statusCode, empty.body).toBe(200);
    expect(empty.json().data.problems).toEqual([]);
    const offered = empty.json().data.options.map((o: { id: number }) => o.id);
    expect(offered).toEqual(expect.arrayContaining([root.id, leaf.id]));
    expect(offered).not.toContain(off.id);

    const add = await t.call('POST', RP, { token: t.as.agent, body: { dialogueId: d.id, nodeIds: [leaf.id, leaf.id] } });
    expect(add.statusCode, add.body).toBe(200);
    expect(add.json().data.problems).toEqual([
      expect.objectContaining({
        nodeId: leaf.id,
        name: 'Does not turn on',
        path: ['Hardware', 'Does not turn on'],
        enabled: true,
      }),
    ]);
    const again = await t.call('POST', RP, { token: t.as.agent, body: { dialogueId: d.id, nodeIds: [leaf.id] } });
    expect(again.json().data.problems).toHaveLength(1);

    const disabled = await t.call('POST', RP, { token: t.as.agent, body: { dialogueId: d.id, nodeIds: [off.id] } });
    expect(disabled.statusCode).toBe(400);
    expect(disabled.json().data.fields[0].path).toBe('nodeIds');
    const unknown = await t.call('POST', RP, { token: t.as.agent, body: { dialogueId: d.id, nodeIds: [2_000_000_000] } });
    expect(unknown.statusCode).toBe(404);
    const noDialogue = await t.call('GET', RP, { token: t.as.agent, query: { dialogueId: '2000000000' } });
    expect(noDialogue.statusCode).toBe(404);

    const del = await t.call('DELETE', `${V1}/cs-trees/problem/${leaf.id}`, { token: t.as.lead });
    expect(del.statusCode).toBe(409);
    expect(del.json().msg).toMatch(/related problem/);

    const rm = await t.call('DELETE', RP, { token: t.as.agent, query: { dialogueId: String(d.id), nodeId: String(leaf.id) } });
    expect(rm.statusCode, rm.body).toBe(200);
    expect(rm.json().data.problems).toEqual([]);
    const rm2 = await t.call('DELETE', RP, { token: t.as.agent, query: { dialogueId: String(d.id), nodeId: String(leaf.id) } });
    expect(rm2.statusCode).toBe(404);
    const audits = await q1<{ n: number }>(
      `SELECT count(*)::int AS n FROM audit_log WHERE entity = 'mail_dialogue' AND entity_id = $1 AND action LIKE 'relatedProblem.%'`,
      [String(d.id)],
    );
    expect(audits.n).toBe(2);
  });
});

describe('assignment', () => {
  it('lists the agents who may reply, assigns one and many with versions (409 stale, nothing changed), filters 1/0 and mine', async () => {
    const agents = await t.call('GET', `${V1}/mail-trees/assignment/agents`, { token: t.as.lead });
    expect(agents.statusCode, agents.body).toBe(200);
    const logins = agents.json().data.agents.map((a: { loginName: string }) => a.loginName);
    expect(logins).toEqual(expect.arrayContaining(['cs.agent', 'cs.lead']));
    expect(logins).not.toContain('planner');
    const agentId = await userId('cs.agent');
    const plannerId = await userId('planner');

    const a = await dialogue(2);
    const b = await dialogue(30);
    const c = await dialogue(3);
    const one = await t.call('PUT', `${V1}/mail-trees/assignment`, {
      token: t.as.lead,
      body: { items: [{ dialogueId: a.id, version: a.version }], assigneeId: agentId },
    });
    expect(one.statusCode, one.body).toBe(200);
    expect(one.json().data).toEqual({ updated: 1, items: [{ dialogueId: a.id, version: a.version + 1 }] });

    // a's version is stale now: the whole batch is refused.
    const stale = await t.call('PUT', `${V1}/mail-trees/assignment`, {
      token: t.as.lead,
      body: {
        items: [
          { dialogueId: a.id, version: a.version },
          { dialogueId: b.id, version: b.version },
        ],
        assigneeId: agentId,
      },
    });
    expect(stale.statusCode).toBe(409);
    expect(
      (await q1<{ assignee_id: number | null }>(`SELECT assignee_id FROM mail_dialogues WHERE id = $1`, [b.id])).assignee_id,
    ).toBe(null);

    const bulk = await t.call('PUT', `${V1}/mail-trees/assignment`, {
      token: t.as.lead,
      body: {
        items: [
          { dialogueId: a.id, version: a.version + 1 },
          { dialogueId: b.id, version: b.version },
        ],
        assigneeId: agentId,
      },
    });
    expect(bulk.statusCode, bulk.body).toBe(200);
    expect(bulk.json().data.updated).toBe(1);

    const notAgent = await t.call('PUT', `${V1}/mail-trees/assignment`, {
      token: t.as.lead,
      body: { items: [{ dialogueId: c.id, version: c.version }], assigneeId: plannerId },
    });
    expect(notAgent.statusCode).toBe(400);
    const noEdit = await t.call('PUT', `${V1}/mail-trees/assignment`, {
      token: t.as.agent,
      body: { items: [{ dialogueId: c.id, version: c.version }], assigneeId: agentId },
    });
    expect(noEdit.statusCode).toBe(403);

    const list = async (token: string, body: Record<string, unknown>) => {
      const res = await t.call('POST', `${V1}/mailTrees/mailList`, {
        token,
        body: { mailBoxId: mailboxId, pageSize: 200, ...body },
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data.list as { dialogueId: number; assigneeId: number | null; assigneeName: string | null }[];
    };
    const assigned = await list(t.as.lead, { assigned: 1 });
    expect(assigned.map((x) => x.dialogueId).sort()).toEqual([a.id, b.id].sort());
    expect(assigned[0]?.assigneeName).toMatch(/CS Agent/);
    expect((await list(t.as.lead, { assigned: 0 })).map((x) => x.dialogueId)).toContain(c.id);
    expect((await list(t.as.lead, { assigned: 0 })).map((x) => x.dialogueId)).not.toContain(a.id);
    expect((await list(t.as.agent, { mine: true })).map((x) => x.dialogueId).sort()).toEqual([a.id, b.id].sort());
    expect(await list(t.as.lead, { mine: true })).toEqual([]);

    const counts = await t.call('GET', `${V1}/mail-trees/assignment/agents`, { token: t.as.lead });
    const mine = counts.json().data.agents.find((x: { userId: number }) => x.userId === agentId);
    expect(mine).toMatchObject({ open: 2, awaiting: 2, breached: 1 });

    const un = await t.call('PUT', `${V1}/mail-trees/assignment`, {
      token: t.as.lead,
      body: { items: [{ dialogueId: b.id, version: b.version + 1 }], assigneeId: null },
    });
    expect(un.statusCode, un.body).toBe(200);
    expect((await list(t.as.agent, { mine: true })).map((x) => x.dialogueId)).toEqual([a.id]);
    const dup = await t.call('PUT', `${V1}/mail-trees/assignment`, {
      token: t.as.lead,
      body: {
        items: [
          { dialogueId: a.id, version: 1 },
          { dialogueId: a.id, version: 1 },
        ],
        assigneeId: null,
      },
    });
    expect(dup.statusCode).toBe(400);
  });
});

describe('view filters', () => {
  it('mailList and the status counts take the dialogue types of a view; type 0 is every mailbox type', async () => {
    const order = await dialogue(1, { subject: 'Order view' });
    await q1(`UPDATE mail_dialogues SET dialogue_type = 2 WHERE id = $1`, [order.id]);
    const list = await t.call('POST', `${V1}/mailTrees/mailList`, {
      token: t.as.agent,
      body: { mailBoxId: mailboxId, type: 0, dialogueTypes: [2, 3], pageSize: 200 },
    });
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().data.list.map((d: { dialogueId: number }) => d.dialogueId)).toEqual([order.id]);
    const counts = await t.call('GET', '/api/email/rest/v2/mailTrees/mail/status', {
      token: t.as.agent,
      query: { type: '1', mailBoxId: String(mailboxId), dialogueTypes: ['2', '3'] },
    });
    expect(counts.statusCode, counts.body).toBe(200);
    expect(counts.json().data.find((s: { id: number }) => s.id === -1).count).toBe(1);
  });
});

describe('CS board', () => {
  it('counts mail per day, response and resolution times, backlog per agent and market, and the 24-hour timer', async () => {
    // A fresh mailbox so the figures are exactly this test's.
    const key = parseKey(TEST_MAIL_SECRET_KEY);
    const box = await q1<{ id: number }>(
      `INSERT INTO mail_mailboxes (email, name, type, shop_id, market_id, imap_host, imap_port, imap_secure, imap_user, imap_password_enc,
                                   smtp_host, smtp_port, smtp_secure, smtp_user, smtp_password_enc)
       SELECT 'board.box@lumio.test', 'Board', 1, id, market_id, '127.0.0.1', 1, false, 'b', $1, '127.0.0.1', 1, false, 'b', $2
         FROM shops WHERE name = 'Lumio US' RETURNING id`,
      [seal(key, 'pw'), seal(key, 'pw')],
    );
    const keep = mailboxId;
    mailboxId = box.id;
    const agentId = await userId('cs.agent');
    const leadId = await userId('cs.lead');
    const breached = await dialogue(26); // due 2 h ago
    const soon = await dialogue(21); // due in 3 h
    await dialogue(2); // due in 22 h
    const other = await dialogue(5, { market: null });
    await q1(`UPDATE mail_dialogues SET assignee_id = $2 WHERE id = $1`, [breached.id, agentId]);
    const r1 = await dialogue(10);
    await replied(r1.id, 2, agentId);
    const r2 = await dialogue(9);
    await replied(r2.id, 4, leadId);
    await q1(`UPDATE mail_dialogues SET archived = true, archived_at = first_message_at + interval '6 hours' WHERE id = $1`, [
      r2.id,
    ]);
    mailboxId = keep;

    const today = new Date().toISOString().slice(0, 10);
    const from = new Date(Date.now() - 3 * 86_400_000).toISOString().slice(0, 10);
    const res = await t.call('GET', `${V1}/mail-trees/cs-board`, {
      token: t.as.lead,
      query: { from, to: today, mailBoxId: String(box.id) },
    });
    expect(res.statusCode, res.body).toBe(200);
    const b = res.json().data;
    expect(b.days).toHaveLength(4);
    expect(b.totals).toEqual({ received: 6, sent: 2, newDialogues: 6 });
    expect(b.firstResponse).toEqual({ count: 2, avgHours: 3, medianHours: 3, withinDue: 1 });
    expect(b.resolution).toMatchObject({ count: 1, avgHours: 6, medianHours: 6 });
    expect(b.backlog).toEqual({ open: 5, awaiting: 4, dueSoon: 1, breached: 1 });
    expect(b.breached.map((d: { dialogueId: number }) => d.dialogueId)).toEqual([breached.id]);
    expect(b.dueSoon.map((d: { dialogueId: number }) => d.dialogueId)).toEqual([soon.id]);
    const due = new Date(b.breached[0].dueAt).getTime() - new Date(b.breached[0].awaitingSince).getTime();
    expect(due).toBe(24 * 3_600_000);
    expect(b.perAgent).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ userId: agentId, awaiting: 1, breached: 1, sent: 1 }),
        expect.objectContaining({ userId: leadId, awaiting: 0, sent: 1 }),
        expect.objectContaining({ userId: null, awaiting: 3, dueSoon: 1 }),
      ]),
    );
    expect(b.perMarket).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ marketId: null, awaiting: 1, received: 1 }),
        expect.objectContaining({ awaiting: 3, breached: 1, received: 5 }),
      ]),
    );
    expect(other.id).toBeGreaterThan(0);

    const bad = await t.call('GET', `${V1}/mail-trees/cs-board`, { token: t.as.lead, query: { from: today, to: from } });
    expect(bad.statusCode).toBe(400);
    // The board is the lead's: the agent role does not hold email:csBoard.
    const denied = await t.call('GET', `${V1}/mail-trees/cs-board`, { token: t.as.agent, query: { from, to: today } });
    expect(denied.statusCode).toBe(403);
  });
});
