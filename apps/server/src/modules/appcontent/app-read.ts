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
import { APP_KEY_HEADER, APP_RATE_LIMITS } from '@bo/contract/appcontent/app-api';
import { FILE_TYPES, type FileType } from '@bo/contract/files/files';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../../db/client';
import { notFound, throttled, unauthenticated } from '../../platform/errors';
import type { FileStore } from '../../platform/files/file-store';
import { type FileReply, streamedFile, writeChunk } from '../../platform/http/file-reply';
import { keyHintOf } from './app-keys.service';

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

/** Known, enabled app keys by their hash (with their limit a minute), cached briefly. */
export class AppKeys {
  private cache = new Map<string, { perMinute: number | null; until: number }>();
  constructor(private readonly db: Db) {}

  /** The key's requests a minute, or null when it is unknown or disabled. */
  async limitOf(key: string): Promise<number | null> {
    const h = sha(key);
    const hit = this.cache.get(h);
    if (hit && hit.until > Date.now()) return hit.perMinute;
    const res = await this.db.execute<{ per_minute: number }>(
      sql`SELECT per_minute FROM app_content_keys WHERE key_sha256 = ${h} AND enabled = 1`,
    );
    const perMinute = res.rows[0] ? Number(res.rows[0].per_minute) : null;
    if (this.cache.size > 10_000) this.cache.clear();
    this.cache.set(h, { perMinute, until: Date.now() + 30_000 });
    return perMinute;
  }

  /** Drops what this process remembers (after a key is written here). */
  forget(): void {
    this.cache.clear();
  }
}

/** Who a request counts against: its app key (a known, enabled one; any other key is a 401), else its address. */
export async function admit(keys: AppKeys, limiter: RateLimiter, key: string | undefined, ip: string): Promise<void> {
  if (key) {
    const perMinute = key.length > 200 ? null : await keys.limitOf(key);
    if (perMinute === null) throw unauthenticated('unknown or disabled app key');
    limiter.take(`key:${sha(key)}`, perMinute);
  } else {
    limiter.take(`ip:${ip}`, APP_RATE_LIMITS.perAddressPerMinute);
  }
}

/** Makes an app key row with a key given here (the demo seed's, the bench's); nothing when it exists. */
export async function addAppKey(
  db: Db,
  name: string,
  key: string,
  perMinute: number = APP_RATE_LIMITS.perKeyPerMinute,
): Promise<void> {
  await db.execute(sql`
    INSERT INTO app_content_keys (name, key_sha256, key_hint, per_minute)
    VALUES (${name}, ${sha(key)}, ${keyHintOf(key)}, ${perMinute}) ON CONFLICT DO NOTHING`);
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

/**
 * Registers an area's public app calls in a plugin of their own: each request is admitted (a
 * known app key its own limit, an unknown one 401, none per address; counted by `limiter`, this
 * area's, per process), and a reply under 400 carries the cache headers its handler set with
 * `cache` (set in this plugin's onSend, after the API's `no-store`).
 */
export function appCalls(
  app: FastifyInstance,
  keys: AppKeys,
  limiter: RateLimiter,
  calls: (api: FastifyInstance, cache: (req: FastifyRequest, headers: Record<string, string>) => void) => void,
): void {
  const cacheHeaders = new WeakMap<FastifyRequest, Record<string, string>>();
  app.register(async (api) => {
    api.addHook('onRequest', async (req) => {
      const key = req.headers[APP_KEY_HEADER];
      await admit(keys, limiter, Array.isArray(key) ? key[0] : key, req.ip);
    });
    api.addHook('onSend', async (req, reply, payload) => {
      const h = cacheHeaders.get(req);
      if (h && reply.statusCode < 400) reply.headers(h);
      return payload;
    });
    calls(api, (req, headers) => cacheHeaders.set(req, headers));
  });
}
