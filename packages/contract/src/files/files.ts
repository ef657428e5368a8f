/**
 * The one file store (issue #21, docs/files.md): upload a file for a purpose, download it
 * (with ranges, and an image's thumbnail). Each purpose declares the types it takes (sniffed
 * from the content, never taken from the name), its size limit, and who may upload and read.
 */
import { z } from 'zod';
import { defineEndpoint } from '../endpoint';
import { idParam } from '../envelope';
import type { Permission } from '../permissions';

/** The types the store recognises by their content (the sniffer's answers). */
export const FILE_TYPES = {
  png: 'image/png',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  pdf: 'application/pdf',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  zip: 'application/zip',
  text: 'text/plain; charset=utf-8',
  csv: 'text/csv; charset=utf-8',
} as const;
export type FileType = keyof typeof FILE_TYPES;

export const IMAGE_TYPES = ['png', 'jpeg', 'gif', 'webp'] as const satisfies readonly FileType[];
const OFFICE_TYPES = ['docx', 'xlsx', 'pptx'] as const satisfies readonly FileType[];

const MB = 1024 * 1024;

export interface FilePurposeDef {
  /** The sniffed types a file of this purpose may be. */
  types: readonly FileType[];
  maxBytes: number;
  /** Who may upload one ('login': anyone signed in; 'none': only the server writes them). */
  upload: Permission | 'login' | 'none';
  /**
   * Who may read another user's file of the same account ('login': anyone signed in there); the owner always may.
   * 'none': not through the generic download at all (its area serves them, with its own checks).
   */
  read: Permission | 'login' | 'none';
}

export const FILE_PURPOSES = {
  /** Rich-text attachments: images, pdf, office documents. */
  attachment: { types: [...IMAGE_TYPES, 'pdf', ...OFFICE_TYPES], maxBytes: 20 * MB, upload: 'login', read: 'login' },
  /** Images and media of the app's content. */
  image: { types: IMAGE_TYPES, maxBytes: 10 * MB, upload: 'login', read: 'login' },
  /**
   * Attachments of the back office's documents (/backMgr/docDetail): stored through the back
   * office's own endpoint and read only through it (its guard is the read rule), never through
   * `files/{id}`.
   */
  document: { types: [...IMAGE_TYPES, 'pdf', ...OFFICE_TYPES], maxBytes: 20 * MB, upload: 'login', read: 'none' },
  /** Research documents of projects (spec §7 project/upload, project/download). */
  research: {
    types: ['pdf', ...OFFICE_TYPES, ...IMAGE_TYPES, 'zip'],
    maxBytes: 100 * MB,
    upload: 'digitize:projectborard:edit',
    read: 'digitize:projectborard',
  },
  /**
   * Stored exports (docs/files.md "Stored exports"): written by the server while an export
   * streams, downloaded again only through the download centre, which re-checks the export's
   * permission and shops.
   */
  export: { types: ['xlsx', 'csv', 'zip', 'text'], maxBytes: 2047 * MB, upload: 'none', read: 'none' },
} as const satisfies Record<string, FilePurposeDef>;
export type FilePurpose = keyof typeof FILE_PURPOSES;
export const FILE_PURPOSE_NAMES = Object.keys(FILE_PURPOSES) as [FilePurpose, ...FilePurpose[]];

/** The largest file any purpose takes (the multipart reader's bound is the purpose's own). */
export const MAX_FILE_BYTES = Math.max(
  ...Object.values(FILE_PURPOSES as Record<string, FilePurposeDef>)
    .filter((p) => p.upload !== 'none')
    .map((p) => p.maxBytes),
);

/** An entity a file belongs to, in its area's terms: `project:12`, `mail-template:3`. */
export const entityRefSchema = z
  .string()
  .trim()
  .regex(/^[a-z][a-z0-9-]{0,39}:[A-Za-z0-9_-]{1,64}$/);

export const uploadQuerySchema = z.object({
  purpose: z.enum(FILE_PURPOSE_NAMES),
  entity: entityRefSchema.optional(),
});

export const storedFileSchema = z.object({
  id: z.number().int(),
  purpose: z.enum(FILE_PURPOSE_NAMES),
  name: z.string(),
  size: z.number().int(),
  type: z.enum(Object.keys(FILE_TYPES) as [FileType, ...FileType[]]),
  contentType: z.string(),
  sha256: z.string(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  hasThumb: z.boolean(),
  entity: z.string().nullable(),
  createdAt: z.string(),
});
export type StoredFile = z.infer<typeof storedFileSchema>;

const tags = ['files'];

export const uploadFile = defineEndpoint({
  method: 'POST',
  path: 'files/upload',
  access: 'login',
  summary:
    'Store one file (multipart field `file`) for a purpose: its type is sniffed from the content and must be one the purpose takes, within its size; an image gets its dimensions and a thumbnail; the same content is stored once',
  tags,
  query: uploadQuerySchema,
  write: true,
  data: storedFileSchema,
});

export const downloadFile = defineEndpoint({
  method: 'GET',
  path: 'files/{id}',
  access: 'login',
  summary:
    'Download a stored file (or with thumb=1 its thumbnail): the caller’s permission is checked again; honours Range (206, 416), answers ETag = the content’s sha256',
  tags,
  params: z.object({ id: idParam }),
  query: z.object({ thumb: z.enum(['0', '1']).optional() }),
  binary: true,
  keep: false,
});
