/**
 * Hostile uploads against the built server: the files of a probe that once killed it (50 MB
 * of blank lines), froze it for seconds (millions of empty columns or blank lines) or made
 * it hold hundreds of MB (a 48 KB workbook of 1.5 million cells), sent to every parser —
 * sales reports (csv, tsv), order reports, ad reports, the bulk file, cost workbooks — by an
 * external shop account and by the administrator. Each is refused with a 400 (or held for
 * review when the bytes are not the kind's format at all), while the health endpoint,
 * called every 25 ms throughout, answers with p99 under 100 ms, the server's memory stays
 * within +300 MB, and a good file still imports afterwards.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { after, before, describe, it } from 'node:test';
import { Worker } from 'node:worker_threads';
import zlib from 'node:zlib';
import { type RunningServer, startServer } from '../support/server';

const MB = 1024 * 1024;

/** A zip of the given entries (deflated), as an .xlsx is. */
function zip(entries: Record<string, Buffer>): Buffer {
  const locals: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const [name, data] of Object.entries(entries)) {
    const packed = zlib.deflateRawSync(data, { level: 9 });
    const crc = zlib.crc32(data);
    const nameBytes = Buffer.from(name);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(packed.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(nameBytes.length, 26);
    const dir = Buffer.alloc(46);
    dir.writeUInt32LE(0x02014b50, 0);
    dir.writeUInt16LE(20, 4);
    dir.writeUInt16LE(20, 6);
    dir.writeUInt16LE(8, 10);
    dir.writeUInt32LE(crc, 16);
    dir.writeUInt32LE(packed.length, 20);
    dir.writeUInt32LE(data.length, 24);
    dir.writeUInt16LE(nameBytes.length, 28);
    dir.writeUInt32LE(offset, 42);
    locals.push(local, nameBytes, packed);
    central.push(dir, nameBytes);
    offset += local.length + nameBytes.length + packed.length;
  }
  const dirBytes = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(Object.keys(entries).length, 8);
  end.writeUInt16LE(Object.keys(entries).length, 10);
  end.writeUInt32LE(dirBytes.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, dirBytes, end]);
}

/** A workbook whose one sheet holds `rows` × `cols` numeric cells: small zipped, large inflated. */
function denseWorkbook(rows: number, cols: number): Buffer {
  const row = (r: number) => {
    let cells = '';
    for (let c = 0; c < cols; c++) cells += `<c><v>${(r + c) % 10}</v></c>`;
    return `<row r="${r}">${cells}</row>`;
  };
  const body: string[] = [];
  for (let r = 1; r <= rows; r++) body.push(row(r));
  const sheet = `<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>${body.join('')}</sheetData></worksheet>`;
  return zip({
    '[Content_Types].xml': Buffer.from(
      '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>',
    ),
    'xl/workbook.xml': Buffer.from(
      '<?xml version="1.0"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="Sheet1" sheetId="1" r:id="rId1"/></sheets></workbook>',
    ),
    'xl/_rels/workbook.xml.rels': Buffer.from(
      '<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/></Relationships>',
    ),
    'xl/worksheets/sheet1.xml': Buffer.from(sheet),
  });
}

const HOSTILE: { name: string; file: string; bytes: () => Buffer }[] = [
  { name: '49 MB of blank lines', file: 'blank.csv', bytes: () => Buffer.alloc(49 * MB, 0x0a) },
  { name: '10 MB of one line of empty columns', file: 'columns.csv', bytes: () => Buffer.alloc(10 * MB, 0x2c) },
  { name: '10 MB of empty tab columns', file: 'columns.txt', bytes: () => Buffer.alloc(10 * MB, 0x09) },
  { name: '2 MB of 2 million blank lines', file: 'lines.csv', bytes: () => Buffer.alloc(2 * MB, 0x0a) },
  { name: 'a small workbook of 1.5 million cells', file: 'dense.xlsx', bytes: () => denseWorkbook(100_000, 15) },
];

