/**
 * Runs the compiler over scope.typetest.ts twice: as written it compiles (each
 * `@ts-expect-error` meets its error), and with the directives taken out every marked line
 * fails: a repository refuses a plain id list, a hand-made scope and a missing one.
 * `tsc -p apps/server` checks the same file on every typecheck; this proves it bites.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const here = path.dirname(fileURLToPath(import.meta.url));
const file = path.join(here, 'scope.typetest.ts');
const tsconfig = path.resolve(here, '../../tsconfig.json');

function diagnostics(strip: boolean) {
  const { config } = ts.readConfigFile(tsconfig, ts.sys.readFile);
  const { options } = ts.parseJsonConfigFileContent(config, ts.sys, path.dirname(tsconfig));
  const host = ts.createCompilerHost(options);
  const read = host.readFile.bind(host);
  host.readFile = (name) => {
    const text = read(name);
    if (!strip || path.resolve(name) !== file || text === undefined) return text;
    return text.replace(/^\s*\/\/ @ts-expect-error.*$/gm, '');
  };
  const program = ts.createProgram([file], { ...options, noEmit: true }, host);
  const source = program.getSourceFile(file);
  return ts.getPreEmitDiagnostics(program, source).map((d) => ({
    line: d.file && d.start !== undefined ? d.file.getLineAndCharacterOfPosition(d.start).line : -1,
    text: ts.flattenDiagnosticMessageText(d.messageText, ' '),
  }));
}

describe('ShopScope type test', () => {
  it('compiles as written', () => {
    expect(diagnostics(false)).toEqual([]);
  }, 120_000);

  it('fails on every marked line once the expectations are removed', () => {
    const marked = (ts.sys.readFile(file) ?? '').split('\n').filter((l) => l.trim().startsWith('// @ts-expect-error')).length;
    const errors = diagnostics(true);
    expect(marked).toBe(4);
    expect(errors).toHaveLength(marked);
  }, 120_000);
});
