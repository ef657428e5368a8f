/**
 * The menu overlay (/backMgr/menuConfig). The lines of the screen are the catalogue's menu
 * groups and menu routes (contract `isMenuRoute`), with the overlay's row where there is one;
 * a write takes only a catalogue key (the body schema refuses any other, and so does this
 * service, in case a caller reaches it another way). Every signed-in user's menu reads the
 * overlay (`overlay`) and applies it to what their permissions give (contract
 * `applyMenuOverlay`): it hides, sorts and renames, never adds.
 */
import { ALL_ROUTES, type backMgrMenu, type EndpointQuery, GROUP_TITLES } from '@bo/contract';
import {
  catalogueSort,
  isMenuRoute,
  MENU_GROUPS,
  type MenuConfigItem,
  type MenuItemKind,
  type MenuOverlay,
  type MenuOverlayBody,
} from '@bo/contract/backmgr/menu-config';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { audit } from '../../../platform/audit/audit.service';
import type { RequestActor } from '../../../platform/auth/actor';
import type { AppContext } from '../../../platform/context';
import { codedFieldError } from '../../../platform/errors';
import { userDirectory } from '../../access/access.reads';

type ListQuery = EndpointQuery<typeof backMgrMenu.list>;

interface OverlayRaw extends Record<string, unknown> {
  kind: MenuItemKind;
  key: string;
  sort: number | null;
  hidden: boolean;
  title_zh: string | null;
  title_en: string | null;
  updated_by: string | null;
  updated_at: string;
}

const readOverlay = async (db: DbOrTx, where = sql`TRUE`) =>
  (
    await db.execute<OverlayRaw>(sql`
      SELECT o.kind, o.key, o.sort, o.hidden, o.title_zh, o.title_en, u.user_name AS updated_by,
             to_char(o.updated_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS updated_at
        FROM menu_overlay o LEFT JOIN ${userDirectory} u ON u.id = o.updated_by WHERE ${where}`)
  ).rows;

/** What every user's menu applies (rows for keys no longer in the catalogue are left out). */
export async function overlay(ctx: AppContext): Promise<MenuOverlay[]> {
  return (await readOverlay(ctx.db))
    .filter((r) => catalogueSort(r.kind, r.key) !== undefined)
    .map((r) => ({
      kind: r.kind,
      key: r.key,
      sort: r.sort === null ? null : Number(r.sort),
      hidden: r.hidden,
      titleZh: r.title_zh,
      titleEn: r.title_en,
    }));
}

interface CatalogueLine {
  kind: MenuItemKind;
  key: string;
  group: string;
  zh: string;
  en: string;
  built: boolean;
  routes: number;
}

const MENU_ROUTES = ALL_ROUTES.filter(isMenuRoute);
const CATALOGUE: CatalogueLine[] = [
  ...MENU_GROUPS.map((g) => ({
    kind: 'group' as const,
    key: g,
    group: g,
    zh: GROUP_TITLES[g]['zh-CN'],
    en: GROUP_TITLES[g]['en-US'],
    built: MENU_ROUTES.some((r) => r.group === g && r.built),
    routes: MENU_ROUTES.filter((r) => r.group === g).length,
  })),
  ...MENU_ROUTES.map((r) => ({
    kind: 'route' as const,
    key: r.path,
    group: r.group,
    zh: r.title['zh-CN'],
    en: r.title['en-US'],
    built: r.built,
    routes: 0,
  })),
];

function itemOf(line: CatalogueLine, o: OverlayRaw | undefined): MenuConfigItem {
  const base = catalogueSort(line.kind, line.key) ?? 0;
  return {
    kind: line.kind,
    key: line.key,
    group: line.group,
    catalogueTitleZh: line.zh,
    catalogueTitleEn: line.en,
    catalogueSort: base,
    sort: o?.sort ?? base,
    hidden: o?.hidden ?? false,
    titleZh: o?.title_zh ?? null,
    titleEn: o?.title_en ?? null,
    overridden: o !== undefined,
    built: line.built,
    routes: line.routes,
    updatedBy: o?.updated_by ?? null,
    updatedAt: o?.updated_at ?? null,
  };
}

export async function list(ctx: AppContext, q: ListQuery) {
  const rows = new Map((await readOverlay(ctx.db)).map((r) => [`${r.kind}:${r.key}`, r]));
  const k = q.keyword?.toLowerCase();
  const items = CATALOGUE.filter((l) => (q.group ? l.kind === 'route' && l.group === q.group : l.kind === 'group'))
    .filter((l) => !k || l.key.toLowerCase().includes(k) || l.zh.toLowerCase().includes(k) || l.en.toLowerCase().includes(k))
    .map((l) => itemOf(l, rows.get(`${l.kind}:${l.key}`)))
    .map((item, i) => ({ item, i }))
    .sort((a, b) => a.item.sort - b.item.sort || a.i - b.i)
    .map((x) => x.item);
  const start = (q.pageNum - 1) * q.pageSize;
  return { list: items.slice(start, start + q.pageSize), total: items.length, pageNum: q.pageNum, pageSize: q.pageSize };
}

const lineOf = (kind: MenuItemKind, key: string) => {
  const line = CATALOGUE.find((l) => l.kind === kind && l.key === key);
  if (!line) throw codedFieldError('key', 'backMgr.notInCatalogue');
  return line;
};

export async function save(ctx: AppContext, actor: RequestActor, b: MenuOverlayBody): Promise<MenuConfigItem> {
  const line = lineOf(b.kind, b.key);
  const titleZh = b.titleZh || null;
  const titleEn = b.titleEn || null;
  return ctx.db.transaction(async (tx) => {
    const [before] = await readOverlay(tx, sql`o.kind = ${b.kind} AND o.key = ${b.key}`);
    await tx.execute(sql`
      INSERT INTO menu_overlay (kind, key, sort, hidden, title_zh, title_en, updated_by, updated_at)
      VALUES (${b.kind}, ${b.key}, ${b.sort}, ${b.hidden}, ${titleZh}, ${titleEn}, ${actor.userId}, now())
      ON CONFLICT (kind, key) DO UPDATE SET sort = EXCLUDED.sort, hidden = EXCLUDED.hidden, title_zh = EXCLUDED.title_zh,
        title_en = EXCLUDED.title_en, updated_by = EXCLUDED.updated_by, updated_at = now()`);
    const [after] = await readOverlay(tx, sql`o.kind = ${b.kind} AND o.key = ${b.key}`);
    await audit(tx, actor, {
      action: 'backMgr.menuSave',
      entity: 'menu_overlay',
      entityId: `${b.kind}:${b.key}`,
      before: before ?? null,
      after: { sort: b.sort, hidden: b.hidden, titleZh, titleEn },
    });
    return itemOf(line, after);
  });
}

export async function reset(ctx: AppContext, actor: RequestActor, kind: MenuItemKind, key: string): Promise<null> {
  lineOf(kind, key);
  return ctx.db.transaction(async (tx) => {
    const res = await tx.execute<OverlayRaw>(sql`DELETE FROM menu_overlay WHERE kind = ${kind} AND key = ${key} RETURNING *`);
    const before = res.rows[0];
    // Nothing to reset: the entry is as the catalogue says already.
    if (!before) return null;
    await audit(tx, actor, { action: 'backMgr.menuReset', entity: 'menu_overlay', entityId: `${kind}:${key}`, before });
    return null;
  });
}
