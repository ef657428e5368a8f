/**
 * Issue #19 (10): the mail demo. Before, the demo had no mailbox, dialogue, template or tree,
 * so every customer-service screen was empty until someone set up IMAP and SMTP. The test
 * template database is made without the mail demo (the mail tests count their own mail):
 * this file applies it to its own copy.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { testAppPerFile } from '../../../test/harness';
import type { AppContext } from '../../platform/context';
import { fetchMailbox, queueFetches } from './dialogues/fetch.job';
import { applyMailDemoOnce } from './mail.seed';

const t = testAppPerFile();
const one = async (text: string) => Number(Object.values((await t.rows(text))[0] ?? {})[0]);

beforeAll(async () => {
  // It runs on every fresh start; its speed is the benchmark's, the hook's time limit bounds it here.
  const first = await applyMailDemoOnce(t.database.db);
  expect(first).not.toBeNull();
});

describe('the mail demo', () => {
  it('is applied once: a second run adds nothing', async () => {
    const before = await one('SELECT count(*) FROM mail_messages');
    expect(await applyMailDemoOnce(t.database.db)).toBeNull();
    expect(await one('SELECT count(*) FROM mail_messages')).toBe(before);
    expect(await one('SELECT count(*) FROM mail_mailboxes')).toBe(3);
  });

  it('has demo mailboxes that say they are not connected, one of them disabled', async () => {
    const boxes = await t.rows<{ email: string; demo: boolean; enabled: boolean; last_error: string; imap_host: string }>(
      'SELECT email, demo, enabled, last_error, imap_host FROM mail_mailboxes ORDER BY id',
    );
    expect(boxes.every((b) => b.demo && b.imap_host === '' && /not connected/.test(b.last_error))).toBe(true);
    expect(boxes.filter((b) => !b.enabled)).toHaveLength(1);
  });

  it('has 60–150 dialogues in several marketplaces, languages and states, each with its messages', async () => {
    const n = await one('SELECT count(*) FROM mail_dialogues');
    expect(n).toBeGreaterThanOrEqual(60);
    expect(n).toBeLessThanOrEqual(150);
    expect(await one('SELECT count(DISTINCT market_id) FROM mail_dialogues')).toBeGreaterThanOrEqual(5);
    expect(await one('SELECT count(DISTINCT status) FROM mail_dialogues')).toBe(3);
    expect(await one('SELECT count(*) FROM mail_dialogues WHERE archived')).toBeGreaterThan(5);
    expect(await one('SELECT count(DISTINCT dialogue_type) FROM mail_dialogues')).toBeGreaterThanOrEqual(4);
    // German, French and Japanese words in the buyers' mail.
    for (const word of ['Bestellung', 'commande', '注文'])
      expect(await one(`SELECT count(*) FROM mail_messages WHERE text_body LIKE '%${word}%'`)).toBeGreaterThan(0);
    // Every dialogue has its messages, counted right, and the last one's time.
    expect(
      await t.rows(`SELECT d.id FROM mail_dialogues d LEFT JOIN mail_messages m ON m.dialogue_id = d.id
                GROUP BY d.id HAVING count(m.id) = 0 OR count(m.id) <> max(d.message_count)
                    OR max(m.sent_at) <> max(d.last_message_at) OR min(m.sent_at) <> max(d.first_message_at)`),
    ).toEqual([]);
    // Threads: replies are sent outgoing mail; every dialogue starts with the buyer.
    expect(await one(`SELECT count(*) FROM mail_messages WHERE direction = 'out' AND state <> 'sent'`)).toBe(0);
    expect(await one(`SELECT count(*) FROM mail_messages WHERE direction = 'out'`)).toBeGreaterThan(60);
    expect(
      await one(`SELECT count(*) FROM mail_dialogues d WHERE (SELECT direction FROM mail_messages m WHERE m.dialogue_id = d.id
                                                              ORDER BY sent_at, id LIMIT 1) <> 'in'`),
    ).toBe(0);
    // Awaiting a reply: the timer runs, none is in the future, some are past the 24 hours.
    expect(await one('SELECT count(*) FROM mail_dialogues WHERE status = 0 AND (awaiting_since IS NULL OR archived)')).toBe(0);
    expect(await one('SELECT count(*) FROM mail_messages WHERE sent_at > now()')).toBe(0);
    expect(
      await one(`SELECT count(*) FROM mail_dialogues WHERE status = 0 AND awaiting_since < now() - interval '24 hours'`),
    ).toBeGreaterThan(0);
  });

  it('is linked to the demo orders, assigned to the demo agents and classified on the problem tree', async () => {
    expect(
      await one(`SELECT count(*) FROM mail_dialogues d WHERE EXISTS (SELECT 1 FROM orders o WHERE o.shop_id = d.shop_id
                   AND lower(o.buyer_email) = lower(d.buyer_email) AND position(o.order_id IN d.subject || (
                     SELECT string_agg(text_body, ' ') FROM mail_messages m WHERE m.dialogue_id = d.id)) > 0)`),
    ).toBeGreaterThan(40);
    const assignees = await t.rows<{ login: string }>(
      `SELECT DISTINCT lower(u.login_name) AS login FROM mail_dialogues d JOIN users u ON u.id = d.assignee_id ORDER BY 1`,
    );
    expect(assignees.map((a) => a.login)).toEqual(['cs.agent', 'cs.lead']);
    expect(await one('SELECT count(*) FROM mail_dialogues WHERE assignee_id IS NULL')).toBeGreaterThan(0);
    expect(await one('SELECT count(DISTINCT node_id) FROM mail_dialogue_problems')).toBeGreaterThanOrEqual(5);
    expect(await one(`SELECT count(*) FROM cs_tree_nodes WHERE kind = 'problem' AND parent_id IS NOT NULL`)).toBeGreaterThan(8);
    expect(await one(`SELECT count(*) FROM cs_tree_nodes WHERE kind = 'demand'`)).toBeGreaterThan(3);
    expect(await one(`SELECT count(*) FROM mail_mailbox_users`)).toBeGreaterThan(0);
  });

  it('has reply and FAQ templates in several languages, keyword rules, blacklist entries and an auto-reply plan (off)', async () => {
    expect(await one(`SELECT count(DISTINCT language) FROM mail_templates WHERE kind = 'reply'`)).toBeGreaterThanOrEqual(4);
    expect(await one(`SELECT count(DISTINCT language) FROM mail_templates WHERE kind = 'faq'`)).toBeGreaterThanOrEqual(3);
    expect(await one(`SELECT count(*) FROM mail_keyword_rules WHERE kind = 'dialogue'`)).toBeGreaterThan(5);
    // Product keywords route to product lines that exist (the /mail/productKeyWord screen is not empty).
    expect(
      await one(`SELECT count(*) FROM mail_keyword_rules k JOIN product_lines l ON l.id = k.target_id WHERE k.kind = 'product'`),
    ).toBeGreaterThanOrEqual(8);
    expect(await one(`SELECT count(*) FROM mail_buyer_blocks`)).toBe(2);
    expect(await one(`SELECT count(*) FROM mail_auto_reply_plans WHERE state = 2`)).toBe(1);
  });

  it('is never fetched: no job is queued and a fetch touches no network', async () => {
    const ctx = { db: t.database.db, config: t.config, log: t.app.log } as unknown as AppContext;
    expect(await queueFetches(ctx)).toBe(0);
    const [box] = await t.rows<{ id: number }>('SELECT id FROM mail_mailboxes WHERE enabled ORDER BY id LIMIT 1');
    // No host at all: reaching for the network would throw.
    expect(await fetchMailbox(ctx, Number(box?.id))).toEqual({ stored: 0, seen: 0, failed: 0, more: false });
    expect(await one(`SELECT count(*) FROM mail_mailboxes WHERE last_fetch_at IS NOT NULL OR fetch_error IS NOT NULL`)).toBe(0);
  });
});
