/**
 * Fuzz: every operation of the OpenAPI document, called as the administrator with
 * schema-derived valid, boundary and invalid path parameters, queries and bodies
 * (fast-check, fixed seed). No reply may be a 5xx, and every JSON reply is the envelope
 * (replies with data are checked against their schema by the serializer, which would
 * answer 500 on a mismatch). FUZZ_RUNS sets the runs per operation (40 in npm test,
 * 1,000 in npm run fuzz). The multipart forms also get hostile bodies (multipart-arbitraries.ts):
 * besides no 5xx, none of them may hold the event loop over 200 ms.
 *
 * The operations are dealt round-robin to FUZZ_SHARDS test files (fuzz-1 … fuzz-3), each
 * with its own app and database, so the run spreads over vitest's workers instead of being
 * the one file every run waits for (it took 300-660 s alone on two cores).
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { IMPORT_KINDS } from '@bo/contract/imports/imports';
import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_ADMIN_PASSWORD, type TestApp } from '../harness';
import { multipart } from '../multipart';
import { anyInput, type JsonSchema } from './arbitraries';
import { hostileMultipart } from './multipart-arbitraries';

const RUNS = Number(process.env.FUZZ_RUNS ?? 40);
const SEED = Number(process.env.FUZZ_SEED ?? 20261124);
/** FUZZ_ONLY=part-of-a-path narrows the run while investigating. */
const ONLY = process.env.FUZZ_ONLY ?? '';

interface Parameter {
  in: 'query' | 'path' | 'header';
  name: string;
  required?: boolean;
  schema: JsonSchema;
}
interface Operation {
  method: string;
  path: string;
  summary?: string;
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema: JsonSchema }> };
  security?: unknown[];
}

/** Operations whose whole point is to end the caller's session: fuzzing them ends the run's, not a finding. */
const SESSION_ENDERS = new Set(['GET /api/user/rest/v1/logout']);

