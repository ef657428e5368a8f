/**
 * What the catalogue-facing kinds (new products, accessories, featured cards, scenes, DIY
 * categories, the square, life apps) check against other rows: a SKU of the back office's
 * catalogue (read through catalog.reads.ts, never a list of our own), content records of a kind
 * that are not archived; and the image item they answer.
 */
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { codedFieldError } from '../../platform/errors';
import { catalogSkus } from '../catalog/catalog.reads';
import { appContent } from './appcontent.table';
import { mediaUrl } from './banners.service';

/** The catalogue's spelling of a SKU (any case taken); a 400 `appContent.unknownSku` on `path` when the catalogue has none. */
export async function catalogueSku(tx: DbOrTx, sku: string, path = 'sku'): Promise<string> {
  const res = await tx.execute<{ sku: string }>(
    sql`SELECT s.sku FROM ${catalogSkus} s WHERE lower(s.sku) = ${sku.toLowerCase()} ORDER BY s.id LIMIT 1`,
  );
  const found = res.rows[0]?.sku;
  if (!found) throw codedFieldError(path, 'appContent.unknownSku', { skus: sku });
  return found;
}

/** The ids of `ids` that are records of `kind` not archived. */
export async function notArchived(tx: DbOrTx, kind: string, ids: readonly number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const res = await tx.execute<{ id: number }>(sql`
    SELECT c.id FROM ${appContent} c
     WHERE c.kind = ${kind} AND c.state <> 'archived'
       AND c.id IN (SELECT jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb)::int)`);
  return new Set(res.rows.map((r) => Number(r.id)));
}

/** Light-effect records named on `path` must be light effects that are not archived: a 400 naming the others. */
export async function checkEffects(tx: DbOrTx, path: string, ids: readonly number[]): Promise<void> {
  const found = await notArchived(tx, 'lightEffect', ids);
  const missing = [...new Set(ids.filter((id) => !found.has(id)))];
  if (missing.length) throw codedFieldError(path, 'appContent.effectMissing', { ids: missing.join(', ') });
}

/** The image an item carries: its public URLs and its size. */
export const imageItem = (p: { imageFileId: number; width: number; height: number }) => ({
  url: mediaUrl(p.imageFileId),
  thumbUrl: mediaUrl(p.imageFileId, true),
  width: p.width,
  height: p.height,
});
