import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { EndpointDef } from '@bo/contract';
import Fastify from 'fastify';
import { serializerCompiler } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness';
import { matrixRowsOf } from '../../test/matrix/rows';
import type { AreaManifest, SeedStep } from '../platform/area';
import { HistoryReaders } from '../platform/audit/history.registry';
import { GrantsCache } from '../platform/auth/sessions.service';
import type { AppContext } from '../platform/context';
import { inputValidator } from '../platform/http/errors.plugin';
import { ShareKinds } from '../platform/share/share.registry';
import { seedOrder } from '../seed/demo';
import { AREAS } from './areas';

const here = path.dirname(fileURLToPath(import.meta.url));
const contractSrc = path.resolve(here, '../../../../packages/contract/src');
const folders = (dir: string) =>
  readdirSync(dir, { withFileTypes: true })
    .filter((e) => e.isDirectory())
    .map((e) => e.name);

/** Every endpoint object the contract's files export (a file per resource; index files re-export). */
async function contractEndpoints(): Promise<EndpointDef[]> {
  const files = readdirSync(contractSrc, { recursive: true, encoding: 'utf8' }).filter(
    (f) => f.endsWith('.ts') && !f.endsWith('.test.ts'),
  );
  const found = new Set<EndpointDef>();
  const isEndpoint = (v: unknown): v is EndpointDef =>
    typeof v === 'object' && v !== null && 'method' in v && 'path' in v && 'access' in v && 'summary' in v;
  const collect = (v: unknown, depth: number) => {
    if (isEndpoint(v)) found.add(v);
    // depth 3: a kind's slots hold their endpoints one level down (COVER_ENDPOINTS_OF.home.list)
    else if (depth < 3 && typeof v === 'object' && v !== null && !Array.isArray(v))
      for (const inner of Object.values(v)) collect(inner, depth + 1);
  };
  for (const f of files) collect(await import(pathToFileURL(path.join(contractSrc, f)).href), 0);
  return [...found];
}

describe('the area list (modules/areas.ts)', () => {
  it('lists every folder under modules/, each with its <area>.manifest.ts', () => {
    const listed = AREAS.map((a) => a.name);
    expect(folders(here).filter((f) => !listed.includes(f))).toEqual([]);
    for (const f of folders(here)) expect(readdirSync(path.join(here, f))).toContain(`${f}.manifest.ts`);
  });

  it('names each area once', () => {
    const names = AREAS.map((a) => a.name);
    expect(new Set(names).size).toBe(names.length);
  });

  it('declares each import kind and history reader in one area only (a second would silently replace the first)', () => {
    const keys = (pick: (a: AreaManifest) => object | undefined) => AREAS.flatMap((a) => Object.keys(pick(a) ?? {}));
    for (const list of [
      [...keys((a) => a.importKinds?.company), ...keys((a) => a.importKinds?.shop)],
      keys((a) => a.historyReaders),
    ]) {
      expect(list.length).toBeGreaterThan(0);
      expect(list.filter((k, i) => list.indexOf(k) !== i)).toEqual([]);
    }
  });
});

describe('the demo seed order', () => {
  const step = (name: string, after?: string[]): SeedStep => ({ name, after, run: async () => undefined });
  const area = (name: string, seed: SeedStep[]): AreaManifest => ({ name, seed });

  it('runs every step after the ones it names, the list order among the rest', () => {
    const order = seedOrder([
      area('mail', [step('mail', ['orders'])]),
      area('orders', [step('orders', ['sales'])]),
      area('access', [step('accounts')]),
      area('sales', [step('sales', ['accounts'])]),
    ]).map((s) => s.name);
    expect(order).toEqual(['accounts', 'sales', 'orders', 'mail']);
  });

  it('refuses a step after a step nobody declares, steps waiting on each other, and a name used twice', () => {
    expect(() => seedOrder([area('a', [step('a', ['nowhere'])])])).toThrow(/no area declares/);
    expect(() => seedOrder([area('a', [step('a', ['b'])]), area('b', [step('b', ['a'])])])).toThrow(/wait on each other/);
    expect(() => seedOrder([area('a', [step('x')]), area('b', [step('x')])])).toThrow(/twice/);
  });

  it('orders the real areas’ steps: the accounts first, the mail after the orders', () => {
    const order = seedOrder(AREAS).map((s) => s.name);
    expect(order[0]).toBe('accounts');
    for (const s of seedOrder(AREAS))
      for (const dep of s.after ?? []) expect(order.indexOf(dep), `${s.name} after ${dep}`).toBeLessThan(order.indexOf(s.name));
    expect(order).toEqual(expect.arrayContaining(['accounts', 'sales', 'costs', 'ppc', 'orders', 'mail']));
  });
});

describe('the app built from the list', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it('binds exactly the contract’s endpoints, each once', async () => {
    const key = (e: EndpointDef) => `${e.method} ${e.path}`;
    const bound = t.app.routeList.flatMap((r) => (r.endpoint && r.method !== 'HEAD' ? [key(r.endpoint)] : []));
    const contract = (await contractEndpoints()).map(key);
    expect(bound.filter((k, i) => bound.indexOf(k) !== i)).toEqual([]);
    expect(contract.filter((k) => !bound.includes(k)).sort()).toEqual([]);
    expect(bound.filter((k) => !contract.includes(k)).sort()).toEqual([]);
    // Nothing under /api is registered outside the binder (the docs are Swagger's own).
    const unbound = t.app.routeList.filter((r) => r.url.startsWith('/api/') && !r.url.startsWith('/api/docs') && !r.endpoint);
    expect(unbound.map((r) => `${r.method} ${r.url}`)).toEqual([]);
  });

  it('keeps each route’s matrix row in the area that binds it (its <area>.matrix.ts)', async () => {
    const ctx: AppContext = {
      db: t.database.db,
      config: t.config,
      log: t.app.log,
      codeSender: t.codes,
      grants: new GrantsCache(),
      history: new HistoryReaders(),
      share: new ShareKinds(),
    };
    for (const area of AREAS) {
      // The area's routes alone, on an app of their own.
      const app = Fastify();
      app.setValidatorCompiler(inputValidator);
      app.setSerializerCompiler(serializerCompiler);
      const bound: string[] = [];
      app.addHook('onRoute', (r) => {
        // The matrix covers the API and the public pages an area serves outside it (/h5/{slug}, /q/{code}, /trial/{code}).
        const access = (r.config as { access?: string } | undefined)?.access;
        const covered = r.url.startsWith('/api/') || access === 'public';
        for (const m of [r.method].flat()) if (m !== 'HEAD' && covered) bound.push(`${m} ${r.url}`);
      });
      area.routes?.(app, ctx);
      await app.ready();
      await app.close();
      expect(Object.keys((await matrixRowsOf(area)) ?? {}).sort(), area.name).toEqual(bound.sort());
    }
  });
});
