/**
 * POST brand/project/exportBrandMould (the brand exposure template): the chosen brand exposure
 * projects with their channels, KOL count and metrics in the template's columns; all of them when
 * none is chosen; the columns alone on `template`; a project of another type refused on `ids`.
 */
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { fieldCodesOf, testAppPerFile } from '../../../test/harness';

const URL = '/api/digitize/rest/v1/brand/project/exportBrandMould';
const t = testAppPerFile({ admin: true });

interface P {
  id: number;
  type: string;
  code: string;
  metrics: Record<string, number | null>;
  details: { channels?: string[]; kolCount?: number };
}
let brand: P[] = [];
let other: P | undefined;

const sheet = async (body: unknown, lang = 'en-US') => {
  const res = await t.call('POST', URL, { token: t.admin, body, headers: { 'accept-language': lang } });
  expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
  expect(res.headers['content-type']).toMatch(/spreadsheetml/);
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
  const ws = wb.worksheets[0]!;
  const rows: unknown[][] = [];
  ws.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  return rows;
};

beforeAll(async () => {
  const all = await t.rows<P>(`SELECT id, type, code, metrics, details FROM projects ORDER BY id`);
  brand = all.filter((p) => p.type === 'BRAND_EXPOSURE_PROJECT');
  other = all.find((p) => p.type !== 'BRAND_EXPOSURE_PROJECT');
  expect(brand.length).toBeGreaterThan(0);
});

describe('POST digitize/rest/v1/brand/project/exportBrandMould', () => {
  it("writes a chosen project's channels, KOL count and every metric under the template's columns", async () => {
    const p = brand[0]!;
    const rows = await sheet({ ids: [p.id] });
    const [head, row] = rows;
    expect(rows).toHaveLength(2);
    expect(head).toContain('Total budget (TOTAL_BUDGET)');
    expect(head).toContain('YouTube interactions (YT_INTERACTION)');
    expect(row?.[0]).toBe(p.code);
    const at = (name: string) => row?.[head!.indexOf(name)];
    expect(at('Channels')).toBe((p.details.channels ?? []).join(', '));
    if (p.metrics.TOTAL_BUDGET != null) expect(Number(at('Total budget (TOTAL_BUDGET)'))).toBe(Number(p.metrics.TOTAL_BUDGET));
    // Chinese headers for a Chinese caller.
    const zh = await sheet({ ids: [p.id] }, 'zh-CN');
    expect(zh[0]).toContain('总预算 (TOTAL_BUDGET)');
  });

  it('exports every brand exposure project when none is chosen, and the columns alone as a template', async () => {
    const rows = await sheet({});
    expect(rows.length - 1).toBe(brand.length);
    const template = await sheet({ template: true });
    expect(template).toHaveLength(1);
  });

  it('refuses a project of another type on ids, and a body it does not know', async () => {
    const res = await t.call('POST', URL, { token: t.admin, body: { ids: [brand[0]!.id, other!.id] } });
    expect(res.statusCode).toBe(400);
    expect(fieldCodesOf(res)).toEqual(['ids:projects.notBrandExposure']);
    const unknown = await t.call('POST', URL, { token: t.admin, body: { sheet: 'all' } });
    expect(unknown.statusCode).toBe(400);
  });
});
