/**
 * What an ad import's revert removes must not be in use (docs/decisions.md, "Import revert:
 * entities an import created"). The ppc tables have no foreign keys between them, so nothing
 * else stops a revert from deleting a campaign that a later report wrote figures for. Rules:
 * - The revert removes the rows its import's logged scopes hold now and held not before (the
 *   campaigns, ad groups, keywords, targets, product ads and negatives it created, and anything
 *   added there since; placement adjustments go with their campaign, nothing names them).
 * - It is refused (409, in the caller's language, nothing changed) while one of those is used
 *   by something the revert does not put back: figures (ad facts, search terms) written by
 *   another import or by the API; a later committed import that logged it (a sheet naming the
 *   campaign, a report creating a keyword in it); a change in the history (an edit, a rule,
 *   a schedule, an undo); a schedule governing it; a monitor watching it; a rule or schedule
 *   limited to it. The message names them and says which imports to revert first.
 * - Rollups are not uses: they are recomputed from the facts after the restore.
 */
import type { Lang } from '@bo/contract';
import { sql } from 'drizzle-orm';
import type { Tx } from '../../../db/client';
import type { RequestActor } from '../../../platform/auth/actor';
import { userNameFor } from '../../../platform/auth/user-visibility';
import { conflict } from '../../../platform/errors';
import { addedRows, laterImportsHolding, loggedTables } from '../../imports/import-changes';
import type { ImportShop } from '../../imports/import-kinds';

/** The entity tables an ad import may create rows in, with the entity type the facts and the history use. */
const ENTITY_TABLES = {
  ppc_campaigns: 'campaign',
  ppc_ad_groups: 'ad_group',
  ppc_keywords: 'keyword',
  ppc_targets: 'target',
  ppc_product_ads: 'product_ad',
  ppc_negative_keywords: 'negative_keyword',
  ppc_negative_products: 'negative_product',
} as const;
type EntityType = (typeof ENTITY_TABLES)[keyof typeof ENTITY_TABLES];

interface Removed {
  type: EntityType;
  id: number;
  label: string;
}

const KIND: Record<EntityType, { zh: string; en: string }> = {
  campaign: { zh: '广告活动', en: 'campaign' },
  ad_group: { zh: '广告组', en: 'ad group' },
  keyword: { zh: '关键词', en: 'keyword' },
  target: { zh: '投放', en: 'target' },
  product_ad: { zh: '广告商品', en: 'product ad' },
  negative_keyword: { zh: '否定关键词', en: 'negative keyword' },
  negative_product: { zh: '否定商品', en: 'negative product' },
};

const str = (x: unknown) => (x === null || x === undefined ? '' : String(x));
const labelOf = (type: EntityType, r: Record<string, unknown>): string => {
  switch (type) {
    case 'campaign':
    case 'ad_group':
      return str(r.name);
    case 'keyword':
    case 'negative_keyword':
      return `${str(r.keyword_text)} (${str(r.match_type)})`;
    case 'target':
      return str(r.expression);
    case 'product_ad':
      return str(r.sku) || str(r.asin);
    case 'negative_product':
      return str(r.asin);
  }
};

/** One use of a removed entity, as the refusal names it. */
interface Use {
  /** The import to revert first, when the use is one. */
  importId: number | null;
  entity: Removed;
  zh: string;
  en: string;
}

const day = (d: unknown) => (d instanceof Date ? d.toISOString().slice(0, 10) : str(d).slice(0, 10));

/**
 * Refuse the revert of import `importId` (409) when an entity it would remove is used by
 * something it does not put back. Call under the shop's ads lock, before the restore.
 */
