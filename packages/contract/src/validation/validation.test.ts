import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { modelInfoFields, modelInfoRule } from '../catalog/model-info';
import { skuCodeSchema } from '../catalog/products';
import { FIELD_TEXTS, type FieldCode, fieldErrorOf, fieldText, issueCode } from './index';

/*
 * The scan for validation messages written as text in schema source: a string given to a
 * zod check (`.min(1, 'required')`, `.email('…')`, `.refine(f, '…')`) or as a `message:` /
 * `error:` property. Source-level, so a refinement that only fails on some input is caught too.
 */

/** Checks whose first argument is the message (or its params object). */
const MESSAGE_FIRST = new Set([
  'positive',
  'negative',
  'nonnegative',
  'nonpositive',
  'int',
  'email',
  'url',
  'uuid',
  'nonempty',
  'finite',
  'number',
  'string',
  'boolean',
  'date',
  'bigint',
]);
/** Checks whose second argument is the message (the first is the bound, pattern or predicate). */
const MESSAGE_SECOND = new Set([
  'min',
  'max',
  'length',
  'gt',
  'gte',
  'lt',
  'lte',
  'multipleOf',
  'regex',
  'startsWith',
  'endsWith',
  'includes',
  'refine',
  'enum',
  'array',
  'literal',
]);

const isText = (n: ts.Node): boolean =>
  ts.isStringLiteral(n) || ts.isNoSubstitutionTemplateLiteral(n) || ts.isTemplateExpression(n);

interface RawMessage {
  line: number;
  text: string;
}

function rawMessages(fileName: string, source: string): RawMessage[] {
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true);
  const found: RawMessage[] = [];
  const report = (n: ts.Node) =>
    found.push({ line: file.getLineAndCharacterOfPosition(n.getStart()).line + 1, text: n.getText(file) });
  const visit = (n: ts.Node): void => {
    if (ts.isPropertyAssignment(n) && isText(n.initializer)) {
      const name = n.name.getText(file).replace(/['"]/g, '');
      if (name === 'message' || name === 'error') report(n.initializer);
    }
    if (ts.isCallExpression(n) && ts.isPropertyAccessExpression(n.expression)) {
      const method = n.expression.name.text;
      const from = MESSAGE_FIRST.has(method) ? 0 : MESSAGE_SECOND.has(method) ? 1 : -1;
      if (from >= 0) for (const arg of n.arguments.slice(from)) if (isText(arg)) report(arg);
    }
    ts.forEachChild(n, visit);
  };
  visit(file);
  return found;
}

const SRC = join(import.meta.dirname, '..');
const sources = (dir: string): string[] =>
  readdirSync(dir).flatMap((f) => {
    const p = join(dir, f);
    return statSync(p).isDirectory() ? sources(p) : p.endsWith('.ts') && !p.endsWith('.test.ts') ? [p] : [];
  });
const placeholders = (s: string) => new Set([...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]));
const codeOf = (schema: z.ZodType, input: unknown, path: string) => {
  const r = schema.safeParse(input);
  const issue = r.error?.issues.find((i) => i.path.join('.') === path);
  return issue ? issueCode(issue) : undefined;
};

