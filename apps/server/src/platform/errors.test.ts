import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fieldText } from '@bo/contract';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { badRequest, codedFieldError, fieldConflict, isDbUnavailable } from './errors';

describe('isDbUnavailable', () => {
  it('recognises a driver error, also when a query wrapper carries it as its cause', () => {
    const timeout = new Error('timeout exceeded when trying to connect');
    expect(isDbUnavailable(timeout)).toBe(true);
    const wrapped = new Error('Failed query: select 1', { cause: timeout });
    expect(isDbUnavailable(wrapped)).toBe(true);
    expect(isDbUnavailable(Object.assign(new Error('x'), { code: '57P01' }))).toBe(true);
  });
  it('leaves other errors alone', () => {
    expect(isDbUnavailable(new Error('duplicate key value violates unique constraint'))).toBe(false);
    expect(isDbUnavailable(new Error('Failed query', { cause: Object.assign(new Error('dup'), { code: '23505' }) }))).toBe(false);
    expect(isDbUnavailable(null)).toBe(false);
  });
});

/*
 * The scan for field errors written as text in server source: a `fields` list whose items are
 * object literals (`{ path, message }`) instead of `fieldErrorOf(…)`, or a call of a helper
 * named `fieldError` (the English-only one this replaced). The types refuse most of these
 * already (ReplyData); the scan also covers an AppError built by hand.
 */
function uncodedFields(fileName: string, source: string): string[] {
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const report = (n: ts.Node) => found.push(`${file.getLineAndCharacterOfPosition(n.getStart()).line + 1}`);
  const literalItems = (n: ts.Expression): boolean => {
    if (ts.isArrayLiteralExpression(n)) return n.elements.some((e) => ts.isObjectLiteralExpression(e));
    // fields: xs.map((x) => ({ path, message }))
    if (ts.isCallExpression(n) && ts.isPropertyAccessExpression(n.expression) && n.expression.name.text === 'map') {
      const fn = n.arguments[0];
      if (fn && ts.isArrowFunction(fn)) {
        const body = ts.isParenthesizedExpression(fn.body) ? fn.body.expression : fn.body;
        return ts.isObjectLiteralExpression(body);
      }
    }
    return false;
  };
  const visit = (n: ts.Node): void => {
    if (ts.isPropertyAssignment(n) && n.name.getText(file) === 'fields' && literalItems(n.initializer)) report(n);
    if (ts.isCallExpression(n) && ts.isIdentifier(n.expression) && n.expression.text === 'fieldError') report(n);
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

describe('field errors', () => {
  it('are coded everywhere in the server: no field message written as text', () => {
    const files = sources(SRC);
    expect(files.length).toBeGreaterThan(100);
    const raw = files.flatMap((f) => {
      const text = readFileSync(f, 'utf8');
      // Only a file that names fields can write one as text: the others are not parsed (fast).
      if (!/\bfields\b|\bfieldError\b/.test(text)) return [];
      return uncodedFields(f, text).map((line) => `${relative(SRC, f)}:${line}`);
    });
    expect(raw).toEqual([]);
  });

  it('the scan catches each way a field message can be written as text', () => {
    const src = [
      "throw conflict('x', { fields: [{ path: 'name', message: 'taken' }] })",
      "throw badRequest('x', { fields: ids.map((id) => ({ path: String(id), message: 'no' })) })",
      "throw fieldError('name', 'taken')",
      "throw badRequest('x', { fields: [fieldErrorOf('name', 'nameTaken')] })",
      "throw badRequest('x', { fields })",
    ].join(';\n');
    expect(uncodedFields('x.ts', src)).toEqual(['1', '2', '3']);
  });

  it('carry the code, its params and the en-US text; the reply message defaults to path and text', () => {
    const e = codedFieldError('name', 'tooLong', { max: 64 });
    expect(e.status).toBe(400);
    expect(e.message).toBe('name: At most 64 characters');
    expect(e.data).toEqual({
      fields: [{ path: 'name', code: 'tooLong', params: { max: 64 }, message: 'At most 64 characters' }],
    });
    const c = fieldConflict('a team named X exists', 'name', 'nameTaken', {}, { owned: [] });
    expect(c.status).toBe(409);
    expect(c.data).toEqual({
      owned: [],
      fields: [{ path: 'name', code: 'nameTaken', params: {}, message: 'This name is taken' }],
    });
    expect(fieldText('nameTaken', 'zh-CN')).toBe('该名称已被使用');
  });

  it('cannot be built with a message written as text (a compile error)', () => {
    // @ts-expect-error a field without a code
    const e = badRequest('x', { fields: [{ path: 'name', message: 'taken' }] });
    expect(e.status).toBe(400);
  });
});