/** The kinds every hostile file goes to, and who sends it. */
const TARGETS: { kind: string; who: 'shop' | 'admin' }[] = [
  { kind: 'business-report', who: 'shop' },
  { kind: 'all-orders', who: 'shop' },
  { kind: 'fba-shipments', who: 'admin' },
  { kind: 'sp-search-term', who: 'admin' },
  { kind: 'ads-bulk', who: 'admin' },
  { kind: 'sku-costs', who: 'admin' },
];

/** Calls /api/health every 25 ms and samples the server's RSS until told to stop; answers both. */
const PROBE = `
const { parentPort, workerData } = require('node:worker_threads');
const { readFileSync } = require('node:fs');
const rss = () => Number(/VmRSS:\\s+(\\d+) kB/.exec(readFileSync('/proc/' + workerData.pid + '/status', 'utf8'))[1]) / 1024;
let running = true;
let worstSince = 0;
parentPort.on('message', (m) => {
  if (m === 'stop') running = false;
  else { parentPort.postMessage({ worstSince, rssNow: rss() }); worstSince = 0; }
});
(async () => {
  const latencies = [];
  let peak = rss();
  while (running) {
    const t = performance.now();
    const r = await fetch(workerData.base + '/api/health');
    await r.arrayBuffer();
    latencies.push(performance.now() - t);
    worstSince = Math.max(worstSince, performance.now() - t);
    peak = Math.max(peak, rss());
    await new Promise((res) => setTimeout(res, 25));
  }
  parentPort.postMessage({ latencies, peak });
})();
`;

const rssMb = (pid: number) => {
  const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return Number(m?.[1] ?? 0) / 1024;
};

const p99 = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(s.length * 0.99))] ?? 0;
};