export async function guardRemovals(
  tx: Tx,
  importId: number,
  commitSeq: number | null,
  shop: ImportShop,
  actor: RequestActor,
  lang: Lang,
): Promise<void> {
  const removed: Removed[] = [];
  const logged = await loggedTables(tx, importId);
  for (const [table, type] of Object.entries(ENTITY_TABLES)) {
    if (!logged.includes(table)) continue;
    for (const r of await addedRows(tx, importId, table)) removed.push({ type, id: Number(r.id), label: labelOf(type, r) });
  }
  if (removed.length === 0) return;
  const byKey = new Map(removed.map((r) => [`${r.type}:${r.id}`, r]));
  const x = JSON.stringify(removed.map((r) => ({ t: r.type, id: r.id })));
  const set = sql`(SELECT x.t, x.id FROM jsonb_to_recordset(${x}::jsonb) AS x(t text, id int))`;
  const ids = (t: EntityType) => sql`(SELECT x.id FROM jsonb_to_recordset(${x}::jsonb) AS x(t text, id int) WHERE x.t = ${t})`;
  const uses: Use[] = [];
  const entityOf = (key: unknown) => byKey.get(str(key)) as Removed;

  // Figures written by another import (or by the API): reverting it first removes them.
  const refOf = (f: string) => sql`
    (array_agg(CASE WHEN ${sql.raw(f)}.campaign_id IN ${ids('campaign')} THEN 'campaign:' || ${sql.raw(f)}.campaign_id
                    WHEN ${sql.raw(f)}.ad_group_id IN ${ids('ad_group')} THEN 'ad_group:' || ${sql.raw(f)}.ad_group_id
                    ELSE ${sql.raw(f === 'f' ? "f.entity_type || ':' || f.entity_id" : "'ad_group:' || t.ad_group_id")} END))[1]`;
  const figures = await tx.execute<{ import_id: number | null; first: string; last: string; ref: string }>(sql`
    SELECT f.import_id, min(f.day)::text AS first, max(f.day)::text AS last, ${refOf('f')} AS ref
      FROM ppc_performance f
     WHERE f.shop_id = ${shop.id} AND f.import_id IS DISTINCT FROM ${importId}
       AND (f.campaign_id IN ${ids('campaign')} OR f.ad_group_id IN ${ids('ad_group')} OR (f.entity_type, f.entity_id) IN ${set})
     GROUP BY f.import_id
    UNION ALL
    SELECT t.import_id, min(t.day)::text, max(t.day)::text, ${refOf('t')}
      FROM ppc_search_terms t
     WHERE t.shop_id = ${shop.id} AND t.import_id IS DISTINCT FROM ${importId}
       AND (t.campaign_id IN ${ids('campaign')} OR t.ad_group_id IN ${ids('ad_group')})
     GROUP BY t.import_id`);
  for (const f of figures.rows) {
    const days = f.first === f.last ? f.first : `${f.first} – ${f.last}`;
    uses.push({
      importId: f.import_id === null ? null : Number(f.import_id),
      entity: entityOf(f.ref),
      zh: f.import_id === null ? `有非导入写入的数据（${days}）` : `有导入 #${f.import_id} 写入的数据（${days}）`,
      en: f.import_id === null ? `has figures not from an import (${days})` : `has figures from import #${f.import_id} (${days})`,
    });
  }

  // A later committed import that logged a scope holding it (a sheet naming the campaign, a report creating a keyword in it).
  for (const [table, type] of Object.entries(ENTITY_TABLES)) {
    const mine = removed.filter((r) => r.type === type).map((r) => r.id);
    if (mine.length === 0) continue;
    for (const l of await laterImportsHolding(tx, importId, commitSeq, table, mine)) {
      uses.push({
        importId: l.importId,
        entity: entityOf(`${type}:${l.id}`),
        zh: `被之后的导入 #${l.importId} 使用`,
        en: `is used by import #${l.importId}, committed later`,
      });
    }
  }

  // The change history: an edit by a user, a rule, a schedule or an undo (the history would name a deleted entity).
  const edits = await tx.execute<{
    ref: string;
    source: string;
    at: Date | string;
    user_name: string | null;
    rule: string | null;
  }>(sql`
    SELECT DISTINCT ON (ref) ref, ch.source, ch.created_at AS at, ${userNameFor(actor, sql`b.user_id`)} AS user_name, r.name AS rule
      FROM (SELECT ch.*, CASE WHEN (ch.entity_type, ch.entity_id) IN ${set} THEN ch.entity_type || ':' || ch.entity_id
                              ELSE 'campaign:' || ch.campaign_id END AS ref
              FROM ppc_changes ch
             WHERE ch.shop_id = ${shop.id} AND (ch.campaign_id IN ${ids('campaign')} OR (ch.entity_type, ch.entity_id) IN ${set})) ch
      LEFT JOIN ppc_change_batches b ON b.id = ch.batch_id
      LEFT JOIN ppc_rules r ON r.id = ch.rule_id
     ORDER BY ref, ch.id DESC`);
  for (const e of edits.rows) {
    const on = day(e.at);
    const who = e.user_name;
    const [zh, en] =
      e.source === 'rule'
        ? [`于 ${on} 被规则「${e.rule ?? ''}」修改`, `was changed by rule "${e.rule ?? ''}" on ${on}`]
        : e.source === 'schedule'
          ? [`于 ${on} 被分时调价修改`, `was changed by a schedule on ${on}`]
          : who
            ? [`于 ${on} 被用户 ${who} 修改`, `was edited by user ${who} on ${on}`]
            : [`于 ${on} 被修改（${e.source}）`, `was changed on ${on} (${e.source})`];
    uses.push({ importId: null, entity: entityOf(e.ref), zh, en });
  }

  // Schedules governing it, monitors watching it, rules and schedules limited to it.
  const held = await tx.execute<{ ref: string; what: string; name: string }>(sql`
    SELECT b.entity_type || ':' || b.entity_id AS ref, 'schedule' AS what, s.name
      FROM ppc_schedule_bases b JOIN ppc_schedules s ON s.id = b.schedule_id
     WHERE (b.entity_type, b.entity_id) IN ${set}
    UNION
    SELECT 'campaign:' || m.campaign_id, 'monitor', m.name FROM ppc_monitors m
     WHERE m.shop_id = ${shop.id} AND m.campaign_id IN ${ids('campaign')}
    UNION
    SELECT 'campaign:' || e.id, 'rule', r.name
      FROM ppc_rules r, jsonb_array_elements_text(coalesce(r.scope->'campaignIds', '[]'::jsonb)) e(id)
     WHERE r.deleted_at IS NULL AND e.id ~ '^[0-9]+$' AND e.id::int IN ${ids('campaign')}
    UNION
    SELECT 'campaign:' || e.id, 'schedule', s.name
      FROM ppc_schedules s, jsonb_array_elements_text(coalesce(s.scope->'campaignIds', '[]'::jsonb)) e(id)
     WHERE s.shop_id = ${shop.id} AND s.deleted_at IS NULL AND e.id ~ '^[0-9]+$' AND e.id::int IN ${ids('campaign')}`);
  for (const h of held.rows) {
    const [zh, en] =
      h.what === 'monitor'
        ? [`被监控「${h.name}」关注`, `is watched by monitor "${h.name}"`]
        : h.what === 'rule'
          ? [`在规则「${h.name}」的范围内`, `is in the scope of rule "${h.name}"`]
          : [`由分时调价「${h.name}」管理`, `is governed by schedule "${h.name}"`];
    uses.push({ importId: null, entity: entityOf(h.ref), zh, en });
  }

  if (uses.length === 0) return;
  throw conflict(refusal(importId, uses, lang), {
    imports: [...new Set(uses.flatMap((u) => (u.importId === null ? [] : [u.importId])))].sort((a, b) => b - a),
    uses: uses.map((u) => ({ entity: u.entity.type, id: u.entity.id, name: u.entity.label, importId: u.importId })),
  });
}

