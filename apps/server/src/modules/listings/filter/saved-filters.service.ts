/**
 * Named listing filters, each user's own: the screen's query string under a name.
 * Saving under a name the user already has (case-insensitive) replaces that filter;
 * a user keeps at most MAX_SAVED_FILTERS. Another user's filter is not there (404).
 */
import { MAX_SAVED_FILTERS, type SavedFilter } from '@bo/contract/listings/filter';
import { sql } from 'drizzle-orm';
import { audit } from '../../../platform/audit/audit.service';
import type { RequestActor } from '../../../platform/auth/actor';
import type { AppContext } from '../../../platform/context';
import { codedFieldError, notFound } from '../../../platform/errors';
import { execRows } from '../../sales/profit/sales-query';

type Raw = { id: number; name: string; query: string; updated_at: Date };
const toSaved = (r: Raw): SavedFilter => ({
  id: r.id,
  name: r.name,
  query: r.query,
  updatedAt: new Date(r.updated_at).toISOString(),
});

/** Paging keys never belong to a saved filter: reopening starts on page 1. */
export const withoutPaging = (query: string) => {
  const p = new URLSearchParams(query);
  p.delete('pageNum');
  return p.toString();
};

export async function listSaved(ctx: AppContext, actor: RequestActor) {
  const rows = await execRows<Raw>(
    ctx.db,
    sql`SELECT id, name, query, updated_at FROM listing_saved_filters WHERE user_id = ${actor.userId} ORDER BY lower(name), id`,
  );
  return rows.map(toSaved);
}

export async function save(ctx: AppContext, actor: RequestActor, body: { name: string; query: string }) {
  const query = withoutPaging(body.query);
  return ctx.db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext('listing_saved_filters'), ${actor.userId})`);
    const [before] = await execRows<Raw>(
      tx,
      sql`SELECT id, name, query, updated_at FROM listing_saved_filters WHERE user_id = ${actor.userId} AND lower(name) = lower(${body.name})`,
    );
    if (!before) {
      const [n] = await execRows<{ n: number }>(
        tx,
        sql`SELECT count(*)::int AS n FROM listing_saved_filters WHERE user_id = ${actor.userId}`,
      );
      if ((n?.n ?? 0) >= MAX_SAVED_FILTERS)
        throw codedFieldError('name', 'listings.savedFiltersFull', { max: MAX_SAVED_FILTERS });
    }
    const [row] = before
      ? await execRows<Raw>(
          tx,
          sql`UPDATE listing_saved_filters SET name = ${body.name}, query = ${query}, updated_at = now()
               WHERE id = ${before.id} RETURNING id, name, query, updated_at`,
        )
      : await execRows<Raw>(
          tx,
          sql`INSERT INTO listing_saved_filters (user_id, name, query) VALUES (${actor.userId}, ${body.name}, ${query})
              RETURNING id, name, query, updated_at`,
        );
    const saved = toSaved(row as Raw);
    await audit(tx, actor, {
      action: before ? 'update' : 'create',
      entity: 'listing_saved_filter',
      entityId: saved.id,
      before: before ? { name: before.name, query: before.query } : undefined,
      after: { name: saved.name, query: saved.query },
    });
    return saved;
  });
}

export async function remove(ctx: AppContext, actor: RequestActor, id: number) {
  return ctx.db.transaction(async (tx) => {
    const [row] = await execRows<{ name: string; query: string }>(
      tx,
      sql`DELETE FROM listing_saved_filters WHERE id = ${id} AND user_id = ${actor.userId} RETURNING name, query`,
    );
    if (!row) throw notFound('saved filter not found');
    await audit(tx, actor, { action: 'delete', entity: 'listing_saved_filter', entityId: id, before: row });
    return null;
  });
}
