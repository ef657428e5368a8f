/**
 * What an area (`modules/<area>/`) hands the app: one manifest, listed once in
 * `modules/areas.ts`. The app binds its routes, the job worker runs its jobs, the import
 * facility knows its kinds, the history endpoint its readers, the share links their views,
 * and the demo seed runs its step; so a new area is a folder and one line in that list, and no central file learns
 * its names.
 */
import type { AuditEntity } from '@bo/contract/access/audit-codes';
import type { ImportKind } from '@bo/contract/imports/imports';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/client';
import type { CompanyImportHandler, ShopImportHandler } from '../modules/imports/import-kinds';
import type { HistoryReader } from './audit/history.registry';
import type { AppContext } from './context';
import type { JobHandler } from './jobs/jobs';
import type { ShareKindMap } from './share/share.registry';

/** A background job of the area: its handler, and for a recurring one the pause between runs. */
export interface AreaJob {
  run: JobHandler;
  /** Recurring: queued once per app (one at a time across processes), again this long after each run. */
  everyMs?: number;
}

/** Who may read the history of each of the area's entities (platform/audit/history.registry.ts). */
export type HistoryReaderMap = Partial<Record<AuditEntity, HistoryReader>>;

export interface SeedOptions {
  /** The demo users' password; generated (and answered once) when absent. */
  demoPassword?: string;
  /** Seed steps left out (their names), e.g. the test template leaves the mail demo out. */
  skip?: readonly string[];
}

/** What a step reports when it created the demo users (main.ts announces them once). */
export interface SeedOutcome {
  usersCreated?: boolean;
  /** The demo users' password when the step made one up. */
  generatedPassword?: string | null;
}

/**
 * One step of the demo seed (SEED=demo). Each step records itself once (app_meta) and
 * does nothing when its data is there already, so every start may run them all.
 */
export interface SeedStep {
  /** Unique across areas; other steps name it in `after`. */
  name: string;
  /** Steps whose data this one builds on: they run first. */
  after?: readonly string[];
  // biome-ignore lint/suspicious/noConfusingVoidType: a step with nothing to report is an async function that returns nothing.
  run(db: Db, opts: SeedOptions): Promise<SeedOutcome | undefined | void>;
}

export interface AreaManifest {
  /** The folder's name under modules/ (or the platform piece's). */
  name: string;
  /** Binds the area's contract endpoints. */
  routes?(app: FastifyInstance, ctx: AppContext): void;
  /** Job kind → job. Kinds are global: `<area>.<what>` keeps them apart. */
  jobs?(ctx: AppContext): Readonly<Record<string, AreaJob>>;
  /** Import kinds the area handles with the one import facility (modules/imports). */
  importKinds?: {
    company?: Partial<Record<ImportKind, CompanyImportHandler>>;
    shop?: Partial<Record<ImportKind, ShopImportHandler>>;
  };
  historyReaders?: HistoryReaderMap;
  /** Kind → the record's read-only view that public share links open (platform/share/share.registry.ts). */
  shareKinds?: ShareKindMap;
  /** The area's steps of the demo seed. */
  seed?: readonly SeedStep[];
}

export const defineArea = (area: AreaManifest): AreaManifest => area;
