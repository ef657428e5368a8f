/**
 * Demo documents of the back office: four realistic ones (a shipping procedure with two
 * versions, returns, an ad-budget policy still in draft, a guide for new staff), written by the
 * back-office user, their bodies passed through the same sanitiser as a save. Applied once
 * (app_meta), apart from the back office's first seed so that a database seeded before the
 * documents existed gets them too.
 */

import { sanitizeHtml } from '@bo/contract/backmgr/doc-html';
import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { userDirectory } from '../../access/access.reads';

export const BACKMGR_DOCS_SEED_KEY = 'seed.backmgr.docs';

interface SeedDoc {
  titleZh: string;
  titleEn: string;
  category: string;
  state: string;
  /** Oldest first; the last is the current body. */
  bodies: string[];
}

const SHIPPING_V1 = `<h2>发货流程 / Shipping procedure</h2>
<ol><li>仓库每天 10:00 前导出前一日订单。</li><li>拣货、复核、打包。</li><li>在物流系统中打印面单并交接承运商。</li></ol>`;

const SHIPPING_V2 = `<h2>发货流程 / Shipping procedure</h2>
<p>适用于国内仓发往 FBA 及直发客户的订单。<em>Applies to orders shipped from the domestic warehouse to FBA and to customers.</em></p>
<ol>
<li><strong>10:00 前</strong>：仓库导出前一日订单，核对库存（缺货订单转客服）。</li>
<li>拣货、复核（扫码核对 SKU 与数量）、打包；易碎灯具加气泡膜两层。</li>
<li>FBA 货件：按 <span style="font-family: Arial">FBA shipment ID</span> 贴箱标，箱重不超过 23 kg。</li>
<li>打印面单并于 <strong>16:00 前</strong>交接承运商，在系统中回填运单号。</li>
</ol>
<p>问题联系物流部：<a href="https://example.com/logistics" target="_blank">物流部页面</a>。</p>`;

const RETURNS = `<h2>退货与退款处理</h2>
<p>Returns and refunds: what customer service checks before a refund is issued.</p>
<ul>
<li>收到退货后 48 小时内完成质检，记录序列号。</li>
<li>功能正常且包装完好：原价退款；包装破损：按制度扣除 15% 重新包装费。</li>
<li>灯具类质量问题：转售后工程师，附照片与订单号。</li>
</ul>
<p><u>Refunds above USD 200 need the team leader's approval.</u></p>`;

const AD_BUDGET = `<h2>广告预算审批制度（草案）</h2>
<p style="font-family: 'Microsoft YaHei'">单个站点月度广告预算调整超过 <strong>20%</strong> 时，需提交审批。</p>
<ol>
<li>运营填写调整原因与预计 ACoS。</li>
<li>组长审批，超过 USD 5,000 的调整由部门负责人复核。</li>
</ol>
<p><em>Draft: to be confirmed with finance before publishing.</em></p>`;

const GUIDE = `<h2>New staff: getting started with the back office</h2>
<p style="font-family: Verdana">Welcome! This guide lists the first screens to open.</p>
<ul>
<li><strong>Dashboard</strong>: sales of the shops you are assigned to.</li>
<li><strong>Profit</strong>: per-SKU profit after fees and ad spend.</li>
<li><strong>Mail</strong>: buyer messages, answered within 24 hours.</li>
</ul>
<p>Passwords: at least 8 characters; change yours on first sign-in under <a href="/user/info">My account</a>.</p>
<pre><code>Support: it-helpdesk (ext. 8021)</code></pre>`;

const DOCS: SeedDoc[] = [
  {
    titleZh: '发货流程',
    titleEn: 'Shipping procedure',
    category: 'procedure',
    state: 'published',
    bodies: [SHIPPING_V1, SHIPPING_V2],
  },
  { titleZh: '退货与退款处理', titleEn: 'Returns and refunds', category: 'procedure', state: 'published', bodies: [RETURNS] },
  { titleZh: '广告预算审批制度', titleEn: 'Ad budget approval policy', category: 'policy', state: 'draft', bodies: [AD_BUDGET] },
  { titleZh: '新员工系统使用指南', titleEn: 'New staff guide', category: 'guide', state: 'published', bodies: [GUIDE] },
];

export async function applyBackMgrDocsDemoOnce(db: Db, backMgrUser: string): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(727274378)`);
    const [done] = (await tx.execute(sql`SELECT 1 AS x FROM app_meta WHERE key = ${BACKMGR_DOCS_SEED_KEY}`)).rows;
    if (done) return;
    const [user] = (await tx.execute<{ id: number }>(sql`SELECT id FROM ${userDirectory} u WHERE login_name = ${backMgrUser}`))
      .rows;
    const by = user ? Number(user.id) : null;
    for (const d of DOCS) {
      const bodies = d.bodies.map(sanitizeHtml);
      const current = bodies[bodies.length - 1] ?? '';
      const [row] = (
        await tx.execute<{ id: number }>(sql`
          INSERT INTO backmgr_docs (title_zh, title_en, category, state, body, version, created_by, updated_by,
                                    created_at, updated_at)
          VALUES (${d.titleZh}, ${d.titleEn}, ${d.category}, ${d.state}, ${current}, ${bodies.length}, ${by}, ${by},
                  now() - interval '12 days', now() - make_interval(days => ${DOCS.indexOf(d) * 2}))
          RETURNING id`)
      ).rows;
      for (const [i, body] of bodies.entries()) {
        await tx.execute(sql`
          INSERT INTO backmgr_doc_versions (doc_id, no, title_zh, title_en, category, body, saved_by, saved_at)
          VALUES (${row?.id}, ${i + 1}, ${d.titleZh}, ${d.titleEn}, ${d.category}, ${body}, ${by},
                  now() - make_interval(days => ${(bodies.length - i - 1) * 5 + DOCS.indexOf(d) * 2}))`);
      }
    }
    await tx.execute(
      sql`INSERT INTO app_meta (key, value) VALUES (${BACKMGR_DOCS_SEED_KEY}, 'done') ON CONFLICT (key) DO NOTHING`,
    );
  });
}
