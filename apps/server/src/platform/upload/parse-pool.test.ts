import { ERROR_CODES, STATUS } from '@bo/contract';
import { afterEach, describe, expect, it } from 'vitest';
import { AppError } from '../errors';
import { PARSE_LIMITS, ParsePool } from './parse-pool';

const csv = (rows: number) => {
  const lines = ['(Parent) ASIN,(Child) ASIN,SKU,Units Ordered'];
  for (let i = 0; i < rows; i++) lines.push(`B0PARENT${i},B0CHILD${i},SKU-${i},${i % 9}`);
  return Buffer.from(lines.join('\n'));
};

const failure = async (p: Promise<unknown>) => {
  try {
    await p;
    return null;
  } catch (err) {
    return err;
  }
};

describe('ParsePool: uploads parsed off the event loop', () => {
  const pools: ParsePool[] = [];
  const pool = (size = 1, limits: Partial<Record<keyof typeof PARSE_LIMITS, number>> = {}) => {
    const p = new ParsePool(size, { ...PARSE_LIMITS, ...limits });
    pools.push(p);
    return p;
  };
  afterEach(async () => {
    await Promise.all(pools.splice(0).map((p) => p.close()));
  });

  it('answers what the parser answers, bytes and all, and reuses its worker', async () => {
    const p = pool();
    const a = await p.run('textRecords', csv(3), [',']);
    expect(a.records.map((r) => r.cells[2])).toEqual(['SKU', 'SKU-0', 'SKU-1', 'SKU-2']);
    const b = await p.run('textRecords', Buffer.from('x\ty\n1\t2'), [',', '\t']);
    expect(b.delimiter).toBe('\t');
  });

  it('brings a refusal back as a 400 on the file field, and strips NUL from what it answers', async () => {
    const p = pool();
    const err = await failure(p.run('textRecords', Buffer.alloc(600_000, 0x0a), [',']));
    expect(err).toBeInstanceOf(AppError);
    expect((err as AppError).status).toBe(STATUS.BAD_REQUEST);
    expect((err as AppError).data).toEqual({
      fields: [
        {
          path: 'file',
          code: 'file.tooManyLines',
          params: { max: '500,000' },
          message: 'The file has more than 500,000 lines: split it',
        },
      ],
    });
    // A NUL after the first 8 KB is not binary data, but PostgreSQL refuses it: gone before it leaves the worker.
    const text = `a,b\n${'x,y\n'.repeat(3000)}c\u0000d,e\n`;
    const r = await p.run('textRecords', Buffer.from(text), [',']);
    expect(r.records.at(-1)?.cells).toEqual(['cd', 'e']);
  });

  it('a parse that needs more memory than the cap costs its worker, not the server: 400, and the next parse works', async () => {
    const p = pool(1, { heapMb: 48, youngMb: 4 });
    const err = await failure(p.run('textRecords', csv(450_000), [',']));
    expect(err).toBeInstanceOf(AppError);
    expect((err as AppError).message).toMatch(/more memory/);
    expect((await p.run('textRecords', csv(2), [','])).records).toHaveLength(3);
  });

  it('stops a parse at its deadline with a 400', async () => {
    const p = pool(1, { timeoutMs: 1 });
    const err = await failure(p.run('textRecords', csv(200_000), [',']));
    expect((err as AppError).message).toMatch(/took longer than/);
  });

  it('refuses work beyond its queue with 503 BUSY, and keeps the event loop free while it parses', async () => {
    const p = pool(1, { queue: 1 });
    let ticks = 0;
    const timer = setInterval(() => ticks++, 10);
    const running = [p.run('textRecords', csv(150_000), [',']), p.run('textRecords', csv(150_000), [','])];
    const third = await failure(p.run('textRecords', csv(1), [',']));
    expect((third as AppError).status).toBe(STATUS.UNAVAILABLE);
    expect((third as AppError).code).toBe(ERROR_CODES.BUSY);
    const t = performance.now();
    await Promise.all(running);
    clearInterval(timer);
    // The timer kept firing while two large files were read: the loop was never held.
    expect(ticks).toBeGreaterThan((performance.now() - t) / 10 / 4);
  });
});

describe('what crosses the thread boundary', () => {
  it('keeps the holes of sparse rows (an xlsx row with empty cells) as holes', async () => {
    const p = new ParsePool(1);
    try {
      const { readFileSync } = await import('node:fs');
      const bytes = readFileSync(new URL('../../../test/fixtures/imports/ppc/search-term-sentence-14d.xlsx', import.meta.url));
      const { readTable } = await import('../../modules/ppc/imports/table-read');
      const here = await readTable(bytes);
      const there = await p.run('table', bytes);
      expect(there).toEqual(here);
      const holes = (t: { lines: { cells: string[] }[] }) => t.lines.map((l) => l.cells.length - Object.keys(l.cells).length);
      expect(holes(there)).toEqual(holes(here));
    } finally {
      await p.close();
    }
  });
});
