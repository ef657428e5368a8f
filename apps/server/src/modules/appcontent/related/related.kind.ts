/**
 * Related light effects (docs/appcontent.md "Related light effects") as a declared kind: the
 * effect and each recommended one must be a light-effect record that is not archived (checked on
 * every save, in the save's transaction); the app gets the ids in order and reads the effects
 * from `lightEffect` itself (an effect archived later drops out there, as it should).
 */
import { type RelatedEffectBody, type RelatedEffectPayload, relatedEffectChoices } from '@bo/contract/appcontent/related';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db, DbOrTx } from '../../../db/client';
import { codedFieldError } from '../../../platform/errors';
import { bind } from '../../../platform/http/binder';
import { appContent } from '../appcontent.table';
import type { ContentKind } from '../content.service';

/** The ids of `ids` that are light-effect records not archived. */
async function publishable(tx: DbOrTx, ids: readonly number[]): Promise<Set<number>> {
  const res = await tx.execute<{ id: number }>(sql`
    SELECT c.id FROM ${appContent} c
     WHERE c.kind = 'lightEffect' AND c.state <> 'archived'
       AND c.id IN (SELECT jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb)::int)`);
  return new Set(res.rows.map((r) => Number(r.id)));
}

export const relatedEffectKind: ContentKind<RelatedEffectPayload, RelatedEffectBody> = {
  kind: 'relatedEffect',
  search: [],
  payloadOf: async (tx, _actor, _slot, b) => {
    const found = await publishable(tx, [b.effectId, ...b.relatedIds]);
    if (!found.has(b.effectId)) throw codedFieldError('effectId', 'appContent.effectMissing', { ids: String(b.effectId) });
    const missing = b.relatedIds.filter((id) => !found.has(id));
    if (missing.length) throw codedFieldError('relatedIds', 'appContent.effectMissing', { ids: missing.join(', ') });
    return { effectId: b.effectId, relatedIds: b.relatedIds };
  },
  itemOf: (p) => ({ effectId: p.effectId, relatedIds: p.relatedIds }),
};

/** The effects a list may name (not archived), last changed first, 500 at most. */
export function relatedChoices(app: FastifyInstance, db: Db): void {
  bind(app, relatedEffectChoices, () => effectChoices(db));
}

/** The light effects (not archived) a record may name, with what the screens draw of them: last changed first, 500 at most. */
export async function effectChoices(db: Db) {
  const res = await db.execute<{ id: number; slot: string; name: string; state: string; payload: Record<string, unknown> }>(sql`
      SELECT c.id, c.slot, c.name, c.state, c.payload FROM ${appContent} c
       WHERE c.kind = 'lightEffect' AND c.state <> 'archived'
       ORDER BY c.updated_at DESC, c.id DESC LIMIT 500`);
  return res.rows.map((r) => ({
    id: Number(r.id),
    library: r.slot as 'scene',
    name: r.name,
    state: r.state as 'draft',
    titleZh: String(r.payload.titleZh ?? ''),
    titleEn: String(r.payload.titleEn ?? ''),
    mode: r.payload.mode as 'static',
    colors: (r.payload.colors as string[]) ?? [],
    segments: (r.payload.segments as number[]) ?? [],
    speed: (r.payload.speed as number | null) ?? null,
    brightness: Number(r.payload.brightness ?? 100),
  }));
}
