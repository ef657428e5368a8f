import { index, integer, pgTable, primaryKey, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { createdAt, serialId, version, writtenAt } from '../../../db/columns';

/**
 * Back-office documents (/backMgr/docList): the current title, category, state and sanitised
 * body, and `version` (the optimistic lock, equal to the newest row of backmgr_doc_versions).
 */
export const backmgrDocs = pgTable(
  'backmgr_docs',
  {
    id: serialId(),
    titleZh: text('title_zh').notNull().default(''),
    titleEn: text('title_en').notNull().default(''),
    /** procedure, policy, guide, faq, other (contract DOC_CATEGORIES). */
    category: text('category').notNull(),
    /** draft, published. */
    state: text('state').notNull().default('draft'),
    /** Sanitised HTML (contract backmgr/doc-html.ts). */
    body: text('body').notNull().default(''),
    version: version(),
    createdBy: integer('created_by'),
    updatedBy: integer('updated_by'),
    ...writtenAt(),
  },
  (t) => [index('backmgr_docs_updated_idx').on(t.updatedAt)],
);

/** Every save of a document: who, when, what it said. `no` counts from 1 per document. */
export const backmgrDocVersions = pgTable(
  'backmgr_doc_versions',
  {
    id: serialId(),
    docId: integer('doc_id')
      .notNull()
      .references(() => backmgrDocs.id, { onDelete: 'cascade' }),
    no: integer('no').notNull(),
    titleZh: text('title_zh').notNull(),
    titleEn: text('title_en').notNull(),
    category: text('category').notNull(),
    body: text('body').notNull(),
    /** The version this one restored, when it is a restore. */
    restoredFrom: integer('restored_from'),
    savedBy: integer('saved_by'),
    savedAt: timestamp('saved_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique('backmgr_doc_versions_no_uq').on(t.docId, t.no)],
);

/**
 * A document's attachments: the file store's file (purpose `document`) and what the list
 * shows of it, copied at upload so the list reads no other area's table.
 */
export const backmgrDocAttachments = pgTable(
  'backmgr_doc_attachments',
  {
    docId: integer('doc_id')
      .notNull()
      .references(() => backmgrDocs.id, { onDelete: 'cascade' }),
    fileId: integer('file_id').notNull(),
    name: text('name').notNull(),
    size: integer('size').notNull(),
    contentType: text('content_type').notNull(),
    uploadedBy: integer('uploaded_by'),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.docId, t.fileId] })],
);
