/**
 * What can be shared is declared by the area that owns the record, in its manifest
 * (`shareKinds`, platform/area.ts), as history readers are: the kind's name, the
 * permission needed to make (and manage) a link, the public route whose screen shows it,
 * and the read that answers the record's read-only view for an account, or null when that
 * account has no such record. The share service asks the read twice: when a link is made
 * (the creator must see the record) and on every public read (the record may be gone).
 */
import { type Permission, ROUTES } from '@bo/contract';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/client';

export interface ShareKind {
  /** Needed to make a link of this kind, to list a record's links and to revoke another user's. */
  permission: Permission;
  /** The web's public route that opens the link (`/teambition/project`, `/teambition/dataView`, `/chatTask`). */
  path: string;
  /**
   * The read-only view: exactly what the public reader may see. The answer is passed
   * through `schema` (unknown fields dropped), so a read cannot leak more than the kind declares.
   */
  read(db: DbOrTx, accountId: number, entityId: string): Promise<unknown | null>;
  schema: z.ZodType;
}

/** Kind name → kind, from the areas' manifests. */
export type ShareKindMap = Readonly<Record<string, ShareKind>>;

/** One per app (AppContext.share); the share service reads it at request time. */
export class ShareKinds {
  private readonly kinds = new Map<string, ShareKind>();

  register(name: string, kind: ShareKind): void {
    if (this.kinds.has(name)) throw new Error(`a share kind ${name} is registered twice`);
    if (!/^[a-z][a-z0-9-]{0,39}$/.test(name)) throw new Error(`share kind ${name}: not a kind name (a-z, 0-9, -)`);
    if (!ROUTES.some((r) => r.path === kind.path && r.permission === 'public'))
      throw new Error(`share kind ${name}: ${kind.path} is not a public route of the catalogue`);
    this.kinds.set(name, kind);
  }

  get(name: string): ShareKind | undefined {
    return this.kinds.get(name);
  }

  names(): string[] {
    return [...this.kinds.keys()].sort();
  }
}
