/**
 * What a form needs to know about a contract body field, read from its zod schema: whether
 * it is required, its length or range limits, its enum values. The kit's form turns these
 * into the inputs' limits and the field's rules, so a rule is declared once, in the
 * contract, and the server's check and the form's agree.
 */
import { z } from 'zod';

export interface FieldMeta {
  required: boolean;
  nullable: boolean;
  kind: 'string' | 'number' | 'boolean' | 'enum' | 'array' | 'other';
  maxLength?: number;
  minLength?: number;
  min?: number;
  max?: number;
  options?: readonly (string | number)[];
}

type Def = {
  type?: string;
  innerType?: z.ZodType;
  in?: z.ZodType;
  out?: z.ZodType;
  checks?: readonly {
    _zod?: { def?: { check?: string; value?: unknown; maximum?: number; minimum?: number; inclusive?: boolean } };
  }[];
  values?: readonly unknown[];
  entries?: Record<string, string | number>;
};

const defOf = (s: z.ZodType): Def => (s as unknown as { def: Def }).def ?? {};

/** The field's limits, looking through optional / nullable / default / pipe layers. */
export function fieldMeta(schema: z.ZodType): FieldMeta {
  const meta: FieldMeta = {
    required: !schema.safeParse(undefined).success,
    nullable: schema.safeParse(null).success,
    kind: 'other',
  };
  const seen = new Set<z.ZodType>();
  const visit = (s: z.ZodType | undefined) => {
    if (!s || seen.has(s)) return;
    seen.add(s);
    const def = defOf(s);
    if (s instanceof z.ZodString) meta.kind = 'string';
    else if (s instanceof z.ZodNumber) meta.kind = 'number';
    else if (s instanceof z.ZodBoolean) meta.kind = 'boolean';
    else if (s instanceof z.ZodEnum) {
      meta.kind = 'enum';
      meta.options = Object.values(def.entries ?? {});
    } else if (s instanceof z.ZodArray) meta.kind = 'array';
    else if (s instanceof z.ZodUnion) {
      const literals = (s.options as z.ZodType[]).flatMap((o) => (o instanceof z.ZodLiteral ? [...o.values] : []));
      if (literals.length === (s.options as unknown[]).length) {
        meta.kind = 'enum';
        meta.options = literals as (string | number)[];
      }
    }
    for (const c of def.checks ?? []) {
      const d = c._zod?.def;
      if (!d) continue;
      if (d.check === 'max_length') meta.maxLength = Number(d.maximum);
      if (d.check === 'min_length') meta.minLength = Number(d.minimum);
      if (d.check === 'length_equals') {
        meta.maxLength = Number((d as { length?: number }).length);
        meta.minLength = meta.maxLength;
      }
      if (d.check === 'less_than') meta.max = Number(d.value);
      if (d.check === 'greater_than') meta.min = Number(d.value);
    }
    visit(def.innerType);
    visit(def.in);
    visit(def.out);
  };
  visit(schema);
  return meta;
}

/** The shape of an object body (looking through refinements and pipes), or null. */
export function bodyShape(schema: z.ZodType): Record<string, z.ZodType> | null {
  let s: z.ZodType | undefined = schema;
  for (let i = 0; s && i < 6; i += 1) {
    if (s instanceof z.ZodObject) return s.shape as Record<string, z.ZodType>;
    const def = defOf(s);
    s = def.in ?? def.innerType ?? def.out;
  }
  return null;
}
