import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness';
import { pgErrorText, pgText, pgTextOrNull } from './pg-text';

describe('pgText', () => {
  it('drops NULs, turns lone surrogates into U+FFFD, keeps pairs and cuts without splitting one', () => {
    expect(pgText('a\u0000b\u0000')).toBe('ab');
    expect(pgText('x\uD800y\uDC00z')).toBe('x\uFFFDy\uFFFDz');
    expect(pgText('emoji \u{1F600} ok')).toBe('emoji \u{1F600} ok');
    // The cut falls between the two halves of the emoji: the half left over is replaced.
    expect(pgText('ab\u{1F600}', 3)).toBe('ab\uFFFD');
    expect(pgText('a\u0000bcdef', 3)).toBe('abc');
    expect(pgTextOrNull(null)).toBeNull();
    expect(pgErrorText(new Error('bad \u0000 byte'))).toBe('bad  byte');
    expect(pgErrorText('x'.repeat(3000)).length).toBe(2000);
  });
});

describe('pgText against PostgreSQL', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await t.database.pool.query('CREATE TABLE pg_text_probe (t text, j jsonb)');
  });
  afterAll(async () => t?.close());
  const insert = (v: string) =>
    t.database.pool.query('INSERT INTO pg_text_probe (t, j) VALUES ($1, $2::jsonb)', [v, JSON.stringify([v])]);

  it('refuses the raw values in text and jsonb, and stores the cleaned ones', async () => {
    await expect(insert('nul \u0000 here')).rejects.toThrow();
    await expect(
      t.database.pool.query('INSERT INTO pg_text_probe (j) VALUES ($1::jsonb)', [JSON.stringify(['\uD800'])]),
    ).rejects.toThrow();
    await insert(pgText('nul \u0000 here \uD800 and \uDFFF'));
    const [row] = (await t.database.pool.query('SELECT t, j FROM pg_text_probe')).rows;
    expect(row).toEqual({ t: 'nul  here \uFFFD and \uFFFD', j: ['nul  here \uFFFD and \uFFFD'] });
  });
});
