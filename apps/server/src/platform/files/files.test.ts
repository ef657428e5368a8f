import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';
import { multipart } from '../../../test/multipart';
import type { RequestActor } from '../auth/actor';
import { AppError } from '../errors';
import { CHUNK_BYTES, fileStoreOf } from './file-store';
import { collectGarbage, downloadFile, parseRange, removeFile } from './files.service';

let t: TestApp;
let admin: string;
let pm: string;
let analyst: string;
let shopA: string;
let tmp: string;
const savedTmp = process.env.TMPDIR;

beforeAll(async () => {
  t = await createTestApp();
  [admin, pm, analyst, shopA] = await Promise.all([t.login('admin'), t.login('pm'), t.login('sales.analyst'), t.login('shop.a')]);
  // Whatever the upload path might write to the temp directory lands here, where the tests look.
  tmp = await fs.mkdtemp(path.join(os.tmpdir(), 'bo-files-test-'));
  process.env.TMPDIR = tmp;
});
afterAll(async () => {
  // Files share a worker's process (isolate: false): put TMPDIR back as it was, unset if it was
  // (assigning undefined would set the string "undefined", a temp directory under the cwd).
  if (savedTmp === undefined) delete process.env.TMPDIR;
  else process.env.TMPDIR = savedTmp;
  await fs.rm(tmp, { recursive: true, force: true });
  await t.close();
});

const q = async (text: string, params: unknown[] = []) => (await t.database.pool.query(text, params)).rows;
const counts = async () => {
  const [r] = await q(
    `SELECT (SELECT count(*) FROM files)::int AS files, (SELECT count(*) FROM file_blobs)::int AS blobs,
            (SELECT count(*) FROM file_chunks)::int AS chunks`,
  );
  return r as { files: number; blobs: number; chunks: number };
};

function upload(token: string, purpose: string, name: string, bytes: Buffer, entity?: string) {
  const { payload, headers } = multipart({}, { name, bytes });
  const query = new URLSearchParams({ purpose, ...(entity ? { entity } : {}) });
  return t.app.inject({
    method: 'POST',
    url: `/api/files/upload?${query}`,
    payload,
    headers: { ...headers, authorization: `Bearer ${token}` },
  });
}
const get = (token: string, id: number, headers: Record<string, string> = {}, thumb = false) =>
  t.app.inject({
    method: 'GET',
    url: `/api/files/${id}${thumb ? '?thumb=1' : ''}`,
    headers: { ...headers, authorization: `Bearer ${token}` },
  });
const fieldCode = (res: { json(): unknown }) => (res.json() as { data: { fields: { code: string }[] } }).data.fields[0]?.code;

const png = (w: number, h: number, seed = 0) =>
  sharp({ create: { width: w, height: h, channels: 3, background: { r: seed % 256, g: 120, b: 40 } } })
    .png()
    .toBuffer();
/** A pdf-looking file of `n` random bytes: sniffed as pdf (head and %%EOF tail). */
const pdf = (n: number) => Buffer.concat([Buffer.from('%PDF-1.7\n'), randomBytes(Math.max(0, n - 16)), Buffer.from('\n%%EOF\n')]);