const SHOWN = 5;

/** "import #7 cannot be reverted: campaign «X» it created has figures from import #9 (…); revert #9 first". */
function refusal(importId: number, uses: readonly Use[], lang: Lang): string {
  const zh = lang === 'zh-CN';
  const imports = [...new Set(uses.flatMap((u) => (u.importId === null ? [] : [u.importId])))].sort((a, b) => b - a);
  const others = uses.some((u) => u.importId === null);
  const list = uses
    .slice(0, SHOWN)
    .map((u) => {
      const k = KIND[u.entity.type];
      return zh ? `${k.zh}「${u.entity.label}」${u.zh}` : `${k.en} "${u.entity.label}" ${u.en}`;
    })
    .join(zh ? '；' : '; ');
  const more = uses.length > SHOWN ? (zh ? ` 等 ${uses.length} 处` : ` and ${uses.length - SHOWN} more`) : '';
  const ids = imports.map((i) => `#${i}`).join(', ');
  if (zh) {
    const advice = [
      imports.length ? `请先撤销导入 ${ids}（从最新的开始）` : '',
      others ? '请先移除上述使用；此后被修改过的对象会保留，如不再需要请手动暂停或归档' : '',
    ]
      .filter(Boolean)
      .join('，');
    return `导入 #${importId} 不能撤销：它创建的对象此后被使用，撤销会删除它们：${list}${more}。${advice}。`;
  }
  const advice = [
    imports.length ? `revert ${ids} first, newest first` : '',
    others ? 'remove those uses first; an entity edited since stays: pause or archive it by hand if it is not wanted' : '',
  ]
    .filter(Boolean)
    .join(', and ');
  return `import #${importId} cannot be reverted: what it created is used since, and the revert would delete it: ${list}${more}; ${advice}`;
}