describe('hostile uploads', () => {
  let server: RunningServer;
  const tokens: Record<'shop' | 'admin', string> = { shop: '', admin: '' };
  const shopOf: Record<'shop' | 'admin', number> = { shop: 0, admin: 0 };

  before(async () => {
    server = await startServer(process.env.HOSTILE_ENV ? JSON.parse(process.env.HOSTILE_ENV) : {});
    tokens.shop = await server.login('shop.a');
    tokens.admin = await server.login('admin');
    for (const who of ['shop', 'admin'] as const) {
      const r = await server.api('GET', 'sales/rest/v1/shops/user', { token: tokens[who] });
      const shops = r.body.data as { id: number; name: string }[];
      const shop = who === 'admin' ? shops.find((s) => s.name === 'Lumio US') : shops[0];
      assert.ok(shop, `a shop for ${who}`);
      shopOf[who] = shop.id;
    }
  });
  after(async () => server?.stop());

  it('refuses every hostile file with a 400 while health stays fast and memory bounded', async () => {
    // Warm the server first (a real import: the parse worker and the parsers loaded), so the baseline is its working size.
    await goodImport();
    for (let i = 0; i < 20; i++) await fetch(`${server.base}/api/health`);
    const baseline = rssMb(server.pid);
    // The probe runs on a thread of its own, so the uploads this thread streams never delay its timings.
    const prober = new Worker(PROBE, { eval: true, workerData: { base: server.base, pid: server.pid } });
    const probed = new Promise<{ latencies: number[]; peak: number }>((resolve) =>
      prober.on('message', (m: { latencies?: number[]; peak: number }) => {
        if (m.latencies) resolve(m as { latencies: number[]; peak: number });
      }),
    );
    /** The probe's worst latency since it was last asked. */
    const worstSince = () =>
      new Promise<{ worst: number; rss: number }>((resolve) => {
        const take = (m: { worstSince?: number; rssNow?: number }) => {
          if (m.worstSince === undefined) return;
          prober.off('message', take);
          resolve({ worst: m.worstSince, rss: m.rssNow ?? 0 });
        };
        prober.on('message', take);
        prober.postMessage('worst');
      });

    const outcomes: string[] = [];
    try {
      for (const h of HOSTILE) {
        const bytes = h.bytes();
        for (const t of TARGETS) {
          const form = new FormData();
          form.set('kind', t.kind);
          if (t.kind !== 'sku-costs') form.set('shopId', String(shopOf[t.who]));
          if (t.kind === 'business-report') {
            form.set('periodStart', '2026-01-05');
            form.set('periodEnd', '2026-01-05');
          }
          form.set('file', new Blob([new Uint8Array(bytes)]), h.file);
          const r = await fetch(`${server.base}/api/imports`, {
            method: 'POST',
            headers: { authorization: `Bearer ${tokens[t.who]}` },
            body: form,
          });
          const body = (await r.json()) as { code: number; msg: string; data: { status?: string } | null };
          const since = await worstSince();
          outcomes.push(
            `${h.name} → ${t.kind}: ${r.status} ${body.data?.status ?? ''} ${body.msg.slice(0, 100)} ` +
              `(health worst ${since.worst.toFixed(0)} ms, rss ${since.rss.toFixed(0)} MB)`,
          );
          assert.ok(r.status < 500, `${h.name} as ${t.kind}: ${r.status} ${body.msg}`);
          if (r.status === 200) {
            // Not the kind's format at all (a workbook sent as a text report): held, never committable.
            assert.equal(body.data?.status, 'held', `${h.name} as ${t.kind} must be refused or held: ${body.msg}`);
          } else {
            assert.equal(r.status, 400, `${h.name} as ${t.kind}: ${body.msg}`);
            assert.ok(body.msg.length > 0);
          }
        }
      }
    } finally {
      prober.postMessage('stop');
    }
    const { latencies, peak } = await probed;
    await prober.terminate();
    console.log(outcomes.join('\n'));
    const worst = p99(latencies);
    console.log(
      `health: ${latencies.length} calls, p99 ${worst.toFixed(1)} ms, max ${Math.max(...latencies).toFixed(1)} ms; ` +
        `rss ${baseline.toFixed(0)} → peak ${peak.toFixed(0)} MB`,
    );
    assert.ok(latencies.length > 50, 'health was called throughout');
    assert.ok(worst < 100, `health p99 ${worst.toFixed(1)} ms`);
    assert.ok(peak - baseline < 300, `memory grew ${(peak - baseline).toFixed(0)} MB`);
  });

  it('still imports a good file afterwards', async () => {
    await goodImport();
  });

  /** Uploads a one-row Business Report for shop.a's first listing: a preview, ready to commit. */
  async function goodImport() {
    const r = await server.api('GET', `sales/rest/v1/listings/sku/sales_profit?shopId=${shopOf.shop}&pageSize=1`, {
      token: tokens.shop,
    });
    const listing = (r.body.data as { list: { sku: string; asin: string }[] }).list[0];
    assert.ok(listing, 'shop.a has a listing');
    // The header of a real 2023 Business Report (the server's fixture), one row for the listing.
    const fixture = new URL('../../apps/server/test/fixtures/imports/br-en-2023.csv', import.meta.url);
    const header = readFileSync(fixture, 'utf8').split(/\r?\n/)[0] ?? '';
    const row = [listing.asin, listing.asin, 'Item', listing.sku, '10', '0', '1%', '0%', '12', '0', '1%', '0%', '100%', '100%']
      .concat(['2', '0', '20%', '0%', '$20.00', '$0.00', '2', '0'])
      .map((c) => `"${c}"`)
      .join(',');
    const csv = `${header}\n${row}\n`;
    const form = new FormData();
    form.set('kind', 'business-report');
    form.set('shopId', String(shopOf.shop));
    form.set('periodStart', '2026-01-05');
    form.set('periodEnd', '2026-01-05');
    form.set('file', new Blob([csv]), 'good.csv');
    const up = await fetch(`${server.base}/api/imports`, {
      method: 'POST',
      headers: { authorization: `Bearer ${tokens.shop}` },
      body: form,
    });
    const body = (await up.json()) as { msg: string; data: { status: string; rowCount: number } };
    assert.equal(up.status, 200, body.msg);
    assert.equal(body.data.status, 'preview', JSON.stringify(body.data).slice(0, 400));
  }
});