/** The fuzz of every `shards`-th operation, starting at `shard` (1-based): one test file each. */
export function fuzzShard(shard: number, shards: number): void {
  let t: TestApp;
  let token = '';
  let adminRow: Record<string, unknown>;
  const operations: Operation[] = [];

  async function signIn() {
    // The fuzz may disable the administrator, change its password or lock it out: put it back.
    const pool = t.database.pool;
    await pool.query(
      `UPDATE users SET enabled = true, state = 'active', password_hash = $1, login_name = 'admin' WHERE id = $2`,
      [adminRow.password_hash, adminRow.id],
    );
    await pool.query('DELETE FROM login_failures');
    token = await t.login('admin', TEST_ADMIN_PASSWORD);
  }

  beforeAll(async () => {
    t = await createTestApp();
    adminRow = (await t.database.pool.query(`SELECT id, password_hash FROM users WHERE login_name = 'admin'`)).rows[0];
    await signIn();
    const all: Operation[] = [];
    const doc = t.app.swagger() as { paths: Record<string, Record<string, Omit<Operation, 'method' | 'path'>>> };
    for (const [path, methods] of Object.entries(doc.paths)) {
      if (!path.startsWith('/api/') || path.startsWith('/api/docs')) continue;
      for (const [method, op] of Object.entries(methods)) {
        const m = method.toUpperCase();
        if (!['GET', 'POST', 'PUT', 'DELETE'].includes(m) || SESSION_ENDERS.has(`${m} ${path}`)) continue;
        if (ONLY && !path.includes(ONLY)) continue;
        all.push({ ...op, method: m, path });
      }
    }
    // Sorted first, so every shard gets the same operations whatever the registration order.
    all.sort((a, b) => `${a.path} ${a.method}`.localeCompare(`${b.path} ${b.method}`));
    operations.push(...all.filter((_, i) => i % shards === shard - 1));
  }, 120_000);
  afterAll(() => t?.close());

  interface Call {
    url: string;
    query: Record<string, string | string[]>;
    body?: unknown;
    rawBody?: string;
    multipart?: { payload: Buffer; headers: Record<string, string> };
    /** A hostile multipart body: the event loop must not stall while it is answered. */
    hostile?: boolean;
  }

  /** The multipart forms of the API: their fields, file field and some valid values (the rest is hostile). */
  const MULTIPART_FORMS: Record<string, { fields: string[]; fileField: string; good: Record<string, readonly string[]> }> = {
    '/api/imports': {
      fields: ['kind', 'shopId', 'marketId', 'periodStart', 'periodEnd'],
      fileField: 'file',
      good: { kind: Object.keys(IMPORT_KINDS), shopId: ['1', '2'], periodStart: ['2026-03-01'], periodEnd: ['2026-03-01'] },
    },
    '/api/email/rest/v2/email-sender/drafts': {
      fields: ['dialogueId', 'subject', 'content'],
      fileField: 'files',
      good: { dialogueId: ['1', '2'], subject: ['Re: order'], content: ['<p>Hello</p>'] },
    },
  };

  /** The longest the event loop may be held while one hostile multipart request is answered. */
  const MAX_STALL_MS = 200;

  const asText = (v: unknown): string => (typeof v === 'string' ? v : v === null || v === undefined ? '' : JSON.stringify(v));

  function callOf(op: Operation): fc.Arbitrary<Call> {
    const params = op.parameters ?? [];
    const path = params.filter((p) => p.in === 'path');
    const query = params.filter((p) => p.in === 'query');
    const pathArb = fc.tuple(...path.map((p) => anyInput(p.schema).map(asText)));
    const queryArb = fc.record(
      Object.fromEntries(
        query.map((p) => [p.name, anyInput(p.schema).map((v) => (Array.isArray(v) ? v.map(asText) : asText(v)))]),
      ),
      { requiredKeys: query.filter((p) => p.required).map((p) => p.name) },
    ) as fc.Arbitrary<Record<string, string | string[]>>;
    const json = op.requestBody?.content?.['application/json']?.schema;
    const form = MULTIPART_FORMS[op.path];
    const hostileArb = form
      ? hostileMultipart(form.fields, form.fileField, form.good).map((multipart) => ({ multipart, hostile: true }))
      : null;
    const jsonArb: fc.Arbitrary<Pick<Call, 'body' | 'rawBody' | 'multipart' | 'hostile'>> = json
      ? fc.oneof(
          { arbitrary: anyInput(json).map((body) => ({ body })), weight: 9 },
          { arbitrary: fc.constantFrom('{"a":', '[1,2', 'not json', '').map((rawBody) => ({ rawBody })), weight: 1 },
        )
      : op.method === 'POST' && /multipart/i.test(op.summary ?? '')
        ? fc
            .record({
              kind: fc.constantFrom('business-report', 'all-orders', 'nope', ''),
              shopId: fc.constantFrom('1', '2', '0', 'x', '999999'),
              marketId: fc.constantFrom('0', '1', '13', ''),
              periodStart: fc.constantFrom('2026-03-01', '2026-02-30', ''),
              periodEnd: fc.constantFrom('2026-03-01', '2025-01-01', 'x'),
              bytes: fc.oneof(
                fc.uint8Array({ maxLength: 2000 }).map((a) => Buffer.from(a)),
                fc.constantFrom(
                  Buffer.from('(Parent) ASIN,(Child) ASIN,Title,SKU,Sessions - Total,Units Ordered,Ordered Product Sales\n'),
                  Buffer.from('\ufeffamazon-order-id\tsku\tquantity\titem-price\n1\tX\t-3\t=1+1\n'),
                ),
              ),
              withFile: fc.boolean(),
            })
            .map(({ bytes, withFile, ...fields }) => ({
              multipart: multipart(fields, withFile ? { name: 'report.csv', bytes } : undefined),
            }))
        : fc.constant({});
    const bodyArb = hostileArb ? fc.oneof(jsonArb, hostileArb) : jsonArb;
    return fc.tuple(pathArb, queryArb, bodyArb).map(([pathValues, q, body]) => {
      let i = 0;
      const url = op.path.replace(/\{\w+\}/g, () => encodeURIComponent(pathValues[i++] ?? ''));
      return { url, query: q, ...body };
    });
  }

  async function send(op: Operation, c: Call): Promise<LightMyRequestResponse> {
    const headers: Record<string, string> = { authorization: `Bearer ${token}`, ...(c.multipart?.headers ?? {}) };
    if (c.rawBody !== undefined) headers['content-type'] = 'application/json';
    return t.app.inject({
      method: op.method as 'GET',
      url: c.url,
      query: c.query,
      headers,
      remoteAddress: '10.9.9.9',
      ...(c.multipart ? { payload: c.multipart.payload } : {}),
      ...(c.rawBody !== undefined ? { payload: c.rawBody } : {}),
      ...(c.body !== undefined && op.method !== 'GET' ? { payload: c.body as object } : {}),
    });
  }

  describe(`fuzz: every operation of the OpenAPI document (shard ${shard} of ${shards})`, () => {
    it('found its operations', () => {
      expect(operations.length).toBeGreaterThan(ONLY ? 0 : 60 / shards);
    });

    it(`answers ${RUNS} generated requests per operation (seed ${SEED}) without a 5xx, always in the envelope`, async () => {
      const failures: string[] = [];
      const stalls: string[] = [];
      for (const op of operations) {
        const details = await fc.check(
          fc.asyncProperty(callOf(op), async (c) => {
            const loop = monitorEventLoopDelay({ resolution: 10 });
            if (c.hostile) loop.enable();
            const res = await send(op, c);
            loop.disable();
            if (c.hostile && loop.max / 1e6 > MAX_STALL_MS) {
              stalls.push(`${op.method} ${op.path}: held the event loop ${(loop.max / 1e6).toFixed(0)} ms`);
              return false;
            }
            if (res.statusCode === 401 && op.security) {
              // The run ended the administrator's session (disabled, password changed...): sign in again.
              await signIn();
              return true;
            }
            if (res.statusCode >= 500) return false;
            if (String(res.headers['content-type'] ?? '').includes('application/json')) {
              const body = res.json() as { code?: unknown; msg?: unknown };
              if (typeof body.code !== 'number' || typeof body.msg !== 'string' || !('data' in body)) return false;
            }
            return true;
          }),
          { numRuns: RUNS, seed: SEED, endOnFailure: true },
        );
        if (details.failed) {
          const c = details.counterexample?.[0] as Call | undefined;
          const res = c ? await send(op, c) : null;
          failures.push(
            `${op.method} ${op.path}: ${res?.statusCode} ${res?.body.slice(0, 300)}\n  request: ${JSON.stringify(c).slice(0, 600)}`,
            ...stalls.splice(0),
          );
        }
      }
      expect(failures).toEqual([]);
    }, 900_000);
  });
}
