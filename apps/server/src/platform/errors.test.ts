import { describe, expect, it } from 'vitest';
import { isDbUnavailable } from './errors';

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