describe('uploads', () => {
  it('stores the same content once: two uploads, two files, one blob (and one thumbnail)', async () => {
    const before = await counts();
    const bytes = await png(640, 480, 1);
    const a = await upload(pm, 'image', 'a.png', bytes);
    const b = await upload(analyst, 'attachment', '同一张图.png', bytes);
    expect(a.statusCode, a.body).toBe(200);
    expect(b.statusCode, b.body).toBe(200);
    const fa = a.json().data;
    const fb = b.json().data;
    expect(fa.id).not.toBe(fb.id);
    expect(fa.sha256).toBe(fb.sha256);
    expect(fa).toMatchObject({
      type: 'png',
      contentType: 'image/png',
      width: 640,
      height: 480,
      hasThumb: true,
      size: bytes.length,
    });
    const after = await counts();
    expect(after.files - before.files).toBe(2);
    expect(after.blobs - before.blobs).toBe(2); // the picture and its thumbnail
    const [blob] = await q(`SELECT size, type, width, height FROM file_blobs WHERE sha256 = $1`, [fa.sha256]);
    expect(blob).toEqual({ size: bytes.length, type: 'png', width: 640, height: 480 });
  });

  it('stores content once when the same file arrives twice at the same moment', async () => {
    const bytes = pdf(CHUNK_BYTES + 77);
    const [a, b] = await Promise.all([upload(pm, 'research', 'a.pdf', bytes), upload(admin, 'research', 'b.pdf', bytes)]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    const sha = a.json().data.sha256;
    expect(await q(`SELECT count(*)::int AS n FROM file_blobs WHERE sha256 = $1`, [sha])).toEqual([{ n: 1 }]);
    expect(await q(`SELECT count(*)::int AS n FROM file_chunks WHERE sha256 = $1`, [sha])).toEqual([{ n: 2 }]);
    expect(await q(`SELECT count(*)::int AS n FROM files WHERE blob_sha = $1`, [sha])).toEqual([{ n: 2 }]);
  });

  it('answers an image’s thumbnail (WebP, within 320 px, its own ETag)', async () => {
    const id = (await upload(pm, 'image', 'wide.png', await png(1600, 400, 2))).json().data.id;
    const res = await get(pm, id, {}, true);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/webp');
    const meta = await sharp(res.rawPayload).metadata();
    expect([meta.width, meta.height]).toEqual([320, 80]);
    const pdfId = (await upload(pm, 'attachment', 'x.pdf', pdf(2000))).json().data.id;
    expect((await get(pm, pdfId, {}, true)).statusCode).toBe(404);
  });

  it('splits a blob into chunks of 256 KiB', async () => {
    const bytes = pdf(CHUNK_BYTES * 2 + 1000);
    const res = await upload(pm, 'research', 'big.pdf', bytes);
    expect(res.statusCode, res.body).toBe(200);
    const rows = await q(`SELECT seq, length(data) AS n FROM file_chunks WHERE sha256 = $1 ORDER BY seq`, [
      res.json().data.sha256,
    ]);
    expect(rows).toEqual([
      { seq: 0, n: CHUNK_BYTES },
      { seq: 1, n: CHUNK_BYTES },
      { seq: 2, n: 1000 },
    ]);
  });

  it('judges by content: programs are refused whatever their name', async () => {
    const before = await counts();
    const elf = Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1]), randomBytes(4000)]);
    const mz = Buffer.concat([Buffer.from('MZ'), randomBytes(4000)]);
    const script = Buffer.from('#!/bin/sh\nrm -rf /\n');
    for (const [name, bytes] of [
      ['photo.png', elf],
      ['photo.png', mz],
      ['notes.pdf', script],
    ] as const) {
      const res = await upload(pm, 'research', name, bytes);
      expect(res.statusCode, name).toBe(400);
      expect(fieldCode(res)).toBe('file.executable');
      expect(res.json().msg).toMatch(/program/);
    }
    expect(await counts()).toEqual(before);
  });

  it('takes the type the content says, and refuses a type the purpose does not take', async () => {
    // A png named .pdf is a png.
    const asPdf = await upload(pm, 'image', 'really-an-image.pdf', await png(10, 10, 3));
    expect(asPdf.statusCode).toBe(200);
    expect(asPdf.json().data.type).toBe('png');
    // A pdf named .png is a pdf, which 'image' does not take.
    const asPng = await upload(pm, 'image', 'picture.png', pdf(3000));
    expect(asPng.statusCode).toBe(400);
    expect(fieldCode(asPng)).toBe('file.typeNotAllowed');
    expect(asPng.json().data.fields[0].params).toEqual({ type: 'PDF', allowed: 'PNG, JPEG, GIF, WEBP' });
    // Plain text is recognised, and refused for attachments.
    const text = await upload(pm, 'attachment', 'a.png', Buffer.from('just some words\n'));
    expect(fieldCode(text)).toBe('file.typeNotAllowed');
    // Random bytes are nothing the store knows.
    const noise = await upload(pm, 'research', 'data.bin', Buffer.concat([Buffer.from([0, 1, 2]), randomBytes(500)]));
    expect(fieldCode(noise)).toBe('file.unknownType');
    const empty = await upload(pm, 'research', 'empty.pdf', Buffer.alloc(0));
    expect(fieldCode(empty)).toBe('file.empty');
    // No file at all, or an unknown purpose.
    const { payload, headers } = multipart({ note: 'no file' });
    const none = await t.app.inject({
      method: 'POST',
      url: '/api/files/upload?purpose=image',
      payload,
      headers: { ...headers, authorization: `Bearer ${pm}` },
    });
    expect(fieldCode(none)).toBe('required');
    expect((await upload(pm, 'secrets', 'a.png', await png(5, 5))).statusCode).toBe(400);
  });

  it('tells office documents from other zip files', async () => {
    const { ZipWriter } = await import('../export/zip-writer');
    const { PassThrough } = await import('node:stream');
    const zipOf = async (names: string[]) => {
      const out = new PassThrough();
      const parts: Buffer[] = [];
      out.on('data', (d: Buffer) => parts.push(d));
      const z = new ZipWriter(out);
      for (const n of names) await z.add(n, ['<x/>']);
      await z.finish();
      return Buffer.concat(parts);
    };
    const docx = await upload(pm, 'attachment', 'report.bin', await zipOf(['[Content_Types].xml', 'word/document.xml']));
    expect(docx.json().data).toMatchObject({ type: 'docx' });
    const plain = await zipOf(['a.txt', 'b.txt']);
    expect((await upload(pm, 'research', 'bundle.zip', plain)).json().data.type).toBe('zip');
    expect(fieldCode(await upload(pm, 'attachment', 'bundle.zip', plain))).toBe('file.typeNotAllowed');
    // A zip cut short has no central directory: damaged.
    const cut = await upload(pm, 'research', 'bundle.zip', plain.subarray(0, plain.length - 30));
    expect(fieldCode(cut)).toBe('file.damaged');
  });

  it('refuses a broken image or pdf and stores nothing', async () => {
    const before = await counts();
    const whole = await png(300, 300, 4);
    const truncated = await upload(pm, 'image', 'cut.png', whole.subarray(0, Math.floor(whole.length * 0.8)));
    expect(truncated.statusCode).toBe(400);
    expect(fieldCode(truncated)).toBe('file.damaged');
    expect(truncated.json().data.fields[0].params).toEqual({ type: 'PNG' });
    const jpeg = await sharp({ create: { width: 200, height: 200, channels: 3, background: 'blue' } })
      .jpeg()
      .toBuffer();
    expect(fieldCode(await upload(pm, 'image', 'cut.jpg', jpeg.subarray(0, jpeg.length - 50)))).toBe('file.damaged');
    const cutPdf = pdf(5000).subarray(0, 4000);
    expect(fieldCode(await upload(pm, 'research', 'cut.pdf', cutPdf))).toBe('file.damaged');
    expect(await counts()).toEqual(before);
  });

  it('refuses an oversize file mid-stream, leaving no row and no temp file', async () => {
    const before = await counts();
    const tmpBefore = await fs.readdir(tmp);
    const big = Buffer.concat([await png(10, 10), randomBytes(10 * 1024 * 1024 + 10)]);
    const res = await upload(pm, 'image', 'huge.png', big);
    expect(res.statusCode).toBe(400);
    expect(fieldCode(res)).toBe('file.tooLarge');
    expect(res.json().data.fields[0].params).toEqual({ mb: 10 });
    expect(await counts()).toEqual(before);
    expect(await fs.readdir(tmp)).toEqual(tmpBefore);
  });
});

