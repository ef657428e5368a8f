/**
 * Back-office documents (/backMgr/docList, addDoc, editDoc, docDetail): a title in Chinese
 * and/or English, a category, a state (draft / published) and a rich-text body (HTML that the
 * server sanitises on every save by an allow-list: docs/backmgr-docs.md). Every save writes a
 * version (who, when, title, body); an old version can be opened and restored as a new one.
 * Edits carry the document's version (409 stale). Attachments live in the file store (purpose
 * `document`), read only through these endpoints. Back-office user only (BACK_MGR_USER).
 */
import { z } from 'zod';
import { defineEndpoint } from '../endpoint';
import { idParam, idValue, pageSchema, pagingQuery, sortOrderSchema } from '../envelope';
import { defineStateMachine } from '../state-machine';
import { fieldCode } from '../validation';

const tags = ['back office'];
const path = 'backmgr/rest/v1/docs';

export const DOC_STATES = ['draft', 'published'] as const;
export type DocState = (typeof DOC_STATES)[number];
export const DOC_CATEGORIES = ['procedure', 'policy', 'guide', 'faq', 'other'] as const;
export type DocCategory = (typeof DOC_CATEGORIES)[number];
export const DOC_CATEGORY_LABELS: Record<DocCategory, { zh: string; en: string }> = {
  procedure: { zh: '流程', en: 'Procedure' },
  policy: { zh: '制度', en: 'Policy' },
  guide: { zh: '操作指南', en: 'Guide' },
  faq: { zh: '常见问题', en: 'FAQ' },
  other: { zh: '其他', en: 'Other' },
};
export const DOC_SORT_FIELDS = ['updatedAt', 'createdAt', 'title'] as const;

/**
 * The fonts a body may use (spec §9): the toolbar offers them and the sanitiser keeps only
 * them. `css` is the font-family value written into the body.
 */
export const DOC_FONTS = [
  { name: 'Arial', css: 'Arial' },
  { name: 'Serif', css: 'serif' },
  { name: 'Monospace', css: 'monospace' },
  { name: 'Helvetica', css: 'Helvetica' },
  { name: 'Verdana', css: 'Verdana' },
  { name: 'Tahoma', css: 'Tahoma' },
  { name: '微软雅黑', css: "'Microsoft YaHei'" },
] as const;

/** The largest body, in characters of HTML, before sanitising. */
export const DOC_BODY_MAX = 200_000;

/** The states are set on save (a draft is not shown as a published document); the machine gives their labels and tones. */
export const DOC_MACHINE = defineStateMachine<DocState, never>({
  entity: { zh: '文档', en: 'Document' },
  states: {
    draft: { label: { zh: '草稿', en: 'Draft' }, tone: 'default' },
    published: { label: { zh: '已发布', en: 'Published' }, tone: 'success' },
  },
  transitions: [],
});

