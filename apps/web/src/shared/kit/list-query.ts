/**
 * A list screen's state in the URL, read and written through its endpoint's zod query
 * schema: the contract says which filters, sorts and page sizes exist, so a screen declares
 * no URL parsing of its own.
 *
 * - Reading: each key of the schema is parsed on its own from the query string (repeated
 *   keys for arrays; a POST list's body schema gets its numbers and flags as such). A value the schema refuses (a hand-edited link, a sort field that no
 *   longer exists) falls back to the field's default, or to "not set": a bad link opens
 *   the list, it never fails it.
 * - Writing: a value equal to its default, or empty, is left out of the URL, so links stay
 *   short; keys the schema does not know (a drawer's `edit=12`) are kept.
 * - Changing a filter goes back to page 1; changing the page keeps everything else.
 */
import { z } from 'zod';

export type ListSchema = z.ZodObject;
type Layers = { innerType?: z.ZodType; in?: z.ZodType; out?: z.ZodType };
export type ListQuery<S extends ListSchema> = z.output<S>;
export type ListPatch<S extends ListSchema> = { [K in keyof ListQuery<S>]?: ListQuery<S>[K] | undefined | null };

/** The keys that are paging and sorting, not filters. */
export const CONTROL_KEYS = ['pageNum', 'pageSize', 'sortField', 'sortOrder'] as const;

const isArrayField = (field: z.ZodType): boolean => {
  // Unwrap optional/default/catch/pipe layers to see whether the value is a list.
  let f: z.ZodType | undefined = field;
  for (let i = 0; f && i < 8; i += 1) {
    if (f instanceof z.ZodArray) return true;
    const def: Layers | undefined = (f as unknown as { def?: Layers }).def;
    f = def?.innerType ?? def?.out ?? def?.in;
  }
  return false;
};

/** The field's value when the URL says nothing (its default), or undefined. */
export function fieldDefault(field: z.ZodType): unknown {
  const r = field.safeParse(undefined);
  return r.success ? r.data : undefined;
}

const NUMBER = /^-?\d+(\.\d+)?$/;
const typed = (v: string): unknown => (v === 'true' ? true : v === 'false' ? false : NUMBER.test(v) ? Number(v) : v);
/**
 * A URL holds text. A query schema coerces it; a body schema (a POST list) asks for numbers
 * and yes/no as such: text the field refuses is tried once more as the number or flag it reads as.
 */
function parseText(field: z.ZodType, raw: string | string[]) {
  const first = field.safeParse(raw);
  return first.success ? first : field.safeParse(Array.isArray(raw) ? raw.map(typed) : typed(raw));
}

/** The query a URL stands for: every key parsed on its own, a refused value falls back to its default. */
export function readListQuery<S extends ListSchema>(schema: S, params: URLSearchParams): ListQuery<S> {
  const out: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(schema.shape) as [string, z.ZodType][]) {
    const raw = isArrayField(field) ? (params.has(key) ? params.getAll(key) : undefined) : (params.get(key) ?? undefined);
    const parsed = raw === undefined || raw === '' ? undefined : parseText(field, raw);
    out[key] = parsed?.success ? parsed.data : fieldDefault(field);
  }
  return out as ListQuery<S>;
}

const same = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);
const asText = (v: unknown): string => (v instanceof Date ? v.toISOString() : String(v));

/**
 * The query string after `patch`: values equal to their default and empty ones leave the
 * URL; keys outside the schema stay. A patch without a page number (a filter, a sort, a
 * page size) goes back to page 1.
 */
export function writeListQuery<S extends ListSchema>(schema: S, params: URLSearchParams, patch: ListPatch<S>): URLSearchParams {
  const next = new URLSearchParams(params);
  const shape = schema.shape as Record<string, z.ZodType>;
  const keys = Object.keys(patch);
  for (const key of keys) {
    const field = shape[key];
    if (!field) continue;
    next.delete(key);
    const value = (patch as Record<string, unknown>)[key];
    if (value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0)) continue;
    if (same(value, fieldDefault(field))) continue;
    if (Array.isArray(value)) for (const v of value) next.append(key, asText(v));
    else next.set(key, asText(value));
  }
  // A new filter, sort or page size starts at page 1.
  if ('pageNum' in shape && !keys.includes('pageNum') && keys.some((k) => k in shape)) next.delete('pageNum');
  return next;
}

/** Whether any filter (not paging, not sorting) differs from its default: "nothing matches" instead of "no data". */
export function isFiltered<S extends ListSchema>(schema: S, query: ListQuery<S>, ignore: readonly string[] = []): boolean {
  return Object.entries(schema.shape as Record<string, z.ZodType>).some(
    ([key, field]) =>
      !(CONTROL_KEYS as readonly string[]).includes(key) &&
      !ignore.includes(key) &&
      !same((query as Record<string, unknown>)[key] ?? undefined, fieldDefault(field)),
  );
}

/** Every filter back to its default (paging and sorting kept, page 1). */
export function clearedFilters<S extends ListSchema>(schema: S): ListPatch<S> {
  const patch: Record<string, unknown> = {};
  for (const key of Object.keys(schema.shape)) if (!(CONTROL_KEYS as readonly string[]).includes(key)) patch[key] = undefined;
  return patch as ListPatch<S>;
}

/** The sort options of a schema: its sortField enum values and its sortOrder words. */
export function sortSpec(schema: ListSchema): { fields: readonly string[]; asc: string; desc: string } | null {
  const shape = schema.shape as Record<string, z.ZodType>;
  const field = shape.sortField;
  const order = shape.sortOrder;
  if (!field || !order) return null;
  const fields = enumValues(field);
  // One convention on the wire ('asc' | 'desc'); older endpoints say 'ascend' | 'descend'.
  const ascend = order.safeParse('ascend');
  const legacy = ascend.success && ascend.data === 'ascend';
  return { fields, asc: legacy ? 'ascend' : 'asc', desc: legacy ? 'descend' : 'desc' };
}

/** The values of an enum field, looking through optional/default/catch layers. */
export function enumValues(field: z.ZodType): readonly string[] {
  let f: z.ZodType | undefined = field;
  for (let i = 0; f && i < 8; i += 1) {
    if (f instanceof z.ZodEnum) return f.options as string[];
    const def: Layers | undefined = (f as unknown as { def?: Layers }).def;
    f = def?.innerType ?? def?.out ?? def?.in;
  }
  return [];
}
