/**
 * English texts write the apostrophe as ' and not ’: where the first font the browser has is
 * a CJK one (Noto Sans CJK on Linux), ’ is drawn full width and "export’s" reads "export’ s".
 */
import { describe, expect, it } from 'vitest';

const CJK = /[\u3400-\u9fff]/;
const modules = import.meta.glob<Record<string, unknown>>(['../../**/*.locale.ts', '../../app/locales/en-US.ts'], {
  eager: true,
});

function strings(value: unknown, path: string, out: [string, string][]): void {
  if (typeof value === 'string') out.push([path, value]);
  else if (value && typeof value === 'object')
    for (const [k, v] of Object.entries(value)) strings(v, path ? `${path}.${k}` : k, out);
}

describe('English texts', () => {
  it('use the ASCII apostrophe', () => {
    const found: [string, string][] = [];
    for (const [file, exports] of Object.entries(modules)) strings(exports, file, found);
    expect(found.length).toBeGreaterThan(1000);
    const curly = found.filter(([, text]) => !CJK.test(text) && text.includes('’')).map(([path]) => path);
    expect(curly).toEqual([]);
  });
});
