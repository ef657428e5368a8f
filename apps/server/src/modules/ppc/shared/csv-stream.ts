/**
 * A csv export streamed from a cursor, like the platform's xlsx exports: the first batch
 * is read before any header goes out (a failure there answers 452 as JSON), memory stays
 * flat, the client going away stops the cursor, and text cells a spreadsheet would read
 * as a formula are neutralised. UTF-8 with a byte-order mark so Excel reads it right.
 */
import type { SQL } from 'drizzle-orm';
import type pg from 'pg';
import { openCursor } from '../../../platform/export/cursor';
import { neutralise } from '../../../platform/export/xlsx-stream';
import { CSV_TYPE, type FileReply, streamedFile, writeChunk } from '../../../platform/http/file-reply';

export interface CsvColumn {
  header: string;
  value: (row: Record<string, unknown>) => string | number | null;
}

const cell = (v: string | number | null): string => {
  if (v === null) return '';
  const s = String(neutralise(v));
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
};
const line = (values: readonly (string | number | null)[]) => `${values.map(cell).join(',')}\r\n`;

/** The export as a value the binder streams (platform/http/file-reply.ts). */
export function streamCsv(pool: pg.Pool, spec: { fileName: string; columns: readonly CsvColumn[]; query: SQL }): FileReply {
  const counted = { rows: 0 };
  return streamedFile(
    spec.fileName,
    CSV_TYPE,
    async () => {
      const cursor = await openCursor(pool, spec.query);
      return async (out, signal) => {
        try {
          await writeChunk(out, `\ufeff${line(spec.columns.map((c) => c.header))}`);
          for await (const batch of cursor.batches(signal)) {
            let chunk = '';
            for (const row of batch) chunk += line(spec.columns.map((c) => c.value(row)));
            counted.rows += batch.length;
            await writeChunk(out, chunk);
          }
          await cursor.close();
        } finally {
          cursor.discard();
        }
      };
    },
    counted,
  );
}
