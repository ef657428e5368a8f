/**
 * The registry of company-wide import kinds (master data such as costs, fees, materials,
 * BOMs). The shop kinds (sales reports) keep their own path in imports.service.ts; a
 * company kind only says how a file becomes rows and how rows are written, and the
 * facility does the rest: permissions (IMPORT_KINDS), preview storage, duplicate
 * detection, commit in one transaction, audit and history.
 *
 * A kind with `revert` hooks is revertible: its commit logs every scope it writes with
 * `recordBefore` (import-changes.ts) before writing, and the facility puts them back on
 * revert; the hooks take the locks the commit took, may refuse a revert whose removals are
 * still in use (`guard`), and recompute what the commit recomputed.
 *
 * An area declares its kinds in its manifest (`importKinds`, platform/area.ts) and the app
 * registers them here, so this module never imports another area.
 */
import type { Lang } from '@bo/contract';
import type { ImportKind, RecordRow } from '@bo/contract/imports/imports';
import type { Tx } from '../../db/client';
import type { RequestActor } from '../../platform/auth/actor';
import type { AppContext } from '../../platform/context';
import type { RecordedChange } from './import-changes';
import type { HeaderDiff, RowProblem } from './parsers/types';

export interface CompanyParseResult {
  /** Which header language matched, e.g. 'en' or 'zh'. */
  variant: string | null;
  locale: string | null;
  /** sha256 of the normalised header list. */
  fingerprint: string;
  /** Set when required columns are missing: the import is held and can never be committed. */
  unknownHeader: HeaderDiff | null;
  /** The rows that can be written, compared with what is stored now. */
  records: RecordRow[];
  errors: RowProblem[];
  warnings: RowProblem[];
}

export interface CompanyCommitResult {
  inserted: number;
  updated: number;
  unchanged: number;
  /** Sales facts whose COGS or fees were recomputed (cost kinds). */
  recomputedFacts?: number;
}

/**
 * How a kind's commit is undone, around the facility's restore of the logged scopes: `lock`
 * before anything is compared (the locks the commit takes), `after` once the rows are back
 * (what the commit recomputed: COGS and fees of sales facts, ad rollups). `changes` are the
 * scopes the commit logged; `shop` is null for the company-wide kinds.
 */
/** What a kind's revert guard is told: the import, its place in the commit order, its shop and the caller. */
export interface RevertGuardInput {
  importId: number;
  commitSeq: number | null;
  shop: ImportShop | null;
  actor: RequestActor;
  lang: Lang;
}

export interface RevertHooks {
  lock?(tx: Tx, changes: readonly RecordedChange[], shop: ImportShop | null): Promise<void>;
  /**
   * After `lock`, before the check for later changes and the restore: throw (a 409 in the
   * caller's language) when what the revert would remove is used by something it does not
   * put back (no foreign key says so: the ppc tables).
   */
  guard?(tx: Tx, revert: RevertGuardInput): Promise<void>;
  after?(tx: Tx, changes: readonly RecordedChange[], shop: ImportShop | null): Promise<{ recomputedFacts?: number }>;
}

export interface CompanyImportHandler {
  parse(ctx: AppContext, bytes: Buffer): Promise<CompanyParseResult>;
  /** Writes the rows in the caller's transaction, compared again with what is stored now. */
  commit(tx: Tx, actor: RequestActor, records: readonly RecordRow[], importId: number): Promise<CompanyCommitResult>;
  /** Present when the commit logs what it replaces: its imports can be reverted. */
  revert?: RevertHooks;
}

/** The shop an import of a shop kind is for: the file must be of its marketplace and currency. */
export interface ImportShop {
  id: number;
  name: string;
  marketId: number;
  marketCode: string;
  currency: string;
  timeZone: string;
}

export interface ShopParseResult extends CompanyParseResult {
  /** The currency the file states (column or money symbols), null when it states none. */
  currency: string | null;
}

/**
 * The parse answer of a report in a marketplace's own English layout, whose header is known
 * whole or refused (never held for unknown columns): its variant and header fingerprint, the
 * currency when the money in it is all of one, and what the rows gave.
 */
export function reportParsed(
  report: { variant: string; fingerprint: string; currencies?: ReadonlySet<string> },
  read: { records: RecordRow[]; errors: RowProblem[]; warnings: RowProblem[] },
): ShopParseResult {
  const currencies = [...(report.currencies ?? [])];
  return {
    variant: report.variant,
    locale: 'en',
    fingerprint: report.fingerprint,
    currency: currencies.length === 1 ? (currencies[0] ?? null) : null,
    unknownHeader: null,
    records: read.records,
    errors: read.errors,
    warnings: read.warnings,
  };
}

export interface ShopCommitResult extends CompanyCommitResult {
  /** Facts of the replaced days that the file no longer has. */
  zeroed: number;
  days: string[];
  /** Per replaced day whose ad figures changed: spend and clicks before and after. */
  adChanges?: { day: string; spendBefore: number; spendAfter: number; clicksBefore: number; clicksAfter: number }[];
}

/** The period fields of an upload (yyyy-MM-dd), when given. */
export interface ImportPeriod {
  periodStart?: string | undefined;
  periodEnd?: string | undefined;
}

/**
 * A kind of one shop's data handled by its area (the ad reports): the facility checks the
 * shop, stores the preview and commits in one transaction; the handler parses and writes.
 */
export interface ShopImportHandler {
  /** `period`: the dates the upload names (a stock snapshot without a date column takes its day from it). */
  parse(ctx: AppContext, bytes: Buffer, shop: ImportShop, period?: ImportPeriod): Promise<ShopParseResult>;
  commit(
    tx: Tx,
    actor: RequestActor,
    shop: ImportShop,
    records: readonly RecordRow[],
    importId: number,
    asOf: Date,
  ): Promise<ShopCommitResult>;
  /** Present when the commit logs what it replaces: its imports can be reverted. */
  revert?: RevertHooks;
}

const handlers = new Map<ImportKind, CompanyImportHandler>();
const shopHandlers = new Map<ImportKind, ShopImportHandler>();

export function registerShopImportKind(kind: ImportKind, handler: ShopImportHandler): void {
  shopHandlers.set(kind, handler);
}

export function shopHandler(kind: ImportKind): ShopImportHandler | undefined {
  return shopHandlers.get(kind);
}

export function registerImportKind(kind: ImportKind, handler: CompanyImportHandler): void {
  handlers.set(kind, handler);
}

export function companyHandler(kind: ImportKind): CompanyImportHandler | undefined {
  return handlers.get(kind);
}
