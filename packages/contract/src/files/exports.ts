/**
 * Stored exports and the download centre (issue #21, docs/files.md "Stored exports"): every
 * export a user runs is kept for 7 days with its filters, row count and who ran it. The
 * caller lists their own, downloads one again (the endpoint's permission and the shops its
 * filters named are checked again at download) and deletes one.
 */
import { z } from 'zod';
import { defineEndpoint } from '../endpoint';
import { idParam, pageSchema, pagingQuery } from '../envelope';

const tags = ['files'];

/** How long a stored export is kept. */
export const STORED_EXPORT_DAYS = 7;

export const storedExportSchema = z.object({
  id: z.number().int(),
  fileName: z.string(),
  /** The export endpoint's method and path as the contract names it, e.g. `GET product/rest/v1/products/excel`. */
  endpoint: z.string(),
  /** The endpoint's summary (English), for a screen that has no better title. */
  summary: z.string(),
  /** The query it ran with (the filters), as parsed. */
  filters: z.record(z.string(), z.unknown()),
  /** The permission the export needs (checked again at download). */
  permission: z.string(),
  /** Null when the writer could not count (a file built whole). */
  rows: z.number().int().nullable(),
  size: z.number().int(),
  contentType: z.string(),
  createdAt: z.string(),
  expiresAt: z.string(),
});
export type StoredExport = z.infer<typeof storedExportSchema>;

export const listStoredExports = defineEndpoint({
  method: 'GET',
  path: 'files/exports',
  access: 'tools:download',
  summary: "The caller's own stored exports (kept 7 days), newest first",
  tags,
  query: z.object({ ...pagingQuery }),
  data: pageSchema(storedExportSchema),
});

export const downloadStoredExport = defineEndpoint({
  method: 'GET',
  path: 'files/exports/{id}',
  access: 'tools:download',
  summary:
    'Download one of the caller’s stored exports again: the export’s own permission and every shop its filters named are checked again (403 exports.permissionGone / exports.shopGone)',
  tags,
  params: z.object({ id: idParam }),
  binary: true,
  keep: false,
});

export const deleteStoredExport = defineEndpoint({
  method: 'DELETE',
  path: 'files/exports/{id}',
  access: 'tools:download',
  summary: 'Delete one of the caller’s stored exports (404 for another user’s)',
  tags,
  write: true,
  params: z.object({ id: idParam }),
  data: z.null(),
});
