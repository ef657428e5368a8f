/**
 * What the servers of a browser suite logged (e2e/support/server.ts writes each server's
 * output to E2E_SERVER_LOG/server-<port>.log at info level): when a suite fails, `npm test`
 * prints their warnings and errors, the requests slower than 2 s and the requests never
 * answered, so that a failure seen once under load says where the time went.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const SLOW_MS = 2000;
const MAX_LINES = 60;

/** The notable lines of every server log in `dir`, oldest first (at most 60). */
export function notableLines(dir) {
  let files;
  try {
    files = readdirSync(dir).filter((f) => f.endsWith('.log'));
  } catch {
    return [];
  }
  const out = [];
  for (const f of files) {
    const open = new Map();
    for (const line of readFileSync(path.join(dir, f), 'utf8').split('\n')) {
      let j;
      try {
        j = JSON.parse(line);
      } catch {
        continue;
      }
      const key = `${j.pid}:${j.reqId}`;
      const at = new Date(j.time).toISOString().slice(11, 23);
      if (j.msg === 'incoming request' && j.req) {
        open.set(key, { time: j.time, at, what: `${j.req.method} ${j.req.url}` });
      } else if (j.msg === 'request completed') {
        const req = open.get(key);
        open.delete(key);
        if (j.responseTime > SLOW_MS) {
          out.push({
            time: j.time,
            text: `${at} ${f}: slow ${Math.round(j.responseTime)} ms ${req?.what ?? ''} → ${j.res?.statusCode}`,
          });
        }
      } else if (j.level >= 40) {
        const err = j.err?.message ?? j.err ?? '';
        out.push({ time: j.time, text: `${at} ${f}: ${j.level >= 50 ? 'error' : 'warn'} ${j.msg}${err ? `: ${err}` : ''}` });
      }
    }
    for (const r of open.values()) out.push({ time: r.time, text: `${r.at} ${f}: never answered ${r.what}` });
  }
  return out
    .sort((a, b) => a.time - b.time)
    .slice(-MAX_LINES)
    .map((l) => l.text);
}
