/**
 * The registry of company-wide import kinds (master data such as costs, fees, materials,
 * BOMs). The shop kinds (sales reports) keep their own path in imports.service.ts; a
 * company kind only says how a file becomes rows and how rows are written, and the
 * facility does the rest: permissions (IMPORT_KINDS), preview storage, duplicate
 * detection, commit in one transaction, audit and history.
 *
 * An area registers its kinds when its routes are registered (`registerImportKind`), so
 * this module never imports another area.
 */
import type { ImportKind, RecordRow } from '@bo/contract/imports/imports';
import type { Tx } from '../../db/client';
import type { RequestActor } from '../../platform/auth/actor';
import type { AppContext } from '../../platform/context';
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

export interface CompanyImportHandler {
  parse(ctx: AppContext, bytes: Buffer): Promise<CompanyParseResult>;
  /** Writes the rows in the caller's transaction, compared again with what is stored now. */
  commit(tx: Tx, actor: RequestActor, records: readonly RecordRow[], importId: number): Promise<CompanyCommitResult>;
}

const handlers = new Map<ImportKind, CompanyImportHandler>();

export function registerImportKind(kind: ImportKind, handler: CompanyImportHandler): void {
  handlers.set(kind, handler);
}

export function companyHandler(kind: ImportKind): CompanyImportHandler | undefined {
  return handlers.get(kind);
}
