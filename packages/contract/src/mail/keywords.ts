/**
 * Keyword rules that route incoming mail (/mail/setKeyWord, /mail/productKeyWord): a
 * keyword found in a mail's subject or body gives the dialogue its type, or its product
 * line. The highest priority wins, then the longest keyword, then the oldest rule. The
 * matcher is pure so the screen's "test a sample" and the mail fetcher agree.
 */
import { z } from 'zod';
import { defineEndpoint } from '../endpoint';
import { idParam, idValue, pageSchema, pagingQuery, sortOrderSchema } from '../envelope';
import { fieldCode } from '../validation';
import { DIALOGUE_TYPES } from './dialogues';

export const KEYWORD_KINDS = ['dialogue', 'product'] as const;
export type KeywordKind = (typeof KEYWORD_KINDS)[number];
export const KEYWORD_MATCH_TYPES = ['contains', 'word'] as const;
export const KEYWORD_FIELDS = ['any', 'subject', 'body'] as const;

/** Dialogue types a keyword rule can route to: the mail tree's own types (0 there means "all"). */
export const MAIL_DIALOGUE_TYPES = DIALOGUE_TYPES;
export const dialogueTypeName = (id: number, lang: 'zh-CN' | 'en-US') => {
  const d = MAIL_DIALOGUE_TYPES.find((t) => t.id === id);
  return d ? (lang === 'zh-CN' ? d.zh : d.en) : String(id);
};

// ---- matcher ------------------------------------------------------------------------------------

export interface KeywordRuleLike {
  id: number;
  keyword: string;
  matchType: (typeof KEYWORD_MATCH_TYPES)[number];
  field: (typeof KEYWORD_FIELDS)[number];
  priority: number;
  enabled: boolean;
  targetId: number;
}
export interface KeywordMatch<R extends KeywordRuleLike> {
  rule: R;
  field: 'subject' | 'body';
  excerpt: string;
}

const isWordChar = (c: string | undefined) => c !== undefined && /[\p{L}\p{N}_]/u.test(c) && !/\p{Script=Han}/u.test(c);

/** Where `needle` occurs in `hay` (case-insensitive), as a whole word when `word`; -1 if nowhere. */
export function findKeyword(hay: string, needle: string, word: boolean): number {
  const h = hay.toLowerCase();
  const n = needle.toLowerCase();
  if (!n) return -1;
  for (let i = h.indexOf(n); i >= 0; i = h.indexOf(n, i + 1)) {
    if (!word) return i;
    // CJK has no spaces between words: a Han keyword matches wherever it occurs.
    if (!isWordChar(h[i - 1]) && !isWordChar(h[i + n.length])) return i;
  }
  return -1;
}

/** Every enabled rule that matches, best first; the first one decides. */
export function matchKeywordRules<R extends KeywordRuleLike>(
  rules: readonly R[],
  mail: { subject: string; body: string },
): KeywordMatch<R>[] {
  const out: KeywordMatch<R>[] = [];
  for (const rule of rules) {
    if (!rule.enabled) continue;
    for (const field of ['subject', 'body'] as const) {
      if (rule.field !== 'any' && rule.field !== field) continue;
      const text = mail[field];
      const at = findKeyword(text, rule.keyword, rule.matchType === 'word');
      if (at < 0) continue;
      const a = Math.max(0, at - 20);
      const b = Math.min(text.length, at + rule.keyword.length + 20);
      out.push({
        rule,
        field,
        excerpt: `${a > 0 ? '…' : ''}${text.slice(a, b).replace(/\s+/g, ' ')}${b < text.length ? '…' : ''}`,
      });
      break;
    }
  }
  return out.sort(
    (x, y) => y.rule.priority - x.rule.priority || y.rule.keyword.length - x.rule.keyword.length || x.rule.id - y.rule.id,
  );
}

// ---- endpoints ----------------------------------------------------------------------------------

export const keywordRuleSchema = z.object({
  id: z.number().int(),
  keyword: z.string(),
  matchType: z.enum(KEYWORD_MATCH_TYPES),
  field: z.enum(KEYWORD_FIELDS),
  priority: z.number().int(),
  enabled: z.boolean(),
  /** A MAIL_DIALOGUE_TYPES id (dialogue rules) or a product line id (product rules). */
  targetId: z.number().int(),
  /** The product line's names (product rules). */
  targetName: z.string().nullable(),
  targetNameEn: z.string().nullable(),
  version: z.number().int(),
  updatedAt: z.string(),
});
export type KeywordRule = z.infer<typeof keywordRuleSchema>;

const editable = {
  keyword: z.string().trim().min(1, fieldCode('mail.writeKeyword')).max(100),
  matchType: z.enum(KEYWORD_MATCH_TYPES).default('contains'),
  field: z.enum(KEYWORD_FIELDS).default('any'),
  priority: z.number().int().min(0).max(1000).default(0),
  enabled: z.boolean().default(true),
  targetId: idValue,
};

export const KEYWORD_SORT_FIELDS = ['keyword', 'priority', 'targetId', 'updatedAt'] as const;

function endpoints<K extends KeywordKind, P extends 'email:keyword' | 'email:productKeyword'>(kind: K, page: P) {
  const path = `email/rest/v1/keywords/${kind}` as const;
  const tags = [`mail keywords (${kind})`];
  const what = kind === 'dialogue' ? 'dialogue type' : 'product line';
  return {
    list: defineEndpoint({
      method: 'GET',
      path,
      access: page,
      summary: `Keyword → ${what} rules, best first`,
      tags,
      query: z.object({
        keyword: z.string().trim().max(100).optional(),
        targetId: z.coerce.number().int().positive().max(2147483647).optional(),
        sortField: z.enum(KEYWORD_SORT_FIELDS).default('priority'),
        sortOrder: sortOrderSchema.default('desc'),
        ...pagingQuery,
      }),
      data: pageSchema(keywordRuleSchema),
    }),
    create: defineEndpoint({
      method: 'POST',
      path,
      access: `${page}:create`,
      summary: `Add a keyword → ${what} rule`,
      tags,
      write: true,
      body: z.object(editable).strict(),
      data: keywordRuleSchema,
    }),
    update: defineEndpoint({
      method: 'PUT',
      path,
      access: `${page}:edit`,
      summary: `Change a keyword → ${what} rule (409 when stale)`,
      tags,
      write: true,
      body: z.object({ id: idValue, version: idValue, ...editable }).strict(),
      data: keywordRuleSchema,
    }),
    remove: defineEndpoint({
      method: 'DELETE',
      path: `${path}/{id}`,
      access: `${page}:delete`,
      summary: `Delete a keyword → ${what} rule`,
      tags,
      write: true,
      params: z.object({ id: idParam }),
      data: z.null(),
    }),
    test: defineEndpoint({
      method: 'POST',
      path: `${path}/test`,
      access: page,
      summary: `Which rules a sample mail matches, best first, and the ${what} it would get`,
      tags,
      body: z.object({ subject: z.string().max(1000).default(''), body: z.string().max(50000).default('') }).strict(),
      data: z.object({
        targetId: z.number().int().nullable(),
        matches: z.array(z.object({ rule: keywordRuleSchema, field: z.enum(['subject', 'body']), excerpt: z.string() })),
      }),
    }),
  };
}

export const dialogueKeywords = endpoints('dialogue', 'email:keyword');
export const productKeywords = endpoints('product', 'email:productKeyword');
