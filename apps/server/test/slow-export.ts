/**
 * An exportable endpoint the app does not have, for the background-export tests only: a csv of
 * `rows` lines written `pauseMs` apart, honouring the stop signal, with an estimate and a row
 * count, so progress and cancel can be watched mid-export.
 */
import { defineEndpoint } from '@bo/contract';
import { z } from 'zod';
import { type AreaManifest, defineArea } from '../src/platform/area';
import { bind } from '../src/platform/http/binder';
import { CSV_TYPE, streamedFile, writeChunk } from '../src/platform/http/file-reply';

export const slowExport = defineEndpoint({
  method: 'GET',
  path: 'test/rest/v1/slow/csv',
  access: 'product:manage:export',
  exportable: 'csv',
  summary: 'A slow csv (tests only)',
  tags: ['test'],
  query: z.object({
    rows: z.coerce.number().int().min(0).max(10_000).default(20),
    pauseMs: z.coerce.number().int().min(0).max(1_000).default(0),
    shopId: z.coerce.number().int().optional(),
  }),
  binary: true,
});
export const SLOW_EXPORT = `GET ${slowExport.path}`;

export const slowExportArea: AreaManifest = defineArea({
  name: 'test-slow-export',
  routes: (app) => {
    bind(app, slowExport, async ({ query }) => {
      const counted = { rows: 0 };
      return streamedFile(
        `slow-${query.rows}.csv`,
        CSV_TYPE,
        async () => async (out, signal) => {
          await writeChunk(out, 'n\r\n');
          for (let i = 0; i < query.rows && !signal.aborted; i++) {
            if (query.pauseMs) await new Promise((r) => setTimeout(r, query.pauseMs));
            await writeChunk(out, `${i}\r\n`);
            counted.rows++;
          }
        },
        counted,
        async () => query.rows,
      );
    });
  },
});
