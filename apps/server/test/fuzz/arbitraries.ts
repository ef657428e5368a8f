/**
 * fast-check arbitraries from the JSON schemas of the OpenAPI document (as
 * @fastify/swagger writes them from the contract's zod schemas): values the schema
 * accepts, values on its edges, and values it must refuse.
 */
import fc from 'fast-check';

export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: boolean | number;
  exclusiveMaximum?: boolean | number;
  nullable?: boolean;
  default?: unknown;
}

/** Strings that have broken servers before: quoting, encodings, control characters, sizes. */
const NASTY = [
  '',
  ' ',
  "'; DROP TABLE users; --",
  '" OR 1=1 --',
  '%',
  '_',
  '\\',
  '\u0000',
  'null',
  'undefined',
  '<script>alert(1)</script>',
  '=cmd|calc!A1',
  '../../etc/passwd',
  '灯带 ライト Größe',
  '😀'.repeat(40),
  'a'.repeat(10_000),
  '-1',
  '1e309',
  'NaN',
  '2026-02-30',
  '9999-99-99',
  '{}',
  '[]',
];

const typeOf = (s: JsonSchema): string | undefined => (Array.isArray(s.type) ? s.type.find((t) => t !== 'null') : s.type);

function bounds(s: JsonSchema, integer: boolean): { min: number; max: number } {
  const lo = s.minimum ?? (integer ? -1_000_000 : -1e9);
  const hi = s.maximum ?? (integer ? 1_000_000 : 1e9);
  const exMin = s.exclusiveMinimum === true ? lo : typeof s.exclusiveMinimum === 'number' ? s.exclusiveMinimum : null;
  const exMax = s.exclusiveMaximum === true ? hi : typeof s.exclusiveMaximum === 'number' ? s.exclusiveMaximum : null;
  const step = integer ? 1 : 1e-6;
  return {
    min: exMin !== null ? exMin + step : lo,
    max: Math.min(exMax !== null ? exMax - step : hi, Number.MAX_SAFE_INTEGER),
  };
}

/** Values the schema accepts (its refinements aside), mostly small so that ids hit real rows. */
export function valid(s: JsonSchema, depth = 0): fc.Arbitrary<unknown> {
  if (s.const !== undefined) return fc.constant(s.const);
  if (s.enum) return fc.constantFrom(...s.enum);
  const alternatives = s.anyOf ?? s.oneOf;
  if (alternatives?.length) return fc.oneof(...alternatives.map((a) => valid(a, depth + 1)));
  if (s.allOf?.length) return valid(Object.assign({}, ...s.allOf) as JsonSchema, depth + 1);
  const base = validOfType(s, depth);
  return s.nullable || (Array.isArray(s.type) && s.type.includes('null')) ? fc.option(base, { nil: null }) : base;
}

function validOfType(s: JsonSchema, depth: number): fc.Arbitrary<unknown> {
  switch (typeOf(s)) {
    case 'integer': {
      const { min, max } = bounds(s, true);
      const small = fc.integer({ min: Math.max(min, Math.min(max, 0)), max: Math.min(max, Math.max(min, 60)) });
      return fc.oneof({ arbitrary: small, weight: 4 }, { arbitrary: fc.integer({ min, max }), weight: 1 });
    }
    case 'number': {
      const { min, max } = bounds(s, false);
      return fc.double({ min, max, noNaN: true, noDefaultInfinity: true });
    }
    case 'boolean':
      return fc.boolean();
    case 'string': {
      if (s.pattern) return fc.stringMatching(new RegExp(s.pattern)).filter((v) => fits(v, s));
      if (s.format === 'date')
        return fc
          .date({ min: new Date('2024-01-01'), max: new Date('2027-12-31'), noInvalidDate: true })
          .map((d) => d.toISOString().slice(0, 10));
      if (s.format === 'date-time') return fc.date({ noInvalidDate: true }).map((d) => d.toISOString());
      if (s.format === 'email') return fc.emailAddress().filter((v) => fits(v, s));
      const minLength = s.minLength ?? 0;
      const maxLength = Math.min(s.maxLength ?? 40, minLength + 40);
      return fc.string({ minLength, maxLength, unit: 'grapheme' }).filter((v) => fits(v, s));
    }
    case 'array': {
      const minLength = s.minItems ?? 0;
      const maxLength = Math.min(s.maxItems ?? 5, minLength + 5);
      return fc.array(valid(s.items ?? {}, depth + 1), { minLength, maxLength });
    }
    case 'object':
      return objectOf(s, depth, valid);
    default:
      return fc.oneof(fc.integer(), fc.string(), fc.boolean(), fc.constant(null));
  }
}