export const docRowSchema = z.object({
  id: z.number().int(),
  titleZh: z.string(),
  titleEn: z.string(),
  category: z.enum(DOC_CATEGORIES),
  state: z.enum(DOC_STATES),
  version: z.number().int(),
  attachments: z.number().int(),
  author: z.string().nullable(),
  updatedBy: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type DocRow = z.infer<typeof docRowSchema>;

export const docAttachmentSchema = z.object({
  fileId: z.number().int(),
  name: z.string(),
  size: z.number().int(),
  contentType: z.string(),
  uploadedBy: z.string().nullable(),
  createdAt: z.string(),
});
export type DocAttachment = z.infer<typeof docAttachmentSchema>;

export const docVersionRowSchema = z.object({
  no: z.number().int(),
  titleZh: z.string(),
  titleEn: z.string(),
  /** Null for an ordinary save; the version it was restored from otherwise. */
  restoredFrom: z.number().int().nullable(),
  savedBy: z.string().nullable(),
  savedAt: z.string(),
});
export type DocVersionRow = z.infer<typeof docVersionRowSchema>;

export const docSchema = docRowSchema.extend({
  body: z.string(),
  attachmentList: z.array(docAttachmentSchema),
  versions: z.array(docVersionRowSchema),
});
export type Doc = z.infer<typeof docSchema>;

export const docVersionSchema = docVersionRowSchema.extend({ category: z.enum(DOC_CATEGORIES), body: z.string() });
export type DocVersion = z.infer<typeof docVersionSchema>;

const docFields = {
  titleZh: z.string().trim().max(200).default(''),
  titleEn: z.string().trim().max(200).default(''),
  category: z.enum(DOC_CATEGORIES),
  state: z.enum(DOC_STATES).default('draft'),
  body: z.string().max(DOC_BODY_MAX),
};
const titleRequired = (v: { titleZh: string; titleEn: string }, ctx: z.RefinementCtx) => {
  if (!v.titleZh && !v.titleEn) ctx.addIssue({ code: 'custom', path: ['titleZh'], message: fieldCode('backMgr.titleRequired') });
};

export const docBody = z.object(docFields).strict().superRefine(titleRequired);
export type DocBody = z.infer<typeof docBody>;
export const docUpdateBody = z
  .object({ ...docFields, version: idValue })
  .strict()
  .superRefine(titleRequired);
export type DocUpdateBody = z.infer<typeof docUpdateBody>;

export const list = defineEndpoint({
  method: 'GET',
  path,
  access: 'login',
  summary: 'Back-office documents, last changed first unless sorted (back-office user only)',
  tags,
  query: z.object({
    /** Part of a title. */
    keyword: z.string().trim().max(200).optional(),
    category: z.enum(DOC_CATEGORIES).optional(),
    state: z.enum(DOC_STATES).optional(),
    sortField: z.enum(DOC_SORT_FIELDS).default('updatedAt'),
    sortOrder: sortOrderSchema.default('desc'),
    ...pagingQuery,
  }),
  data: pageSchema(docRowSchema),
});

export const get = defineEndpoint({
  method: 'GET',
  path: `${path}/{id}`,
  access: 'login',
  summary: 'One document: its body, attachments and versions (back-office user only)',
  tags,
  params: z.object({ id: idParam }),
  data: docSchema,
});

export const create = defineEndpoint({
  method: 'POST',
  path,
  access: 'login',
  summary: 'Write a document: the body is sanitised; version 1 is recorded (back-office user only)',
  tags,
  write: true,
  body: docBody,
  data: docSchema,
});

export const update = defineEndpoint({
  method: 'PUT',
  path: `${path}/{id}`,
  access: 'login',
  summary: 'Save a document as a new version (409 when the version sent is stale; back-office user only)',
  tags,
  write: true,
  params: z.object({ id: idParam }),
  body: docUpdateBody,
  data: docSchema,
});

export const remove = defineEndpoint({
  method: 'DELETE',
  path: `${path}/{id}`,
  access: 'login',
  summary: 'Delete a document, its versions and attachments (back-office user only)',
  tags,
  write: true,
  params: z.object({ id: idParam }),
  data: z.null(),
});

export const getVersion = defineEndpoint({
  method: 'GET',
  path: `${path}/{id}/versions/{no}`,
  access: 'login',
  summary: 'One saved version of a document, with its body (back-office user only)',
  tags,
  params: z.object({ id: idParam, no: idParam }),
  data: docVersionSchema,
});

export const restoreVersion = defineEndpoint({
  method: 'POST',
  path: `${path}/{id}/versions/{no}/restore`,
  access: 'login',
  summary: 'Save an old version again as the newest (its title, category and body; 409 when stale; back-office user only)',
  tags,
  write: true,
  params: z.object({ id: idParam, no: idParam }),
  body: z.object({ version: idValue }).strict(),
  data: docSchema,
});

/** Multipart: `docId` (a field) and one `file`; the file store judges it (type by content, size). */
export const uploadAttachment = defineEndpoint({
  method: 'POST',
  path: `${path}/attachments`,
  access: 'login',
  summary:
    'Attach a file to a document (multipart fields `docId` and `file`): stored in the file store, type sniffed, 20 MB at most (back-office user only)',
  tags,
  write: true,
  data: docAttachmentSchema,
});

export const downloadAttachment = defineEndpoint({
  method: 'GET',
  path: `${path}/{id}/attachments/{fileId}`,
  access: 'login',
  summary: 'Download an attachment of a document, the caller checked again (back-office user only)',
  tags,
  params: z.object({ id: idParam, fileId: idParam }),
  binary: true,
  keep: false,
});

export const removeAttachment = defineEndpoint({
  method: 'DELETE',
  path: `${path}/{id}/attachments/{fileId}`,
  access: 'login',
  summary: 'Remove an attachment from a document (back-office user only)',
  tags,
  write: true,
  params: z.object({ id: idParam, fileId: idParam }),
  data: z.null(),
});
