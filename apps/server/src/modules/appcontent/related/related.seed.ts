/** Demo related-effects lists (apply-once), on the libraries' demo effects: two published lists and a draft. */
import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import type { DemoRecord } from '../appcontent.seed';
import { appContent } from '../appcontent.table';
import { applyOnce } from '../kinds.seed';

export const RELATED_SEED_KEY = 'seed.appcontent.related';

export const applyRelatedDemoOnce = (db: Db) =>
  applyOnce(db, RELATED_SEED_KEY, async (tx) => {
    const ids = (
      await tx.execute<{ id: number }>(
        sql`SELECT c.id FROM ${appContent} c WHERE c.kind = 'lightEffect' AND c.state <> 'archived' ORDER BY c.id LIMIT 6`,
      )
    ).rows.map((r) => Number(r.id));
    if (ids.length < 4) return [];
    const [a, b, c, d] = ids as [number, number, number, number, ...number[]];
    const list = (
      name: string,
      effectId: number,
      relatedIds: number[],
      state: DemoRecord['state'],
      position: number,
    ): DemoRecord => ({
      kind: 'relatedEffect',
      slot: 'main',
      name,
      payload: { effectId, relatedIds },
      state,
      position,
    });
    return [
      list('Related — first effect', a, [b, c, d], 'published', 10),
      list('Related — second effect', b, [a, d], 'published', 20),
      list('Related — third effect (draft)', c, [d, a], 'draft', 30),
    ];
  });
