/** What may be done with one import on screen; the server decides `revertible` and `discardable` per caller. */
import type { ImportRecord } from './imports.queries';

interface ImportActions {
  /** Write it: a preview only (a held file never). */
  commit: boolean;
  /** Drop it without writing anything: a preview or a held file, by its uploader or a holder of the upload permission. */
  discard: boolean;
  /** Undo a committed import whose kind logs what it replaces (the server says so: `revertible`). */
  revert: boolean;
}

export function importActions(r: Pick<ImportRecord, 'status' | 'revertible' | 'discardable'>): ImportActions {
  return {
    commit: r.status === 'preview',
    discard: r.discardable && (r.status === 'preview' || r.status === 'held'),
    revert: r.revertible,
  };
}
