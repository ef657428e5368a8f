import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { columnPrefsKey, readColumnChoice, writeColumnChoice } from './column-prefs';

class MemoryStorage {
  private map = new Map<string, string>();
  getItem(k: string) {
    return this.map.get(k) ?? null;
  }
  setItem(k: string, v: string) {
    this.map.set(k, String(v));
  }
  removeItem(k: string) {
    this.map.delete(k);
  }
  get size() {
    return this.map.size;
  }
}

let storage: MemoryStorage;
beforeEach(() => {
  storage = new MemoryStorage();
  (globalThis as { localStorage?: unknown }).localStorage = storage;
});
afterEach(() => {
  delete (globalThis as { localStorage?: unknown }).localStorage;
});

describe('column choice storage', () => {
  it('keeps a choice per user and per table', () => {
    writeColumnChoice('ppc.mgr.sp.campaigns', { shown: ['ctr'], hidden: ['clicks'] }, '7');
    expect(readColumnChoice('ppc.mgr.sp.campaigns', '7')).toEqual({ shown: ['ctr'], hidden: ['clicks'] });
    expect(readColumnChoice('ppc.mgr.sp.campaigns', '8')).toEqual({ shown: [], hidden: [] });
    expect(readColumnChoice('ppc.mgr.sp.keywords', '7')).toEqual({ shown: [], hidden: [] });
    expect(storage.getItem(columnPrefsKey('ppc.mgr.sp.campaigns', '7'))).not.toBeNull();
  });

  it("uses the signed-in user's id when none is given", () => {
    storage.setItem('userId', '42');
    writeColumnChoice('costs.bom', { shown: ['items'], hidden: [] });
    expect(storage.getItem('bo.columns.42.costs.bom')).toBe(JSON.stringify({ shown: ['items'], hidden: [] }));
    expect(readColumnChoice('costs.bom')).toEqual({ shown: ['items'], hidden: [] });
  });

  it('forgets the entry on reset and ignores anything unreadable', () => {
    writeColumnChoice('t', { shown: ['a'], hidden: [] }, '1');
    writeColumnChoice('t', { shown: [], hidden: [] }, '1');
    expect(storage.size).toBe(0);
    storage.setItem(columnPrefsKey('t', '1'), '{not json');
    expect(readColumnChoice('t', '1')).toEqual({ shown: [], hidden: [] });
    storage.setItem(columnPrefsKey('t', '1'), JSON.stringify({ shown: 'a' }));
    expect(readColumnChoice('t', '1')).toEqual({ shown: [], hidden: [] });
  });
});