const fits = (v: string, s: JsonSchema) =>
  [...v].length >= (s.minLength ?? 0) && [...v].length <= (s.maxLength ?? Number.POSITIVE_INFINITY);

function objectOf(s: JsonSchema, depth: number, inner: (p: JsonSchema, d: number) => fc.Arbitrary<unknown>) {
  if (depth > 6) return fc.constant({});
  const props = s.properties ?? {};
  const required = new Set(s.required ?? []);
  const model: Record<string, fc.Arbitrary<unknown>> = {};
  for (const [k, p] of Object.entries(props)) model[k] = inner(p, depth + 1);
  return fc.record(model, { requiredKeys: Object.keys(props).filter((k) => required.has(k)) });
}

/** Accepted values at the schema's edges: min/max lengths and bounds, empty and full arrays. */
export function boundary(s: JsonSchema, depth = 0): fc.Arbitrary<unknown> {
  if (s.enum || s.const !== undefined) return valid(s, depth);
  const alternatives = s.anyOf ?? s.oneOf;
  if (alternatives?.length) return fc.oneof(...alternatives.map((a) => boundary(a, depth + 1)));
  switch (typeOf(s)) {
    case 'integer':
    case 'number': {
      const { min, max } = bounds(s, typeOf(s) === 'integer');
      return fc.constantFrom(min, max, Math.max(min, Math.min(max, 0)), Math.max(min, Math.min(max, 1)));
    }
    case 'string':
      if (s.pattern || s.format) return valid(s, depth);
      return fc.constantFrom(
        'x'.repeat(s.minLength ?? 0),
        '界'.repeat(Math.min(s.maxLength ?? 200, 5000)),
        ` ${'y'.repeat(Math.max(0, Math.min(s.maxLength ?? 10, 5000) - 2))} `,
      );
    case 'array': {
      const n = Math.min(s.maxItems ?? 50, 200);
      return fc.oneof(
        fc.array(valid(s.items ?? {}, depth + 1), { minLength: s.minItems ?? 0, maxLength: s.minItems ?? 0 }),
        fc.array(boundary(s.items ?? {}, depth + 1), { minLength: n, maxLength: n }),
      );
    }
    case 'object':
      return objectOf(s, depth, boundary);
    default:
      return valid(s, depth);
  }
}

/** Values the schema must refuse, or that test its parsing: wrong types, out of range, nasty text. */
export function invalid(s: JsonSchema, depth = 0): fc.Arbitrary<unknown> {
  const wrongType = fc.oneof(
    fc.constantFrom(...NASTY),
    fc.constantFrom(null, true, -1, 0, 2 ** 53, -(2 ** 63), 1.5, Number.MAX_VALUE, [], {}, [null], { $ne: 1 }),
  );
  switch (typeOf(s)) {
    case 'integer':
    case 'number': {
      const { min, max } = bounds(s, typeOf(s) === 'integer');
      return fc.oneof(wrongType, fc.constantFrom(min - 1, max + 1, 0.5, '12abc', '0x10', ' 7 '));
    }
    case 'string':
      return fc.oneof(
        wrongType,
        fc.constant('z'.repeat((s.maxLength ?? 100_000) + 1)),
        fc.constant(s.minLength ? 'q'.repeat(s.minLength - 1) : 42),
      );
    case 'array':
      return fc.oneof(wrongType, fc.array(invalid(s.items ?? {}, depth + 1), { minLength: 1, maxLength: 3 }));
    case 'object': {
      if (depth > 6) return wrongType;
      const props = Object.entries(s.properties ?? {});
      if (props.length === 0) return wrongType;
      // One field broken (or a required one missing), the others valid.
      return fc.oneof(
        wrongType,
        fc.tuple(fc.integer({ min: 0, max: props.length - 1 }), valid(s, depth), fc.boolean()).chain(([i, base, drop]) => {
          const [key, prop] = props[i] as [string, JsonSchema];
          const copy = { ...(base as Record<string, unknown>) };
          if (drop) {
            delete copy[key];
            return fc.constant(copy);
          }
          return invalid(prop, depth + 1).map((v) => ({ ...copy, [key]: v }));
        }),
        valid(s, depth).map((v) => ({ ...(v as Record<string, unknown>), unexpectedField: 'x' })),
      );
    }
    default:
      return wrongType;
  }
}

/** valid 60 %, boundary 20 %, invalid 20 %. */
export const anyInput = (s: JsonSchema): fc.Arbitrary<unknown> =>
  fc.oneof({ arbitrary: valid(s), weight: 3 }, { arbitrary: boundary(s), weight: 1 }, { arbitrary: invalid(s), weight: 1 });
