/**
 * The mail demo (issue #19, item 10): so that every customer-service screen shows its work
 * on a first `npm start`, two demo mailboxes (Lumio NA, Lumio EU) and a disabled one, about
 * a hundred dialogues in the marketplaces' languages on the demo orders (buyer, order
 * number, product), replies as threads, assignments to the demo CS users, related problems
 * on a problem tree, a demand tree, reply and FAQ templates, keyword routing rules (to dialogue
 * types and to product lines), two
 * blacklist entries and an auto-reply plan (off).
 *
 * The mailboxes are `demo`: no server, no passwords; they are never fetched from and a reply
 * written in one is recorded, not sent (decisions.md "Mail demo"). Deterministic (no
 * random), dates relative to now. Applied once (app_meta `seed.mail`), and only on a
 * database without mailboxes: real mail is never mixed with made-up mail.
 */
import { DEMO_MAILBOX_NOTE } from '@bo/contract/mail/mailboxes';
import { sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { snippetOf } from './dialogues/store';
import { normaliseSubject } from './dialogues/threading';
import { FOLLOW_UPS, type Lang, SCENARIOS, type ScenarioKey, SPAM, TEXTS } from './mail.seed-content';

export const MAIL_SEED_KEY = 'seed.mail';

/** Marketplaces (spec §3 ids), their language, how many dialogues, and which demo mailbox serves them. */
const PLAN: { marketId: number; lang: Lang; count: number; box: 'na' | 'eu' }[] = [
  { marketId: 0, lang: 'en', count: 24, box: 'na' },
  { marketId: 1, lang: 'de', count: 18, box: 'eu' },
  { marketId: 2, lang: 'en', count: 12, box: 'eu' },
  { marketId: 5, lang: 'fr', count: 12, box: 'eu' },
  { marketId: 3, lang: 'ja', count: 10, box: 'na' },
  { marketId: 4, lang: 'en', count: 6, box: 'na' },
  { marketId: 6, lang: 'it', count: 6, box: 'eu' },
  { marketId: 7, lang: 'es', count: 6, box: 'eu' },
];

const DOMAIN = 'lumio-demo.example';
const AGENT_NAME: Record<Lang, string> = {
  en: 'Lumio Support',
  de: 'Lumio Kundenservice',
  fr: 'Service client Lumio',
  ja: 'Lumio サポート',
  es: 'Atención al cliente Lumio',
  it: 'Assistenza Lumio',
};

/** Problem tree: [key, 中文, English, parent key]. */
const PROBLEMS: [string, string, string, string | null][] = [
  ['connect', '连接问题', 'Connectivity', null],
  ['pair', '灯泡无法配对', 'Bulb won’t pair', 'connect'],
  ['app', 'App 找不到设备', 'App can’t find device', 'connect'],
  ['wifi', 'Wi-Fi 经常断开', 'Wi-Fi drops', 'connect'],
  ['defect', '产品故障', 'Product defect', null],
  ['flicker', '灯光闪烁', 'Flickering', 'defect'],
  ['doa', '到货即坏', 'Dead on arrival', 'defect'],
  ['colour', '颜色不准', 'Wrong colour', 'defect'],
  ['logistics', '物流问题', 'Delivery', null],
  ['late', '延迟送达', 'Late delivery', 'logistics'],
  ['missing', '少件', 'Missing item', 'logistics'],
  ['returns', '退货退款', 'Returns and refunds', null],
  ['return', '退货申请', 'Return request', 'returns'],
  ['refund', '退款进度', 'Refund status', 'returns'],
  ['usage', '使用咨询', 'Usage questions', null],
  ['compat', '兼容性（Alexa / Google）', 'Compatibility (Alexa / Google)', 'usage'],
  ['schedule', '定时与场景', 'Schedules and scenes', 'usage'],
];
const DEMANDS: [string, string, string, string | null][] = [
  ['product', '产品需求', 'Product wishes', null],
  ['homekit', '支持 Apple HomeKit', 'Apple HomeKit support', 'product'],
  ['brighter', '更高亮度（1600 lm）', 'Brighter bulbs (1600 lm)', 'product'],
  ['cable', '更长的灯带连接线', 'Longer strip connector cable', 'product'],
  ['service', '服务需求', 'Service wishes', null],
  ['manual', '多语言纸质说明书', 'Printed manual in more languages', 'service'],
];

/** Keyword routing to dialogue types (contract DIALOGUE_TYPES): 2 order and delivery, 3 return or refund, 4 repair. */
const KEYWORDS: [string, number, 'contains' | 'word', 'any' | 'subject' | 'body'][] = [
  ['refund', 3, 'word', 'any'],
  ['return', 3, 'word', 'subject'],
  ['Rücksendung', 3, 'contains', 'any'],
  ['remboursement', 3, 'contains', 'any'],
  ['返品', 3, 'contains', 'any'],
  ['where is my order', 2, 'contains', 'any'],
  ['tracking', 2, 'word', 'body'],
  ['wo bleibt', 2, 'contains', 'subject'],
  ['flicker', 4, 'contains', 'any'],
  ['won’t pair', 4, 'contains', 'any'],
];

/** Keyword routing to product lines (by the line's category code, contract CATEGORY_LINES). */
const PRODUCT_KEYWORDS: [string, string, 'contains' | 'word', 'any' | 'subject' | 'body'][] = [
  ['light strip', '6111', 'contains', 'any'],
  ['LED-Streifen', '6111', 'contains', 'any'],
  ['ruban LED', '6111', 'contains', 'any'],
  ['TV backlight', '6112', 'contains', 'any'],
  ['neon', '6113', 'word', 'any'],
  ['string lights', '6014', 'contains', 'any'],
  ['hygrometer', '7011', 'contains', 'any'],
  ['thermometer', '7011', 'contains', 'any'],
  ['温湿度计', '7011', 'contains', 'any'],
  ['motion sensor', '7111', 'contains', 'any'],
];

const p = (text: string) =>
  text
    .split('\n\n')
    .map((para) => `<p>${para.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/\n/g, '<br>')}</p>`)
    .join('');

/** Reply (and FAQ) templates: [kind, name, category, language, subject, body]. */
const TEMPLATES: [string, string, string, Lang, string, string][] = [
  [
    'reply',
    'Pairing reset (EN)',
    'usage',
    'en',
    'Re: pairing your Lumio light',
    p(
      'Hi {{buyerName}},\n\nplease reset the light: switch it off and on five times until it blinks quickly, then add it again in the app with Bluetooth on and the phone on 2.4 GHz Wi-Fi.\n\nBest regards,\n{{agentName}}, {{sellerName}}',
    ),
  ],
  [
    'reply',
    'Kopplung zurücksetzen (DE)',
    'usage',
    'de',
    'Re: Ihre Lumio-Lampe koppeln',
    p(
      'Hallo {{buyerName}},\n\nbitte schalten Sie die Lampe fünfmal aus und ein, bis sie schnell blinkt, und fügen Sie sie dann mit eingeschaltetem Bluetooth erneut hinzu.\n\nViele Grüße\n{{agentName}}, {{sellerName}}',
    ),
  ],
  [
    'reply',
    'Late delivery – replacement offer (EN)',
    'shipping',
    'en',
    'Re: your order {{orderId}}',
    p(
      'Hi {{buyerName}},\n\nyour order {{orderId}} was delayed at the carrier ({{carrier}}, {{trackingNumber}}). If it has not arrived within 2 days we will send a replacement at no cost.\n\nBest,\n{{agentName}}',
    ),
  ],
  [
    'reply',
    'Retard de livraison (FR)',
    'shipping',
    'fr',
    'Re : votre commande {{orderId}}',
    p(
      'Bonjour {{buyerName}},\n\nvotre commande {{orderId}} a été retardée chez le transporteur. Si elle n’est pas arrivée sous 2 jours, nous vous enverrons un remplacement gratuit.\n\nCordialement,\n{{agentName}}',
    ),
  ],
  [
    'reply',
    'How to return (EN)',
    'return',
    'en',
    'Re: returning {{productTitle}}',
    p(
      'Hello {{buyerName}},\n\nyou can start the return of order {{orderId}} in Your Orders → Return or replace items. The refund is issued 2–3 days after the parcel is scanned.\n\nKind regards,\n{{agentName}}',
    ),
  ],
  [
    'reply',
    '返品のご案内 (JA)',
    'return',
    'ja',
    'Re: 返品について',
    p(
      '{{buyerName}} 様\n\n「注文履歴」→「商品の返品」から注文 {{orderId}} の返品手続きができます。集荷後2〜3日で返金されます。\n\n{{agentName}}',
    ),
  ],
  [
    'reply',
    'Garanzia – sostituzione (IT)',
    'warranty',
    'it',
    'Re: il suo ordine {{orderId}}',
    p(
      'Buongiorno {{buyerName}},\n\nsostituiremo il prodotto in garanzia. Ci invii un breve video del problema.\n\nCordiali saluti,\n{{agentName}}',
    ),
  ],
  [
    'faq',
    'Does it need a hub? (EN)',
    'usage',
    'en',
    'Lumio lights and voice assistants',
    p(
      'Lumio lights connect over Wi-Fi (2.4 GHz) and work with Alexa and Google Home without a hub. Apple HomeKit is not supported yet.',
    ),
  ],
  [
    'faq',
    'Braucht man eine Bridge? (DE)',
    'usage',
    'de',
    'Lumio und Sprachassistenten',
    p('Lumio-Lampen verbinden sich per WLAN (2,4 GHz) und funktionieren ohne Bridge mit Alexa und Google Home.'),
  ],
  [
    'faq',
    'Warranty period (EN)',
    'warranty',
    'en',
    'Lumio warranty',
    p('Every Lumio light has a 2-year warranty from the delivery date. Defective units are replaced; no return is needed.'),
  ],
  [
    'faq',
    'ハブは必要ですか (JA)',
    'usage',
    'ja',
    'Lumio と音声アシスタント',
    p('Lumio のライトは Wi-Fi（2.4GHz）で接続し、ハブなしで Alexa と Google Home に対応しています。'),
  ],
  [
    'faq',
    'Garantie (FR)',
    'warranty',
    'fr',
    'Garantie Lumio',
    p('Chaque lampe Lumio est garantie 2 ans à compter de la livraison. Les appareils défectueux sont remplacés.'),
  ],
];

type OrderPick = {
  order_id: string;
  buyer_email: string | null;
  buyer_name: string | null;
  title: string | null;
};

export interface MailDemoResult {
  mailboxes: number;
  dialogues: number;
  messages: number;
}

const HOUR = 3_600_000;

async function one<T>(tx: DbOrTx, q: ReturnType<typeof sql>): Promise<T> {
  return (await tx.execute(q)).rows[0] as T;
}

async function insertTree(tx: DbOrTx, kind: 'problem' | 'demand', nodes: typeof PROBLEMS) {
  const ids = new Map<string, number>();
  let sort = 0;
  for (const [key, zh, en, parent] of nodes) {
    const r = await one<{ id: number }>(
      tx,
      sql`INSERT INTO cs_tree_nodes (account_id, kind, parent_id, name, name_en, sort)
          VALUES (1, ${kind}, ${parent ? (ids.get(parent) ?? null) : null}, ${zh}, ${en}, ${sort++}) RETURNING id`,
    );
    ids.set(key, Number(r.id));
  }
  return ids;
}

export async function applyMailDemoOnce(db: Db): Promise<MailDemoResult | null> {
  const done = await db.execute(sql`SELECT 1 FROM app_meta WHERE key = ${MAIL_SEED_KEY}`);
  if (done.rows.length) return null;
  return db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(727274412)`);
    const s = await one<{ done: boolean; taken: boolean }>(
      tx,
      sql`SELECT EXISTS (SELECT 1 FROM app_meta WHERE key = ${MAIL_SEED_KEY}) AS done,
                 EXISTS (SELECT 1 FROM mail_mailboxes) OR EXISTS (SELECT 1 FROM cs_tree_nodes) AS taken`,
    );
    if (s.done) return null;
    // A database with mailboxes or trees of its own gets no made-up mail; it is recorded as done all the same.
    if (s.taken) {
      await tx.execute(sql`INSERT INTO app_meta (key, value) VALUES (${MAIL_SEED_KEY}, 'skipped') ON CONFLICT (key) DO NOTHING`);
      return null;
    }
    const shops = new Map<number, { id: number; name: string }>();
    for (const r of (
      await tx.execute<{ id: number; market_id: number; name: string }>(
        sql`SELECT DISTINCT ON (market_id) id, market_id, name FROM shops WHERE account_id = 1 ORDER BY market_id, id`,
      )
    ).rows)
      shops.set(Number(r.market_id), { id: Number(r.id), name: r.name });
    // Without the demo shops (another seed failed) the next start tries again.
    if (!shops.has(0) || !shops.has(1)) return null;
    const users = new Map<string, number>();
    for (const r of (
      await tx.execute<{ id: number; login: string }>(
        sql`SELECT id, lower(login_name) AS login FROM users WHERE account_id = 1 AND lower(login_name) IN ('admin', 'cs.agent', 'cs.lead')`,
      )
    ).rows)
      users.set(r.login, Number(r.id));
    const author =
      users.get('cs.lead') ??
      users.get('admin') ??
      Number((await one<{ id: number }>(tx, sql`SELECT min(id) AS id FROM users WHERE account_id = 1`)).id);
    const agents: (number | null)[] = [users.get('cs.agent') ?? null, users.get('cs.lead') ?? null];

    // Mailboxes: no servers, no passwords, and a note that says so.
    const box = async (email: string, name: string, type: number, marketId: number, enabled: boolean) => {
      const shop = shops.get(marketId);
      const r = await one<{ id: number }>(
        tx,
        sql`INSERT INTO mail_mailboxes (account_id, email, name, type, shop_id, market_id, enabled, demo,
              imap_host, imap_port, imap_secure, imap_user, imap_password_enc,
              smtp_host, smtp_port, smtp_secure, smtp_user, smtp_password_enc, auth_state, last_error)
            VALUES (1, ${email}, ${name}, ${type}, ${shop?.id ?? null}, ${marketId}, ${enabled}, true,
              '', 993, true, '', '', '', 465, true, '', '', 0, ${DEMO_MAILBOX_NOTE})
            RETURNING id`,
      );
      return { id: Number(r.id), email, name };
    };
    const boxes = {
      na: await box(`support-na@${DOMAIN}`, 'Lumio Support NA (demo)', 1, 0, true),
      eu: await box(`support-eu@${DOMAIN}`, 'Lumio Support EU (demo)', 1, 1, true),
    };
    await box(`qa-us@${DOMAIN}`, 'Lumio Q&A US (demo, disabled)', 2, 0, false);
    // The agent answers North America; the lead both.
    const link = async (boxId: number, userId: number | null) => {
      if (userId !== null)
        await tx.execute(sql`INSERT INTO mail_mailbox_users (mailbox_id, user_id) VALUES (${boxId}, ${userId})`);
    };
    await link(boxes.na.id, agents[0] ?? null);
    await link(boxes.na.id, agents[1] ?? null);
    await link(boxes.eu.id, agents[1] ?? null);

    const problems = await insertTree(tx, 'problem', PROBLEMS);
    await insertTree(tx, 'demand', DEMANDS);

    let dialogues = 0;
    let messages = 0;
    const now = Date.now();
    let i = 0;
    for (const plan of PLAN) {
      const shop = shops.get(plan.marketId);
      const orders = shop
        ? (
            await tx.execute<OrderPick>(
              sql`SELECT o.order_id, o.buyer_email, o.buyer_name, l.title FROM orders o
                    LEFT JOIN listings l ON l.shop_id = o.shop_id AND l.asin = o.asin
                   WHERE o.shop_id = ${shop.id} ORDER BY o.purchase_date DESC, o.id LIMIT ${plan.count}`,
            )
          ).rows
        : [];
      const keys = Object.keys(TEXTS[plan.lang]) as ScenarioKey[];
      const mb = boxes[plan.box];
      for (let k = 0; k < plan.count; k++, i++) {
        const key = keys[k % keys.length] as ScenarioKey;
        const scenario = SCENARIOS[key];
        const text = TEXTS[plan.lang][key] as NonNullable<(typeof TEXTS)['en'][ScenarioKey]>;
        const follow = FOLLOW_UPS[plan.lang];
        const o = orders[k % Math.max(1, orders.length)];
        // Pre-sale questions come before an order; the rest are about one.
        const orderId = o && key !== 'presale' ? o.order_id : '';
        const buyerEmail =
          key === 'presale' || !o?.buyer_email ? `prospect${plan.marketId}.${k}@marketplace.example` : o.buyer_email;
        const buyerName = key === 'presale' || !o?.buyer_name ? ['Alex Kim', 'Sam Patel', 'Chris Lee'][k % 3] : o.buyer_name;
        const first = (buyerName as string).split(' ')[0] as string;
        const fill = (t: string) =>
          t
            .replaceAll('{name}', first)
            .replaceAll('{order}', orderId || '—')
            .replaceAll('{product}', o?.title || 'Lumio Smart Bulb');
        const subject = fill(text.subject);
        // The thread's shape: 0–2 awaiting a reply, 3, 4, 8, 9 replied, 5–6 closed, 7 no reply needed.
        // A pre-sale question is answered once: no "it still does not work", no "that worked".
        const PRESALE_SHAPE: Record<number, number> = { 1: 3, 4: 3, 5: 6, 7: 8 };
        const shape = key === 'presale' ? (PRESALE_SHAPE[i % 10] ?? i % 10) : i % 10;
        const seq: { dir: 'in' | 'out'; body: string }[] = [{ dir: 'in', body: fill(text.buyer) }];
        if (shape === 1 || shape === 4) seq.push({ dir: 'out', body: fill(text.reply) }, { dir: 'in', body: fill(follow.no) });
        else if (shape !== 0 && shape !== 2) seq.push({ dir: 'out', body: fill(text.reply) });
        if (shape === 4) seq.push({ dir: 'out', body: fill(follow.reply2) });
        if (shape === 5 || shape === 7) seq.push({ dir: 'in', body: fill(follow.ok) });
        if (shape === 5) seq.push({ dir: 'out', body: fill(follow.thanks) });
        const awaiting = shape <= 2;
        // Open mail is recent (some past the 24-hour reply timer), the rest spread over four weeks.
        const lastAt = awaiting ? now - (1 + ((i * 7) % 40)) * HOUR : now - (2 + ((i * 3) % 26)) * 24 * HOUR;
        // A reply 5 hours after the buyer's mail, the buyer's next mail a day after that.
        const times: number[] = new Array(seq.length);
        times[seq.length - 1] = lastAt;
        for (let n = seq.length - 2; n >= 0; n--) times[n] = (times[n + 1] as number) - (n % 2 === 0 ? 5 : 26) * HOUR;
        const at = (n: number) => new Date(times[n] as number);
        const archived = shape === 5 || shape === 6;
        const status = awaiting ? 0 : shape === 7 ? 2 : 1;
        const assignee = i % 3 === 2 ? null : (agents[i % 3] ?? null);
        const repair = scenario.repair ? (awaiting ? 1 : archived ? 4 : 2) : 0;
        // The buyer's first mail after the last reply starts the reply timer.
        const lastOut = seq.map((m) => m.dir).lastIndexOf('out');
        const awaitingSince = awaiting ? at(lastOut + 1) : null;
        const d = await one<{ id: number }>(
          tx,
          sql`INSERT INTO mail_dialogues (mailbox_id, shop_id, market_id, buyer_email, buyer_name, subject, subject_key, snippet,
                status, dialogue_type, archived, unread, repair_order_status, message_count, first_message_at, last_message_at,
                awaiting_since, assignee_id, assigned_at, archived_at, created_at)
              VALUES (${mb.id}, ${shop?.id ?? null}, ${plan.marketId}, ${buyerEmail}, ${buyerName}, ${subject},
                ${normaliseSubject(subject)}, ${snippetOf((seq.at(-1) as { body: string }).body)}, ${status}, ${scenario.type},
                ${archived}, ${shape === 0 || shape === 2}, ${repair}, ${seq.length}, ${at(0)}, ${at(seq.length - 1)},
                ${awaitingSince}, ${assignee}, ${assignee === null ? null : new Date((times[0] as number) + HOUR)},
                ${archived ? new Date(now - 24 * HOUR * ((i % 5) + 1) + HOUR) : null}, ${at(0)})
              RETURNING id`,
        );
        const dialogueId = Number(d.id);
        dialogues++;
        const ids: string[] = [];
        for (const [n, m] of seq.entries()) {
          const messageId = `<demo.${dialogueId}.${n}@${DOMAIN}>`;
          const out = m.dir === 'out';
          await tx.execute(sql`
            INSERT INTO mail_messages (dialogue_id, mailbox_id, direction, message_id, in_reply_to, "references", from_email, from_name,
                                       to_emails, subject, text_body, html_body, sent_at, state, user_id, created_at)
            VALUES (${dialogueId}, ${mb.id}, ${m.dir}, ${messageId}, ${ids.at(-1) ?? null}, ${JSON.stringify(ids)}::jsonb,
                    ${out ? mb.email : buyerEmail}, ${out ? AGENT_NAME[plan.lang] : buyerName},
                    ${JSON.stringify([out ? buyerEmail : mb.email])}::jsonb, ${n === 0 ? subject : `Re: ${subject}`},
                    ${m.body}, ${out ? p(m.body) : null}, ${at(n)}, ${out ? 'sent' : null},
                    ${out ? (assignee ?? agents[0] ?? null) : null}, ${at(n)})`);
          ids.push(messageId);
          messages++;
        }
        const node = problems.get(scenario.problem);
        if (node && key !== 'presale' && shape !== 0)
          await tx.execute(
            sql`INSERT INTO mail_dialogue_problems (dialogue_id, node_id, user_id) VALUES (${dialogueId}, ${node}, ${assignee})`,
          );
      }
    }
    // Spam in each mailbox: no reply needed, archived, its sender on the blacklist.
    for (const [n, mb] of [boxes.na, boxes.eu].entries()) {
      const at = new Date(now - (3 + n * 4) * 24 * HOUR);
      const d = await one<{ id: number }>(
        tx,
        sql`INSERT INTO mail_dialogues (mailbox_id, market_id, buyer_email, buyer_name, subject, subject_key, snippet, status,
              dialogue_type, archived, unread, message_count, first_message_at, last_message_at, archived_at, created_at)
            VALUES (${mb.id}, ${n === 0 ? 0 : 1}, ${SPAM.email}, ${SPAM.name}, ${SPAM.subject}, ${normaliseSubject(SPAM.subject)},
              ${snippetOf(SPAM.text)}, 2, 5, true, false, 1, ${at}, ${at}, ${at}, ${at}) RETURNING id`,
      );
      await tx.execute(sql`
        INSERT INTO mail_messages (dialogue_id, mailbox_id, direction, message_id, from_email, from_name, to_emails, subject, text_body, sent_at)
        VALUES (${Number(d.id)}, ${mb.id}, 'in', ${`<spam.${n}@cheap-reviews.example>`}, ${SPAM.email}, ${SPAM.name},
                ${JSON.stringify([mb.email])}::jsonb, ${SPAM.subject}, ${SPAM.text}, ${at})`);
      dialogues++;
      messages++;
    }

    for (const [kind, name, category, language, subject, body] of TEMPLATES)
      await tx.execute(sql`
        INSERT INTO mail_templates (account_id, kind, name, category, language, subject, body, created_by, updated_by)
        VALUES (1, ${kind}, ${name}, ${category}, ${language}, ${subject}, ${body}, ${author}, ${author})`);
    for (const [n, [keyword, target, matchType, field]] of KEYWORDS.entries())
      await tx.execute(sql`
        INSERT INTO mail_keyword_rules (account_id, kind, keyword, match_type, field, priority, target_id)
        VALUES (1, 'dialogue', ${keyword}, ${matchType}, ${field}, ${KEYWORDS.length - n}, ${target})`);
    for (const [n, [keyword, code, matchType, field]] of PRODUCT_KEYWORDS.entries())
      await tx.execute(sql`
        INSERT INTO mail_keyword_rules (account_id, kind, keyword, match_type, field, priority, target_id)
        SELECT 1, 'product', ${keyword}, ${matchType}, ${field}, ${PRODUCT_KEYWORDS.length - n}, id
        FROM product_lines WHERE code = ${code} ORDER BY id LIMIT 1`);
    await tx.execute(sql`
      INSERT INTO mail_buyer_blocks (account_id, email, reason, source, created_by, created_at) VALUES
        (1, ${SPAM.email}, 'Spam: sells fake reviews', 'manual', ${author}, now() - interval '3 days'),
        (1, 'stop.mailing.me@marketplace.example', 'unsubscribed', 'unsubscribe', NULL, now() - interval '9 days')`);
    await tx.execute(sql`
      INSERT INTO mail_auto_reply_plans (account_id, name, mailbox_ids, keywords, subject, body, state, created_by, updated_by)
      VALUES (1, 'Out of hours (EN)', ${`{${boxes.na.id},${boxes.eu.id}}`}::int[], '{}'::text[],
              'We received your message', ${p('Hi {{buyerName}},\n\nthank you for your message. Our team answers within 24 hours, Monday to Saturday.\n\n{{sellerName}}')},
              2, ${author}, ${author})`);
    await tx.execute(sql`INSERT INTO app_meta (key, value) VALUES (${MAIL_SEED_KEY}, 'small') ON CONFLICT (key) DO NOTHING`);
    return { mailboxes: 3, dialogues, messages };
  });
}
