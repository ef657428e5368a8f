/**
 * One row per API route: a request that is valid for the route, and the status each
 * actor must get, in ACTORS order:
 *   noToken expired none page pageButton shopA shopB admin godView
 * "page" holds every page (type-2) permission, "pageButton" every page and button
 * permission but no capability; godView is the administrator looking as sales.manager.
 * A route without a row fails the matrix test. Each area keeps the rows of the routes it binds
 * in `<area>.matrix.ts` beside its manifest (`matrixRows`), found through modules/areas.ts, so a
 * new area adds its rows without editing this file. Only the health check is the platform's
 * own (app.ts binds it, no area): its row is below. What rows of several areas share is in
 * cells.ts.
 */
import { existsSync } from 'node:fs';
import type { Pool } from 'pg';
import { AREAS } from '../../src/modules/areas';
import type { AreaManifest } from '../../src/platform/area';
import { PUBLIC_OK } from './cells';

export interface CellContext {
  /** Unique per cell, for names that must not collide. */
  n: number;
  pool: Pool;
}
export interface MatrixRequest {
  url: string;
  query?: Record<string, string>;
  body?: unknown;
  /** Extra request headers (an app key). */
  headers?: Record<string, string>;
  /** Sent as multipart/form-data instead of a JSON body. */
  multipart?: { fields: Record<string, string>; file: { name: string; bytes: Buffer } };
}
export interface Row {
  request: (c: CellContext) => Promise<MatrixRequest> | MatrixRequest;
  expect: string;
}

/** Routes that app.ts binds itself, outside every area. */
const PLATFORM_ROWS: Record<string, Row> = {
  'GET /api/health': { request: () => ({ url: '/api/health' }), expect: PUBLIC_OK },
};

/**
 * An area's own rows, when it has them: `modules/<area>/<area>.matrix.ts`, or
 * `platform/<area>/` for a platform piece listed with the areas (the audit log).
 */
export async function matrixRowsOf(area: AreaManifest): Promise<Record<string, Row> | null> {
  const file = ['modules', 'platform']
    .map((dir) => new URL(`../../src/${dir}/${area.name}/${area.name}.matrix.ts`, import.meta.url))
    .find((f) => existsSync(f));
  if (!file) return null;
  const { matrixRows } = (await import(file.href)) as { matrixRows: () => Record<string, Row> };
  return matrixRows();
}

/** The rows of every listed area. */
async function areaRows(): Promise<Record<string, Row>> {
  const rows: Record<string, Row> = {};
  for (const area of AREAS) {
    for (const [key, row] of Object.entries((await matrixRowsOf(area)) ?? {})) {
      if (rows[key] || PLATFORM_ROWS[key]) throw new Error(`the matrix has two rows for ${key} (${area.name}.matrix.ts)`);
      rows[key] = row;
    }
  }
  return rows;
}

export const ROWS: Record<string, Row> = { ...PLATFORM_ROWS, ...(await areaRows()) };
