/**
 * What a screen declares to get the import wizard (`ImportWizard.tsx`) for its kinds, and the
 * wizard's rules that need no DOM: which actions an import offers (the contract's
 * IMPORT_MACHINE plus the server's per-caller flags), the size limit checked before a byte
 * is sent, and the multipart fields of an upload.
 */
import { type EndpointData, type EndpointDef, imports as ep, transitionFrom } from '@bo/contract';
import { IMPORT_MACHINE } from '@bo/contract/imports/import-states';
import type { ReactNode } from 'react';
import type { FitColumnType } from '../table/FitTable';

export type ImportKind = keyof typeof ep.IMPORT_KINDS;
export type ImportPreview = EndpointData<typeof ep.getImport>;
export type ImportRecord = EndpointData<typeof ep.listImports>['list'][number];
/** A sales figure the import writes (the sales report kinds). */
export type PreviewRow = ImportPreview['rows'][number];
/** A record the import writes (every other kind): key, new / changed / unchanged, values. */
export type RecordRow = ImportPreview['records'][number];

/** The preview's table: which list of the preview it shows and its columns (the line comes first by itself). */
export type ImportRowsSpec =
  | { from: 'rows'; columns: (p: ImportPreview) => FitColumnType<PreviewRow>[]; testId?: string }
  | { from: 'records'; columns: (p: ImportPreview) => FitColumnType<RecordRow>[]; testId?: string };

/** One kind a wizard offers, in the screen's words. */
export interface ImportKindSpec {
  kind: ImportKind;
  label: string;
  /** The file types the picker offers, e.g. '.xlsx'. */
  accept: string;
  /** Under the drop area: formats and size. */
  dropHint: string;
  /** How to get the file, above the upload. */
  howto?: ReactNode;
  /** The kind's template (a binary endpoint), offered for download. */
  template?: EndpointDef;
  /** The dates the file covers, asked for with the upload. */
  period?: { required: boolean; hint?: string };
  rows: ImportRowsSpec;
  /** The question before commit. */
  commitConfirm: (p: ImportPreview) => string;
  /** What a revert puts back: the description of its confirmation. */
  revertText: (r: ImportRecord) => string;
  /** Above the preview's rows, e.g. the import's details and what the commit would change. */
  details?: (p: ImportPreview) => ReactNode;
  /** What a committed import wrote, in place of the plain counts. */
  result?: (p: ImportPreview) => ReactNode;
  /** The second confirmation's detail when the server holds a commit as a large removal (409 with the impact). */
  largeRemoval?: (p: ImportPreview) => ReactNode;
}

/** The values the upload form asks for besides the file. */
export interface UploadChoice {
  kind: ImportKind;
  shopId?: number;
  /** yyyy-MM-dd */
  period?: [string, string];
}

export interface ImportActions {
  commit: boolean;
  discard: boolean;
  revert: boolean;
}

/**
 * What may be done with an import on screen: what its state allows by IMPORT_MACHINE, narrowed
 * by what the server decided for the caller (`discardable`, `revertible`: a kind that logs what it
 * replaces) and by the kind's upload permission.
 */
export function importActions(
  r: Pick<ImportRecord, 'status' | 'revertible' | 'discardable' | 'kind'>,
  can: (permission: string) => boolean,
): ImportActions {
  const allows = (action: 'commit' | 'discard' | 'revert') => transitionFrom(IMPORT_MACHINE, r.status, action) !== null;
  const uploads = can(ep.IMPORT_KINDS[r.kind].upload);
  return {
    commit: uploads && allows('commit'),
    discard: r.discardable && allows('discard'),
    revert: uploads && r.revertible && allows('revert'),
  };
}

/** The contract's size limit, checked before anything is sent: null when the file may go. */
export function oversize(file: { size: number }): { size: string; max: string } | null {
  if (file.size <= ep.MAX_IMPORT_BYTES) return null;
  const mb = (n: number) => String(Math.round((n / 1024 / 1024) * 10) / 10);
  return { size: mb(file.size), max: mb(ep.MAX_IMPORT_BYTES) };
}

/** The multipart form of an upload: the file and the fields `uploadFieldsSchema` reads. */
export function uploadBody(choice: UploadChoice, file: File): FormData {
  const body = new FormData();
  body.append('kind', choice.kind);
  if (choice.shopId !== undefined && ep.isShopKind(choice.kind)) body.append('shopId', String(choice.shopId));
  if (choice.period) {
    body.append('periodStart', choice.period[0]);
    body.append('periodEnd', choice.period[1]);
  }
  body.append('file', file, file.name);
  return body;
}

/** The counts a revert's text may name. */
export const revertCounts = (r: Pick<ImportRecord, 'result'>) => ({
  inserted: r.result?.inserted ?? 0,
  updated: r.result?.updated ?? 0,
  days: r.result?.days.length ? r.result.days.join(', ') : '—',
});
