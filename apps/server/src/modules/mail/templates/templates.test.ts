/**
 * Reply and FAQ templates through the API: linter and merge tags on save, personal vs
 * shared visibility, optimistic versions, audit rows, preview with sample values.
 */
import { describe, expect, it } from 'vitest';
import { testAppPerFile } from '../../../../test/harness';

const API = '/api/email/rest/v1/reply/templates';
const t = testAppPerFile({ admin: true, signIn: { lead: 'cs.lead', agent: 'cs.agent' } });

const valid = {
  kind: 'reply',
  scope: 'shared',
  name: 'Shipping delay',
  category: 'shipping',
  language: 'en',
  marketId: 0,
  subject: 'About your order {{orderId}}',
  body: '<p>Hi {{buyerName}},</p><p>your <b>{{productTitle}}</b> is on its way with {{carrier}}.</p>',
};

describe('reply templates', () => {
  let id: number;

  it('creates a shared template with an audit row and lists it for every agent', async () => {
    const res = await t.call('POST', API, { token: t.as.lead, body: valid });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ version: 1, issues: [] });
    id = res.json().data.templateId;
    const [a] = await t.rows<{ action: string; after: Record<string, unknown> }>(
      `SELECT action, after FROM audit_log WHERE entity = 'mail_template' AND entity_id = $1`,
      [String(id)],
    );
    expect(a).toMatchObject({ action: 'mailTemplate.create', after: { name: 'Shipping delay', scope: 'shared' } });
    const list = await t.call('GET', API, { token: t.as.agent, query: { keyword: 'delay' } });
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().data).toMatchObject({
      total: 1,
      list: [{ templateId: id, scope: 'shared', mine: false, ownerName: null }],
    });
  });

  it('answers the content with a preview on sample values and no issue', async () => {
    const res = await t.call('GET', `${API}/${id}/content`, { token: t.as.agent });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      body: valid.body,
      issues: [],
      preview: {
        subject: 'About your order 112-4827361-5523419',
        body: '<p>Hi Emily Carter,</p><p>your <b>Lumio LED Strip Lights 32.8ft, RGB, App Control</b> is on its way with UPS.</p>',
      },
    });
  });

  it('refuses a link with the rule, the excerpt and nothing written', async () => {
    const body = { ...valid, name: 'With link', body: '<p>Track it at https://track.example.com/x today</p>' };
    const res = await t.call('POST', API, { token: t.as.lead, body });
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toContain('Links ("https://track.example.com/x")');
    expect(res.json().data.lint).toEqual([expect.objectContaining({ rule: 'link', level: 'error', field: 'body' })]);
    expect(res.json().data.fields[0]).toMatchObject({ path: 'body' });
    expect(await t.rows(`SELECT 1 FROM mail_templates WHERE name = 'With link'`)).toEqual([]);
  });

  it.each([
    ['a review incentive', 'We send a free gift for your 5-star review', ['positiveReview', 'reviewIncentive']],
    ['an e-mail address', 'Write to help@lumio.example', ['email']],
    ['a request to remove a review', 'Please remove your negative review', ['removeReview']],
  ])('refuses %s', async (_what, text, rules) => {
    const res = await t.call('POST', API, { token: t.as.lead, body: { ...valid, name: `bad ${text}`, body: text } });
    expect(res.statusCode).toBe(400);
    expect(
      res
        .json()
        .data.lint.map((i: { rule: string }) => i.rule)
        .sort(),
    ).toEqual(rules);
  });

  it('refuses unknown merge tags with a suggestion', async () => {
    const res = await t.call('POST', API, { token: t.as.lead, body: { ...valid, name: 'typo', subject: 'Order {{orderid}}' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().data.fields).toEqual([
      {
        path: 'subject',
        code: 'mail.unknownTagSuggest',
        params: { excerpt: '{{orderid}}', suggestion: 'orderId' },
        message: 'Unknown merge tag {{orderid}} (did you mean {{orderId}}?)',
      },
    ]);
  });

  it('saves a template with a warning and returns the warning; strips scripts and attributes', async () => {
    const res = await t.call('POST', API, {
      token: t.as.lead,
      body: { ...valid, name: 'Coupon', body: '<p onclick="x()">Use coupon code LUMIO10 next time<script>alert(1)</script></p>' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.issues).toEqual([expect.objectContaining({ rule: 'promotion', level: 'warning' })]);
    const [row] = await t.rows<{ body: string }>(`SELECT body FROM mail_templates WHERE id = $1`, [res.json().data.templateId]);
    expect(row?.body).toBe('<p>Use coupon code LUMIO10 next time</p>');
  });

  it('updates with the version, refuses a stale one with 409 and audits before/after', async () => {
    const ok = await t.call('PUT', API, {
      token: t.as.lead,
      body: { ...valid, templateId: id, version: 1, name: 'Shipping delay v2' },
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data.version).toBe(2);
    const stale = await t.call('PUT', API, {
      token: t.admin,
      body: { ...valid, templateId: id, version: 1, name: 'lost update' },
    });
    expect(stale.statusCode).toBe(409);
    const [a] = await t.rows<{ before: { name: string }; after: { name: string } }>(
      `SELECT before, after FROM audit_log WHERE entity = 'mail_template' AND action = 'mailTemplate.update' AND entity_id = $1`,
      [String(id)],
    );
    expect(a).toMatchObject({ before: { name: 'Shipping delay' }, after: { name: 'Shipping delay v2' } });
  });

  it('lets only the author make a shared template personal', async () => {
    const res = await t.call('PUT', API, {
      token: t.admin,
      body: { ...valid, templateId: id, version: 2, name: 'Shipping delay v2', scope: 'personal' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().data.fields).toEqual([
      {
        path: 'scope',
        code: 'mail.personalOnlyAuthor',
        params: {},
        message: 'Only the author of a shared template can make it personal',
      },
    ]);
  });

  it('refuses a second shared template of the same name (409 on the name)', async () => {
    const res = await t.call('POST', API, { token: t.admin, body: { ...valid, name: 'shipping DELAY v2' } });
    expect(res.statusCode).toBe(409);
    expect(res.json().data.fields).toEqual([{ path: 'name', code: 'nameTaken', params: {}, message: 'This name is taken' }]);
  });

  it('keeps personal templates to their owner', async () => {
    const mine = await t.call('POST', API, { token: t.as.lead, body: { ...valid, scope: 'personal', name: 'My greeting' } });
    expect(mine.statusCode, mine.body).toBe(200);
    const pid = mine.json().data.templateId;
    const own = await t.call('GET', API, { token: t.as.lead, query: { scope: 'personal' } });
    expect(own.json().data.list).toEqual([
      expect.objectContaining({ templateId: pid, mine: true, ownerName: 'CS Lead 客服主管' }),
    ]);
    const other = await t.call('GET', API, { token: t.admin, query: { scope: 'personal' } });
    expect(other.json().data.total).toBe(0);
    expect((await t.call('GET', `${API}/${pid}/content`, { token: t.admin })).statusCode).toBe(404);
    expect((await t.call('DELETE', `${API}/${pid}`, { token: t.admin })).statusCode).toBe(404);
  });

  it('needs the button permissions to write, the page to read', async () => {
    expect((await t.call('POST', API, { token: t.as.agent, body: { ...valid, name: 'agent' } })).statusCode).toBe(403);
    expect((await t.call('GET', API)).statusCode).toBe(401);
    const shop = await t.login('shop.a');
    expect((await t.call('GET', API, { token: shop })).statusCode).toBe(403);
  });

  it('answers 400 on a bad body or query', async () => {
    const bad = await t.call('POST', API, { token: t.as.lead, body: { ...valid, language: 'xx', body: '<p> </p>' } });
    expect(bad.statusCode).toBe(400);
    const paths = bad.json().data.fields.map((f: { path: string }) => f.path);
    expect(paths).toEqual(expect.arrayContaining(['language', 'body']));
    const faq = await t.call('POST', API, { token: t.as.lead, body: { ...valid, kind: 'faq', marketId: null } });
    expect(faq.statusCode).toBe(400);
    expect((await t.call('GET', API, { token: t.as.lead, query: { sortField: 'nope' } })).statusCode).toBe(400);
  });

  it('keeps FAQ templates apart, scoped to a market and an ASIN', async () => {
    const res = await t.call('POST', API, {
      token: t.as.lead,
      body: { ...valid, kind: 'faq', name: 'Waterproof?', marketId: 1, asin: 'B08K3PQ7ZL', subject: '', body: 'Yes, IP65.' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const faqs = await t.call('GET', API, { token: t.as.agent, query: { kind: 'faq', marketId: '1', asin: 'B08K3PQ7ZL' } });
    expect(faqs.json().data.list.map((r: { name: string }) => r.name)).toEqual(['Waterproof?']);
    const replies = await t.call('GET', API, { token: t.as.agent, query: { keyword: 'IP65' } });
    expect(replies.json().data.total).toBe(0);
    const otherMarket = await t.call('GET', API, { token: t.as.agent, query: { kind: 'faq', marketId: '2' } });
    expect(otherMarket.json().data.total).toBe(0);
  });

  it('deletes with an audit row', async () => {
    const res = await t.call('DELETE', `${API}/${id}`, { token: t.as.lead });
    expect(res.statusCode, res.body).toBe(200);
    expect(await t.rows(`SELECT 1 FROM mail_templates WHERE id = $1`, [id])).toEqual([]);
    expect(
      await t.rows(`SELECT 1 FROM audit_log WHERE action = 'mailTemplate.delete' AND entity_id = $1`, [String(id)]),
    ).toHaveLength(1);
    expect((await t.call('DELETE', `${API}/${id}`, { token: t.as.lead })).statusCode).toBe(404);
  });
});
