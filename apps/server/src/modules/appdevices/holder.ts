/**
 * The record of a kind (not archived, not the one being written) that already holds what a
 * record must hold alone: a SKU, a game key, a model. `ContentKind.unique` rules ask it under the
 * service's lock per kind (content.service.ts), so two writes cannot both find nothing.
 */
import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { contentRecords } from '../appcontent/appcontent.reads';
import type { AppContentKind } from '@bo/contract/appcontent/app-api';

export interface Holder {
  id: number;
  name: string;
  models: string[];
}

/** The first such record (lowest id) matching `where` (on `c`, a row of `contentRecords`), or null. */
export async function holderOf(tx: DbOrTx, kind: AppContentKind, where: SQL, exceptId: number | null): Promise<Holder | null> {
  const res = await tx.execute<{ id: number; name: string; models: string[] }>(sql`
    SELECT c.id, c.name, c.models FROM ${contentRecords} c
     WHERE c.kind = ${kind} AND c.state <> 'archived' AND c.id <> ${exceptId ?? 0} AND ${where}
     ORDER BY c.id LIMIT 1`);
  const row = res.rows[0];
  return row ? { id: Number(row.id), name: row.name, models: row.models } : null;
}