describe('field codes', () => {
  it('gives every code a text in both languages, the Chinese using no placeholder the English lacks', () => {
    const codes = Object.keys(FIELD_TEXTS) as FieldCode[];
    expect(codes.length).toBeGreaterThan(100);
    for (const code of codes) {
      const en = FIELD_TEXTS[code]['en-US'];
      const zh = FIELD_TEXTS[code]['zh-CN'];
      expect(en.trim(), code).not.toBe('');
      expect(zh.trim(), code).not.toBe('');
      expect(zh, `${code} is not translated`).not.toBe(en);
      for (const p of placeholders(zh)) expect(placeholders(en).has(p), `${code} {${p}}`).toBe(true);
    }
  });

  it('finds no validation message written as text in any contract schema', () => {
    const files = sources(SRC).filter((f) => !f.includes(`${join('src', 'validation')}`));
    expect(files.length).toBeGreaterThan(40);
    const raw = files.flatMap((f) =>
      rawMessages(f, readFileSync(f, 'utf8')).map((m) => `${relative(SRC, f)}:${m.line} ${m.text}`),
    );
    expect(raw).toEqual([]);
    // Parses every contract source: 1-2 s alone, 8 s on a loaded 2-core machine.
  }, 60_000);

  it('the scan catches each way a schema can carry a message', () => {
    const src = [
      "z.string().min(1, 'required')",
      "z.email('not an e-mail')",
      'z.number({ error: `a number` })',
      "x.refine((v) => v > 0, 'positive')",
      "ctx.addIssue({ code: 'custom', message: `a ${what}` })",
      "s.startsWith('?')",
      "z.string().describe('a description')",
    ].join(';\n');
    expect(rawMessages('x.ts', src).map((m) => m.line)).toEqual([1, 2, 3, 4, 5]);
  });

  it('maps zod’s own issues to generic codes with their params', () => {
    expect(codeOf(z.object({ a: z.string().max(5) }), { a: 'toolong' }, 'a')).toEqual({
      code: 'tooLong',
      params: { max: 5 },
    });
    expect(codeOf(z.object({ a: z.string().min(3) }), { a: 'x' }, 'a')).toEqual({ code: 'tooShort', params: { min: 3 } });
    expect(codeOf(z.object({ a: z.string().min(1) }), { a: '' }, 'a')?.code).toBe('required');
    expect(codeOf(z.object({ a: z.number().max(9) }), { a: 10 }, 'a')).toEqual({ code: 'atMost', params: { max: 9 } });
    expect(codeOf(z.object({ a: z.number().positive() }), { a: 0 }, 'a')).toEqual({
      code: 'greaterThan',
      params: { min: 0 },
    });
    expect(codeOf(z.object({ a: z.number().multipleOf(0.01) }), { a: 1.234 }, 'a')).toEqual({
      code: 'atMostDecimals',
      params: { places: 2 },
    });
    expect(codeOf(z.object({ a: z.enum(['x', 'y']) }), { a: 'z' }, 'a')).toEqual({
      code: 'invalidOption',
      params: { values: 'x, y' },
    });
    expect(codeOf(z.object({ a: z.union([z.literal(0), z.literal(1)]) }), { a: 5 }, 'a')).toEqual({
      code: 'invalidOption',
      params: { values: '0, 1' },
    });
    expect(codeOf(z.object({ a: z.email() }), { a: 'nope' }, 'a')?.code).toBe('notAnEmail');
    expect(codeOf(z.object({ a: z.number() }), { a: 'x' }, 'a')?.code).toBe('notANumber');
    expect(codeOf(z.object({}).strict(), { b: 1 }, '')).toEqual({ code: 'unknownKeys', params: { keys: 'b' } });
    const missing = z.object({ a: z.string() }).safeParse({}).error?.issues[0];
    if (!missing) throw new Error('zod accepted a missing field');
    expect(issueCode({ ...missing, missing: true }).code).toBe('required');
    expect(issueCode(missing)).toEqual({ code: 'invalidType', params: { expected: 'string' } });
  });

  it('keeps the code a schema names, with the bound zod reports', () => {
    const sides = { lengthMm: 10, widthMm: 10, heightMm: 10, packageLengthMm: 12, packageWidthMm: 12, packageHeightMm: 12 };
    const info = { ...sides, netWeightG: 500, grossWeightG: 400 };
    expect(codeOf(z.any().superRefine(modelInfoRule), info, 'grossWeightG')?.code).toBe('catalog.grossBelowNet');
    expect(codeOf(modelInfoFields.lengthMm, 6000, '')).toEqual({ code: 'catalog.atMostMm', params: { max: 5000 } });
    expect(codeOf(skuCodeSchema, '-bad', '')?.code).toBe('catalog.skuChars');
  });

  it('renders a field error in either language, its en-US text as the message', () => {
    expect(fieldErrorOf('name', 'tooLong', { max: 64 })).toEqual({
      path: 'name',
      code: 'tooLong',
      params: { max: 64 },
      message: 'At most 64 characters',
    });
    expect(fieldText('tooLong', 'zh-CN', { max: 64 })).toBe('最多 64 个字符');
    expect(fieldText('catalog.grossBelowNet', 'zh-CN')).toBe('毛重小于净重');
  });
});

describe('instants', () => {
  it('takes an offset PostgreSQL can store, answers UTC, and refuses one beyond ±15:59 with a code', async () => {
    const { instantSchema } = await import('../envelope');
    expect(instantSchema.parse('2026-12-01T08:00:00+08:00')).toBe('2026-12-01T00:00:00.000Z');
    // Found by the fuzz on the system notices' publish window: +21:52 reached PostgreSQL as a 500.
    const refused = instantSchema.safeParse('5600-02-29T22:39:46+21:52');
    expect(refused.success).toBe(false);
    expect(refused.error?.issues[0]?.message).toBe('access.offsetOutOfRange');
  });
});
