/**
 * H5 pages (docs/h5-pages.md): the rules of a save (slug unique and fixed once published, type
 * fixed, every image a live image file of the caller's account within the rule, every product
 * card's SKU the catalogue's, an activity's child pages existing, not archived, not itself and
 * not activity homes), the state machine (H5_MACHINE; publish copies the draft into the live
 * snapshot), and the renderer's inputs for the preview and the public page. Every write is in a
 * transaction, carries the version read (409 stale) and writes an audit row (h5_page).
 */
import { type Lang, refusalText, transitionFrom } from '@bo/contract';
import { IMAGE_TYPES } from '@bo/contract/files/files';
import type { H5Block } from '@bo/contract/h5pages/blocks';
import {
  groupOfType,
  H5_GROUPS,
  H5_MACHINE,
  type H5Action,
  type H5Content,
  type H5Group,
  type H5Lang,
  type H5Page,
  type H5PageBody,
  type H5Row,
  h5PublicPath,
  publishRefusal,
} from '@bo/contract/h5pages/h5-pages';
import { sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { audit } from '../../platform/audit/audit.service';
import { isInternal, type RequestActor } from '../../platform/auth/actor';
import { codedFieldError, conflict, fieldConflict, forbidden, notFound, staleVersion } from '../../platform/errors';
import * as repo from './h5pages.repository';
import { type RenderedPage, renderPage } from './render';

/** The image rule of a block: any ratio, 200 to 2,160 px wide, 4,000 px high, 2 MB. */
export const H5_IMAGE_RULE = { minWidth: 200, maxWidth: 2160, maxHeight: 4000, maxBytes: 2 * 1024 * 1024 } as const;

export function imageRefusal(f: { width: number | null; height: number | null; size: number }) {
  if (f.size > H5_IMAGE_RULE.maxBytes) return 'h5.imageTooLarge' as const;
  if (!f.width || !f.height) return 'h5.imageSize' as const;
  if (f.width < H5_IMAGE_RULE.minWidth || f.width > H5_IMAGE_RULE.maxWidth || f.height > H5_IMAGE_RULE.maxHeight)
    return 'h5.imageSize' as const;
  return null;
}

/** H5 pages are the company's: refused to external accounts whatever their roles. */
export function assertCompany(actor: RequestActor): void {
  if (!isInternal(actor)) throw forbidden('H5 pages are company data');
}

const toRow = (r: repo.PageRow): H5Row => ({
  id: Number(r.id),
  type: r.type,
  slug: r.slug,
  titleZh: r.title_zh,
  titleEn: r.title_en,
  state: r.state,
  blockCount: r.draft.blocks.length,
  changed: r.changed,
  publishedAt: r.published_at,
  publicPath: h5PublicPath(r.slug),
  version: Number(r.version),
  updatedBy: r.updated_by,
  updatedAt: r.updated_at,
});
const toPage = (r: repo.PageRow): H5Page => ({ ...toRow(r), draft: r.draft, live: r.live });

/** What an audit row keeps of a page: its address, state and draft (the live one is the draft at publish). */
const terms = (p: H5Page) => ({
  slug: p.slug,
  state: p.state,
  titleZh: p.titleZh,
  titleEn: p.titleEn,
  blocks: p.draft.blocks.length,
  draft: p.draft,
});

export async function listPages(db: Db, actor: RequestActor, group: H5Group, q: repo.PageQuery) {
  assertCompany(actor);
  const { rows, total } = await repo.pageOfPages(db, H5_GROUPS[group].types, q);
  return { list: rows.map(toRow), total, pageNum: q.pageNum, pageSize: q.pageSize };
}

/** A page of the group's types (404 for another group's page: the other screen's permission guards it). */
async function pageOf(db: DbOrTx, group: H5Group, id: number, lock = false): Promise<H5Page> {
  const r = await repo.pageById(db, id, lock);
  if (!r || groupOfType(r.type) !== group) throw notFound(`no H5 page ${id}`);
  return toPage(r);
}

export async function getPage(db: Db, actor: RequestActor, group: H5Group, id: number) {
  assertCompany(actor);
  return pageOf(db, group, id);
}

/**
 * The content a body saves, checked against what it names: images (the caller's account's,
 * image files within the rule; their size filled in), product cards (the catalogue's SKU, its
 * names filled in), the new-product intro's SKU, the activity's child pages.
 */
async function contentOf(tx: DbOrTx, actor: RequestActor, b: H5PageBody, selfId: number | null): Promise<H5Content> {
  const fileIds = b.blocks.flatMap((x) => (x.kind === 'image' ? [x.fileId] : x.kind === 'product' && x.fileId ? [x.fileId] : []));
  const files = new Map((await repo.imagesIn(tx, actor.accountId, [...new Set(fileIds)])).map((f) => [Number(f.id), f]));
  const skus = b.blocks.flatMap((x) => (x.kind === 'product' ? [x.sku] : []));
  if (b.type === 'newProductIntro' && b.productSku) skus.push(b.productSku);
  const catalog = new Map((await repo.skusIn(tx, skus)).map((s) => [s.sku.toLowerCase(), s]));

  const image = (fileId: number, path: string) => {
    const f = files.get(fileId);
    if (!f || !(IMAGE_TYPES as readonly string[]).includes(f.type)) throw codedFieldError(path, 'h5.imageMissing');
    const refusal = imageRefusal({ width: f.width, height: f.height, size: Number(f.size) });
    if (refusal) throw codedFieldError(path, refusal);
    return { width: Number(f.width), height: Number(f.height) };
  };
  const blocks = b.blocks.map((x, i): H5Block => {
    if (x.kind === 'image') return { ...x, ...image(x.fileId, `blocks.${i}.fileId`) };
    if (x.kind === 'product') {
      const s = catalog.get(x.sku.toLowerCase());
      if (!s) throw codedFieldError(`blocks.${i}.sku`, 'h5.unknownSku', { sku: x.sku });
      const img = x.fileId ? image(x.fileId, `blocks.${i}.fileId`) : { width: 0, height: 0 };
      return { ...x, sku: s.sku, model: s.model, nameZh: s.name, nameEn: s.name_en || s.name, ...img };
    }
    return x;
  });

  let productSku: string | null = null;
  if (b.type === 'newProductIntro' && b.productSku) {
    const s = catalog.get(b.productSku.toLowerCase());
    if (!s) throw codedFieldError('productSku', 'h5.unknownSku', { sku: b.productSku });
    productSku = s.sku;
  }
  const childIds = b.type === 'activityHome' ? b.childIds : [];
  if (childIds.length > 0) {
    if (selfId !== null && childIds.includes(selfId)) throw codedFieldError('childIds', 'h5.childSelf');
    const found = new Map((await repo.pagesIn(tx, childIds)).map((p) => [Number(p.id), p]));
    const missing = childIds.filter((id) => !found.has(id) || found.get(id)?.state === 'archived');
    if (missing.length > 0) throw codedFieldError('childIds', 'h5.childMissing', { ids: missing.join(', ') });
    if (childIds.some((id) => found.get(id)?.type === 'activityHome')) throw codedFieldError('childIds', 'h5.childActivity');
  }
  return {
    type: b.type,
    titleZh: b.titleZh,
    titleEn: b.titleEn,
    blocks,
    windowStart: b.type === 'activityHome' ? b.windowStart : null,
    windowEnd: b.type === 'activityHome' ? b.windowEnd : null,
    childIds,
    productSku,
    launchDate: b.type === 'newProductIntro' ? b.launchDate : null,
  };
}

function assertType(group: H5Group, b: H5PageBody) {
  if (!(H5_GROUPS[group].types as readonly string[]).includes(b.type)) throw codedFieldError('type', 'invalidOption');
}

const lockSlugs = (tx: DbOrTx) => tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext('h5_pages.slug'))`);

export async function createPage(db: Db, actor: RequestActor, group: H5Group, b: H5PageBody): Promise<H5Page> {
  assertCompany(actor);
  assertType(group, b);
  return db.transaction(async (tx) => {
    await lockSlugs(tx);
    if (await repo.slugTaken(tx, b.slug, null)) throw fieldConflict(`address ${b.slug} is taken`, 'slug', 'h5.slugTaken');
    const content = await contentOf(tx, actor, b, null);
    const id = await repo.insertPage(tx, b.slug, content, actor.userId);
    const p = await pageOf(tx, group, id);
    await audit(tx, actor, { action: 'create', entity: 'h5_page', entityId: id, after: terms(p) });
    return p;
  });
}

export async function updatePage(
  db: Db,
  actor: RequestActor,
  group: H5Group,
  id: number,
  b: H5PageBody & { version: number },
  lang: Lang,
): Promise<H5Page> {
  assertCompany(actor);
  return db.transaction(async (tx) => {
    await lockSlugs(tx);
    const before = await pageOf(tx, group, id, true);
    if (before.version !== b.version) throw staleVersion();
    if (before.state === 'archived')
      throw conflict(lang === 'zh-CN' ? 'H5 页面当前为「已归档」，不能编辑' : 'cannot edit: the H5 page is archived', {
        state: before.state,
      });
    if (b.type !== before.type) throw codedFieldError('type', 'h5.typeFixed');
    if (b.slug !== before.slug && before.live !== null) throw codedFieldError('slug', 'h5.slugFixed');
    if (await repo.slugTaken(tx, b.slug, id)) throw fieldConflict(`address ${b.slug} is taken`, 'slug', 'h5.slugTaken');
    const content = await contentOf(tx, actor, b, id);
    await repo.saveDraft(tx, id, b.slug, content, actor.userId);
    const after = await pageOf(tx, group, id);
    await audit(tx, actor, { action: 'update', entity: 'h5_page', entityId: id, before: terms(before), after: terms(after) });
    return after;
  });
}

export async function actOnPage(
  db: Db,
  actor: RequestActor,
  group: H5Group,
  id: number,
  b: { action: H5Action; version: number },
  lang: Lang,
): Promise<H5Page> {
  assertCompany(actor);
  return db.transaction(async (tx) => {
    const before = await pageOf(tx, group, id, true);
    if (before.version !== b.version) throw staleVersion();
    const step = transitionFrom(H5_MACHINE, before.state, b.action);
    if (!step) throw conflict(refusalText(H5_MACHINE, before.state, b.action, lang), { state: before.state });
    if (b.action === 'publish') {
      const refusal = publishRefusal(before.draft);
      if (refusal) throw codedFieldError('blocks', refusal);
      // The child pages may have been archived since the save: the live page links only what still exists.
      const kids = await repo.pagesIn(tx, before.draft.childIds);
      const gone = before.draft.childIds.filter((cid) => !kids.some((k) => Number(k.id) === cid && k.state !== 'archived'));
      if (gone.length > 0) throw codedFieldError('childIds', 'h5.childMissing', { ids: gone.join(', ') });
    }
    await repo.moveTo(tx, id, step.to, b.action === 'publish', actor.userId);
    const after = await pageOf(tx, group, id);
    await audit(tx, actor, {
      action: b.action === 'archive' ? 'archive' : b.action === 'publish' ? 'h5.publish' : 'h5.restore',
      entity: 'h5_page',
      entityId: id,
      before: { state: before.state },
      after: b.action === 'publish' ? { state: after.state, live: after.live } : { state: after.state },
    });
    return after;
  });
}

export async function deletePage(db: Db, actor: RequestActor, group: H5Group, id: number, lang: Lang): Promise<null> {
  assertCompany(actor);
  return db.transaction(async (tx) => {
    const before = await pageOf(tx, group, id, true);
    if (before.state === 'published')
      throw conflict(
        lang === 'zh-CN'
          ? 'H5 页面当前为「已发布」，不能删除：请先归档'
          : 'cannot delete: the H5 page is published; archive it first',
        { state: before.state },
      );
    await repo.deletePage(tx, id);
    await audit(tx, actor, { action: 'delete', entity: 'h5_page', entityId: id, before: terms(before) });
    return null;
  });
}

/** The preview: the body checked as a save checks it, then rendered by the public page's renderer. */
export async function previewPage(
  db: Db,
  actor: RequestActor,
  group: H5Group,
  b: H5PageBody & { lang: H5Lang; id: number | null },
): Promise<{ html: string }> {
  assertCompany(actor);
  assertType(group, b);
  const content = await contentOf(db, actor, b, b.id);
  const children = await repo.liveChildren(db, content.childIds);
  return { html: renderPage({ content, lang: b.lang, now: new Date(), children: children.map(childOf) }).html };
}

const childOf = (c: { slug: string; title_zh: string | null; title_en: string | null }) => ({
  slug: c.slug,
  titleZh: c.title_zh ?? '',
  titleEn: c.title_en ?? '',
});

/** The public page of a slug: its live snapshot rendered, or null (unknown, never published, archived). */
export async function publicPage(db: Db, slug: string, lang: H5Lang | null, now: Date): Promise<RenderedPage | null> {
  const p = await repo.livePage(db, slug);
  if (!p) return null;
  const content = p.live;
  const shown: H5Lang = lang ?? (content.titleZh ? 'zh-CN' : 'en-US');
  const children = await repo.liveChildren(db, content.childIds);
  return renderPage({ content, lang: shown, now, children: children.map(childOf) });
}

export async function skuChoices(db: Db, actor: RequestActor, keyword: string) {
  assertCompany(actor);
  return (await repo.skuChoices(db, keyword)).map((s) => ({ sku: s.sku, model: s.model, nameZh: s.name, nameEn: s.name_en }));
}

export async function pageChoices(db: Db, actor: RequestActor) {
  assertCompany(actor);
  return (await repo.choices(db)).map((p) => ({
    id: Number(p.id),
    type: p.type,
    slug: p.slug,
    titleZh: p.title_zh,
    titleEn: p.title_en,
    state: p.state,
  }));
}
