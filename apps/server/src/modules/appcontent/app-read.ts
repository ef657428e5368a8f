/**
 * The app's side of the read API: who is asking (an app key or an address), how often, and the
 * public images. Everything here stays outside the session auth (the endpoints are `public`).
 *
 * Rate limit: a fixed one-minute window per app key (known keys only) or per address, counted
 * in this process. Several processes behind a balancer each allow the limit: the figure is per
 * process, chosen so that one process alone protects the database (docs/appcontent.md). A key
 * lookup is cached for 30 s, so a revoked key stops within that.
 */
import { createHash } from 'node:crypto';
import { APP_RATE_LIMITS } from '@bo/contract/appcontent/app-api';
import { FILE_TYPES, type FileType } from '@bo/contract/files/files';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { notFound, throttled, unauthenticated } from '../../platform/errors';
import type { FileStore } from '../../platform/files/file-store';
import { type FileReply, streamedFile, writeChunk } from '../../platform/http/file-reply';

const sha = (s: string) => createHash('sha256').update(s).digest('hex');

/** Counts requests per caller in fixed one-minute windows. */
export class RateLimiter {
  private windowStart = 0;
  private counts = new Map<string, number>();
  constructor(private readonly now: () => number = Date.now) {}

  /** Counts one request of `who`; throws 429 with Retry-After past `limit` in this minute. */
  take(who: string, limit: number): void {
    const t = this.now();
    const minute = Math.floor(t / 60_000) * 60_000;
    if (minute !== this.windowStart) {
      this.windowStart = minute;
      this.counts = new Map();
    }
    const n = (this.counts.get(who) ?? 0) + 1;
    this.counts.set(who, n);
    if (n > limit) throw throttled(Math.max(1, Math.ceil((minute + 60_000 - t) / 1000)));
  }
}

/** Known app keys by their hash, cached briefly. */
export class AppKeys {
  private cache = new Map<string, { ok: boolean; until: number }>();
  constructor(private readonly db: Db) {}

  async known(key: string): Promise<boolean> {
    const h = sha(key);
    const hit = this.cache.get(h);
    if (hit && hit.until > Date.now()) return hit.ok;
    const res = await this.db.execute(sql`SELECT 1 AS x FROM app_content_keys WHERE key_sha256 = ${h} AND enabled = 1`);
    const ok = res.rows.length > 0;
    if (this.cache.size > 10_000) this.cache.clear();
    this.cache.set(h, { ok, until: Date.now() + 30_000 });
    return ok;
  }
}

/** Who a request counts against: its app key (a known one; an unknown key is a 401), else its address. */
export async function admit(keys: AppKeys, limiter: RateLimiter, key: string | undefined, ip: string): Promise<void> {
  if (key) {
    if (key.length > 200 || !(await keys.known(key))) throw unauthenticated('unknown app key');
    limiter.take(`key:${sha(key)}`, APP_RATE_LIMITS.perKeyPerMinute);
  } else {
    limiter.take(`ip:${ip}`, APP_RATE_LIMITS.perAddressPerMinute);
  }
}

/** Makes an app key row (the key itself is given once, here, and kept only as its hash). */
export async function addAppKey(db: Db, name: string, key: string): Promise<void> {
  await db.execute(sql`INSERT INTO app_content_keys (name, key_sha256) VALUES (${name}, ${sha(key)}) ON CONFLICT DO NOTHING`);
}

/**
 * An image that published or scheduled app content shows (or its thumbnail), streamed; 404 for
 * any other file, so the public path opens no other file of the store.
 */
export async function publicMedia(db: Db, store: FileStore, id: number, thumb: boolean): Promise<FileReply> {
  const res = await db.execute<{ blob_sha: string; thumb_sha: string | null; name: string }>(sql`
    SELECT f.blob_sha, f.thumb_sha, f.name FROM files f
     WHERE f.id = ${id} AND f.deleted_at IS NULL
       AND EXISTS (SELECT 1 FROM app_content c
                    WHERE c.state IN ('scheduled', 'published') AND (c.payload->>'imageFileId')::int = f.id)`);
  const f = res.rows[0];
  const blobSha = thumb ? f?.thumb_sha : f?.blob_sha;
  if (!f || !blobSha) throw notFound('no such image');
  const blob = await store.stat(blobSha);
  if (!blob) throw notFound('no such image');
  const name = thumb ? `${f.name.replace(/\.[^.]*$/, '')}.thumb.webp` : f.name;
  return {
    ...streamedFile(name, FILE_TYPES[blob.type as FileType] ?? 'application/octet-stream', async () => async (out, signal) => {
      for await (const chunk of store.read(blobSha)) {
        if (signal.aborted) return;
        await writeChunk(out, chunk);
      }
    }),
    headers: { 'content-length': String(blob.size), etag: `"${blobSha}"` },
  };
}
