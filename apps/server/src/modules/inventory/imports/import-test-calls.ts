/**
 * Test calls of the stock import kinds (ledger, removals and their reads' tests): a fixture of
 * test/fixtures/imports/inventory, its preview as a user of a shop, and its commit. Test code: only
 * *.test.ts files import it.
 */
import { readFileSync } from 'node:fs';
import { expect } from 'vitest';
import type { TestApp } from '../../../../test/harness';
import { uploadImport } from '../../../../test/multipart';

type Json = Record<string, unknown>;
export type ImportPreview = Json & {
  id: number;
  records: Json[];
  counts: Json;
  errors: Json[];
  warnings: Json[];
  status: string;
  variant: string;
};

export const stockFixture = (name: string) =>
  // eslint-disable-next-line security/detect-non-literal-fs-filename -- a fixture file the test names, under the fixtures folder
  readFileSync(new URL(`../../../../test/fixtures/imports/inventory/${name}`, import.meta.url));

/** preview(name, bytes?) and commit(id) of `kind` for the shop `shopId()` names, as `token()`'s user. */
export function importCalls(t: TestApp, kind: string, shopId: () => number, token: () => string) {
  const preview = async (name: string, bytes: Buffer = stockFixture(name), fields: Record<string, string> = {}) => {
    const res = await uploadImport(t.app, token(), { kind, shopId: String(shopId()), ...fields }, { name, bytes });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as ImportPreview;
  };
  const commit = async (id: unknown, skipErrorRows = false) => {
    const res = await t.call('POST', `/api/imports/${id}/commit`, { token: token(), body: { skipErrorRows } });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as Json & { result: Json };
  };
  return {
    preview,
    commit,
    importFile: async (name: string, bytes?: Buffer, fields?: Record<string, string>) =>
      commit((await preview(name, bytes, fields)).id),
  };
}
