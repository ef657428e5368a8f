/**
 * Reply templates (/mailTemplate) and FAQ answer templates (/faqtemplate): spec §7 "Other
 * mail" reply/templates under email/rest/v1. One resource, two kinds: a FAQ template is
 * scoped to a marketplace and optionally an ASIN, answers Q&A. A template is personal (seen
 * and changed by its owner only) or shared (seen by the whole company account). Every save
 * runs the merge-tag check and the messaging-rule linter: an error refuses the save, a
 * warning is returned with the saved template.
 */
import { z } from 'zod';
import { defineEndpoint } from '../endpoint';
import { idParam, idValue, pageSchema, pagingQuery, sortOrderSchema } from '../envelope';
import { fieldCode } from '../validation';
import { LINT_RULE_CODES } from './messaging-rules';

const tags = ['mail templates'];
const API = 'email/rest/v1/reply/templates';

export const TEMPLATE_KINDS = ['reply', 'faq'] as const;
export const TEMPLATE_SCOPES = ['personal', 'shared'] as const;
/** Languages a template is written in (what the buyer reads). */
export const TEMPLATE_LANGUAGES = ['en', 'de', 'fr', 'it', 'es', 'ja', 'nl', 'sv', 'pl', 'zh'] as const;
/** Suggested categories; a template may name its own. */
export const TEMPLATE_CATEGORIES = [
  'shipping',
  'return',
  'refund',
  'replacement',
  'usage',
  'warranty',
  'review',
  'other',
] as const;
export const TEMPLATE_BODY_MAX = 20000;

const trimmed = (max: number) => z.string().trim().max(max);
const asin = z
  .string()
  .trim()
  .regex(/^[A-Z0-9]{10}$/, fieldCode('asin'));
const marketId = z.number().int().min(0).max(12);

const editable = {
  kind: z.enum(TEMPLATE_KINDS).default('reply'),
  scope: z.enum(TEMPLATE_SCOPES),
  name: trimmed(80).min(1, fieldCode('mail.nameTemplate')),
  category: trimmed(40).min(1, fieldCode('mail.chooseCategory')),
  language: z.enum(TEMPLATE_LANGUAGES),
  /** Marketplace (MARKETS id); null: every marketplace. Required for FAQ templates. */
  marketId: marketId.nullable(),
  /** FAQ templates only: the product the answer is about; null: every product of the market. */
  asin: asin.nullable().default(null),
  subject: trimmed(200).default(''),
  /** The editor's HTML (formatting only; anything else is dropped on save). */
  body: z
    .string()
    .max(TEMPLATE_BODY_MAX)
    .refine((s) => s.replace(/<[^>]*>|&nbsp;|\s/g, '').length > 0, fieldCode('writeMessage')),
};

const faqRule = (b: { kind: string; marketId: number | null; asin: string | null }, ctx: z.RefinementCtx) => {
  if (b.kind === 'faq' && b.marketId === null)
    ctx.addIssue({ code: 'custom', path: ['marketId'], message: fieldCode('mail.faqOneMarket') });
  if (b.kind === 'reply' && b.asin !== null)
    ctx.addIssue({ code: 'custom', path: ['asin'], message: fieldCode('mail.asinOnlyFaq') });
};

export const createTemplateBody = z.object(editable).strict().superRefine(faqRule);
export const updateTemplateBody = z
  .object({ templateId: idValue, version: idValue, ...editable })
  .strict()
  .superRefine(faqRule);

export const lintIssueSchema = z.object({
  rule: z.enum(LINT_RULE_CODES as [string, ...string[]]),
  level: z.enum(['error', 'warning']),
  field: z.enum(['subject', 'body']),
  excerpt: z.string(),
  match: z.string(),
});

export const TEMPLATE_SORT_FIELDS = ['name', 'category', 'language', 'marketId', 'updatedAt'] as const;

export const templateListQuery = z.object({
  kind: z.enum(TEMPLATE_KINDS).default('reply'),
  /** Name, subject or body (case-insensitive substring). */
  keyword: z.string().trim().max(100).optional(),
  category: z.string().trim().max(40).optional(),
  language: z.enum(TEMPLATE_LANGUAGES).optional(),
  marketId: z.coerce.number().int().min(0).max(12).optional(),
  scope: z.enum(TEMPLATE_SCOPES).optional(),
  asin: z.string().trim().max(10).optional(),
  sortField: z.enum(TEMPLATE_SORT_FIELDS).default('updatedAt'),
  sortOrder: sortOrderSchema.default('desc'),
  ...pagingQuery,
});

export const templateRowSchema = z.object({
  templateId: z.number().int(),
  kind: z.enum(TEMPLATE_KINDS),
  scope: z.enum(TEMPLATE_SCOPES),
  name: z.string(),
  category: z.string(),
  language: z.enum(TEMPLATE_LANGUAGES),
  marketId: z.number().int().nullable(),
  asin: z.string().nullable(),
  subject: z.string(),
  ownerName: z.string().nullable(),
  /** The caller owns it (a personal template is always the caller's). */
  mine: z.boolean(),
  version: z.number().int(),
  updatedAt: z.string(),
  updatedByName: z.string().nullable(),
});
export type TemplateRow = z.infer<typeof templateRowSchema>;

export const templateContentSchema = templateRowSchema.extend({
  body: z.string(),
  /** Subject and body with sample merge values (body as HTML, values escaped). */
  preview: z.object({ subject: z.string(), body: z.string() }),
  /** Warnings the linter finds (a stored template has no error). */
  issues: z.array(lintIssueSchema),
});
export type TemplateContent = z.infer<typeof templateContentSchema>;

export const listTemplates = defineEndpoint({
  method: 'GET',
  path: API,
  access: 'userCenter:cs:configuration',
  summary: "Reply or FAQ templates the caller sees: the company's shared ones and the caller's personal ones",
  tags,
  query: templateListQuery,
  data: pageSchema(templateRowSchema),
});

export const createTemplate = defineEndpoint({
  method: 'POST',
  path: API,
  access: 'userCenter:cs:configuration:create',
  summary: 'Create a template; refused (400, data.lint) when the linter finds an error',
  tags,
  write: true,
  body: createTemplateBody,
  data: z.object({ templateId: z.number().int(), version: z.number().int(), issues: z.array(lintIssueSchema) }),
});

export const updateTemplate = defineEndpoint({
  method: 'PUT',
  path: API,
  access: 'userCenter:cs:configuration:edit',
  summary: 'Change a template (409 when its version is stale); refused like create on a linter error',
  tags,
  write: true,
  body: updateTemplateBody,
  data: z.object({ templateId: z.number().int(), version: z.number().int(), issues: z.array(lintIssueSchema) }),
});

export const deleteTemplate = defineEndpoint({
  method: 'DELETE',
  path: `${API}/{templateId}`,
  access: 'userCenter:cs:configuration:delete',
  summary: 'Delete a template',
  tags,
  write: true,
  params: z.object({ templateId: idParam }),
  data: z.null(),
});

export const templateContent = defineEndpoint({
  method: 'GET',
  path: `${API}/{templateId}/content`,
  access: 'userCenter:cs:configuration',
  summary: 'One template with its body, a preview with sample merge values and its linter warnings',
  tags,
  params: z.object({ templateId: idParam }),
  data: templateContentSchema,
});
