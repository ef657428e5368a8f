import { z } from 'zod';
import { fieldCode } from './validation';

/** Every JSON reply: `{ code, msg, data }`; code 0 is success. */
export const envelopeSchema = <T extends z.ZodType>(data: T) => z.object({ code: z.number().int(), msg: z.string(), data });

export type Envelope<T> = { code: number; msg: string; data: T };

/** A page of a list: `data: { list, total, pageNum, pageSize }`. */
export const pageSchema = <T extends z.ZodType>(item: T) =>
  z.object({
    list: z.array(item),
    total: z.number().int(),
    pageNum: z.number().int(),
    pageSize: z.number().int(),
  });

/** The largest PostgreSQL `integer`: ids and versions beyond it are refused at the edge, not by the database. */
export const PG_INT_MAX = 2_147_483_647;
/** An id or version in a query or path (a string that becomes a number). */
export const idParam = z.coerce.number().int().positive().max(PG_INT_MAX);
/** An id or version in a JSON body. */
export const idValue = z.number().int().positive().max(PG_INT_MAX);

/**
 * The one sort-order convention of list queries: 'asc' | 'desc' on the wire. antd's words
 * ('ascend' | 'descend', which older links carry) are read as the same.
 */
export const sortOrderSchema = z.preprocess(
  (v) => (v === 'ascend' ? 'asc' : v === 'descend' ? 'desc' : v),
  z.enum(['asc', 'desc']),
);
export type SortOrder = z.output<typeof sortOrderSchema>;

export const pagingQuery = {
  pageNum: z.coerce.number().int().min(1).max(100000).default(1),
  pageSize: z.coerce.number().int().min(1).max(500).default(20),
};

/**
 * A repeatable query parameter sent without indices (`a=1&a=2`): one value arrives as a
 * string, several as an array; both become an array.
 */
export const arrayParam = <T extends z.ZodType>(item: T) =>
  z.preprocess((v) => (v === undefined || Array.isArray(v) ? v : [v]), z.array(item));

/** yyyy-MM-dd */
export const isoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, fieldCode('notADate'))
  .refine((s) => {
    const t = Date.parse(`${s}T00:00:00Z`);
    return !Number.isNaN(t) && new Date(t).toISOString().startsWith(s);
  }, fieldCode('notACalendarDate'));

/**
 * An ISO 8601 instant with an offset, answered as UTC. Offsets beyond PostgreSQL's ±15:59
 * are refused at the edge (a coded field error) instead of by the database (a 500).
 */
export const instantSchema = z.iso
  .datetime({ offset: true })
  .refine((s) => /(Z|[+-](0\d|1[0-5]):?[0-5]\d)$/.test(s), fieldCode('access.offsetOutOfRange'))
  .transform((s) => new Date(s).toISOString());