describe('downloads', () => {
  let id: number;
  let bytes: Buffer;
  beforeAll(async () => {
    bytes = pdf(CHUNK_BYTES * 2 + 12_345);
    const res = await upload(pm, 'research', 'Marktstudie März 调研.pdf', bytes, 'project:7');
    expect(res.statusCode, res.body).toBe(200);
    id = res.json().data.id;
  });

  it('sends the whole file with its type, name, length and ETag', async () => {
    const res = await get(pm, id);
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(bytes)).toBe(true);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-length']).toBe(String(bytes.length));
    expect(res.headers['accept-ranges']).toBe('bytes');
    const [{ sha256 }] = await q(`SELECT blob_sha AS sha256 FROM files WHERE id = $1`, [id]);
    expect(res.headers.etag).toBe(`"${sha256}"`);
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="Marktstudie M_rz __.pdf"; filename*=UTF-8''${encodeURIComponent('Marktstudie März 调研.pdf')}`,
    );
  });

  it('answers ranges: the first bytes, a middle across chunks, a suffix, an open end', async () => {
    const cases: [string, number, number][] = [
      ['bytes=0-9', 0, 9],
      [`bytes=${CHUNK_BYTES - 5}-${CHUNK_BYTES * 2 + 4}`, CHUNK_BYTES - 5, CHUNK_BYTES * 2 + 4],
      ['bytes=-100', bytes.length - 100, bytes.length - 1],
      [`bytes=${bytes.length - 7}-`, bytes.length - 7, bytes.length - 1],
      [`bytes=5-${bytes.length + 1000}`, 5, bytes.length - 1],
    ];
    for (const [range, a, b] of cases) {
      const res = await get(pm, id, { range });
      expect(res.statusCode, range).toBe(206);
      expect(res.headers['content-range']).toBe(`bytes ${a}-${b}/${bytes.length}`);
      expect(res.headers['content-length']).toBe(String(b - a + 1));
      expect(res.rawPayload.equals(bytes.subarray(a, b + 1)), range).toBe(true);
    }
  });

  it('answers 416 for a range outside the file, and the whole file for one it cannot read', async () => {
    const res = await get(pm, id, { range: `bytes=${bytes.length}-` });
    expect(res.statusCode).toBe(416);
    expect(res.headers['content-range']).toBe(`bytes */${bytes.length}`);
    expect((await get(pm, id, { range: 'bytes=-0' })).statusCode).toBe(416);
    expect((await get(pm, id, { range: 'bytes=0-1,4-5' })).statusCode).toBe(200);
    expect((await get(pm, id, { range: 'lines=1-2' })).statusCode).toBe(200);
    expect(parseRange('bytes=9-3', 100)).toBeNull();
  });

  it('checks the caller’s permission again: the purpose’s read rule, the owner, the account', async () => {
    // Research needs the project board's permission: the analyst lacks it, the administrator holds it.
    expect((await get(analyst, id)).statusCode).toBe(403);
    expect((await get(admin, id)).statusCode).toBe(200);
    // Another account's user does not learn the file exists.
    expect((await get(shopA, id)).statusCode).toBe(404);
    // An attachment is readable by anyone of the account.
    const att = (await upload(pm, 'attachment', 'a.pdf', pdf(100))).json().data.id;
    expect((await get(analyst, att)).statusCode).toBe(200);
    expect((await get(shopA, att)).statusCode).toBe(404);
    // An area's own rule replaces the purpose's; the owner always reads.
    const [pmRow] = await q(`SELECT id, account_id FROM users WHERE login_name = 'pm'`);
    const [adminRow] = await q(`SELECT id, account_id FROM users WHERE login_name = 'admin'`);
    const actor = (r: { id: number; account_id: number }) =>
      ({ userId: r.id, accountId: r.account_id, permissions: new Set(['digitize:projectborard']) }) as unknown as RequestActor;
    const store = fileStoreOf(t.database.db);
    const deny = () => false;
    const asAdmin = actor(adminRow);
    await expect(downloadFile(t.database.db, store, asAdmin, id, { rule: deny })).rejects.toBeInstanceOf(AppError);
    const asOwner = actor(pmRow);
    await expect(downloadFile(t.database.db, store, asOwner, id, { rule: deny })).resolves.toMatchObject({ status: 200 });
  });

  it('refuses uploads to a purpose the caller may not use, before reading the file', async () => {
    const res = await upload(analyst, 'research', 'x.pdf', pdf(100));
    expect(res.statusCode).toBe(403);
  });
});

describe('garbage collection', () => {
  afterEach(async () => {
    await q(`UPDATE file_blobs SET touched_at = now()`);
  });

  it('drops removed files a day later, then the blobs no file names', async () => {
    const shared = pdf(CHUNK_BYTES + 10);
    const keep = (await upload(pm, 'research', 'keep.pdf', shared)).json().data;
    const drop = (await upload(pm, 'research', 'drop.pdf', shared)).json().data;
    const alone = (await upload(pm, 'image', 'alone.png', await png(50, 50, 9))).json().data;
    const [pmRow] = await q(`SELECT account_id FROM users WHERE login_name = 'pm'`);
    expect(await removeFile(t.database.db, pmRow.account_id, drop.id)).toBe(true);
    expect(await removeFile(t.database.db, pmRow.account_id, alone.id)).toBe(true);
    expect((await get(pm, drop.id)).statusCode).toBe(404);
    const store = fileStoreOf(t.database.db);
    // Within the day: nothing goes.
    expect(await collectGarbage(t.database.db, store)).toEqual({ files: 0, blobs: 0 });
    // A day later (aged by hand):
    await q(`UPDATE files SET deleted_at = now() - interval '25 hours' WHERE id = ANY($1)`, [[drop.id, alone.id]]);
    await q(`UPDATE file_blobs SET touched_at = now() - interval '25 hours'`);
    const gone = await collectGarbage(t.database.db, store);
    expect(gone.files).toBe(2);
    expect(gone.blobs).toBeGreaterThanOrEqual(2); // alone.png and its thumbnail (and any blob earlier tests left unnamed)
    const left = await q(`SELECT sha256 FROM file_blobs WHERE sha256 = ANY($1)`, [[keep.sha256, alone.sha256]]);
    expect(left.map((r) => r.sha256)).toEqual([keep.sha256]);
    expect(await q(`SELECT 1 FROM file_chunks WHERE sha256 = $1`, [alone.sha256])).toEqual([]);
    expect((await get(pm, keep.id)).rawPayload.equals(shared)).toBe(true);
  });
});

describe('an interrupted upload', () => {
  it('leaves nothing behind when the client goes away mid-upload', async () => {
    // Listening stays on until afterAll closes the app: the last test of the file.
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    {
      const before = await counts();
      const tmpBefore = await fs.readdir(tmp);
      const { port } = t.app.server.address() as AddressInfo;
      const boundary = 'cut-short';
      await new Promise<void>((resolve) => {
        const req = http.request({
          host: '127.0.0.1',
          port,
          method: 'POST',
          path: '/api/files/upload?purpose=research',
          headers: {
            authorization: `Bearer ${pm}`,
            'content-type': `multipart/form-data; boundary=${boundary}`,
            'content-length': String(5 * 1024 * 1024),
          },
        });
        req.on('error', () => resolve());
        req.on('close', () => resolve());
        req.write(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="half.pdf"\r\n\r\n`);
        req.write(pdf(1024 * 1024));
        setTimeout(() => req.destroy(), 300);
      });
      // The server notices the closed connection and gives the request up.
      await new Promise((r) => setTimeout(r, 500));
      expect(await counts()).toEqual(before);
      expect(await fs.readdir(tmp)).toEqual(tmpBefore);
    }
  });
});
