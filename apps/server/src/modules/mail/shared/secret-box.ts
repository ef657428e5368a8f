/**
 * Mailbox passwords at rest: AES-256-GCM with a random 96-bit nonce per value, stored as
 * `v1:<nonce>:<tag>:<ciphertext>` (base64). The key comes from MAIL_SECRET_KEY (32 bytes,
 * hex or base64). Without it, and only with the embedded database, a key is generated
 * once into DATA_DIR/mail-secret.key (mode 0600); with an outside database every process
 * must share one key, so MAIL_SECRET_KEY is required there.
 */
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Config } from '../../../config';
import { conflict } from '../../../platform/errors';

const notConfigured = () =>
  conflict('mail is not configured on this server: set MAIL_SECRET_KEY (32 bytes, hex or base64) to store mailbox passwords');

export function parseKey(raw: string): Buffer {
  const s = raw.trim();
  const key = /^[0-9a-fA-F]{64}$/.test(s) ? Buffer.from(s, 'hex') : Buffer.from(s, 'base64');
  if (key.length !== 32) throw new Error('MAIL_SECRET_KEY must be 32 bytes: 64 hex characters or 44 base64 characters');
  return key;
}

const cache = new Map<string, Buffer>();

/** The key for this configuration; generated into DATA_DIR once when the embedded database is used. */
export function mailKey(config: Config): Buffer {
  if (config.MAIL_SECRET_KEY) return parseKey(config.MAIL_SECRET_KEY);
  if (config.DATABASE_URL) throw notConfigured();
  const file = path.join(config.dataDir, 'mail-secret.key');
  const hit = cache.get(file);
  if (hit) return hit;
  let key: Buffer;
  try {
    // eslint-disable-next-line security/detect-non-literal-fs-filename -- DATA_DIR comes from the configuration, not from a request
    key = parseKey(fs.readFileSync(file, 'utf8'));
  } catch (err) {
    if ((err as { code?: string }).code !== 'ENOENT') throw err;
    // eslint-disable-next-line security/detect-non-literal-fs-filename -- DATA_DIR comes from the configuration
    fs.mkdirSync(config.dataDir, { recursive: true });
    key = randomBytes(32);
    // 'wx': two processes starting together never overwrite each other's key.
    try {
      // eslint-disable-next-line security/detect-non-literal-fs-filename -- DATA_DIR comes from the configuration
      fs.writeFileSync(file, `${key.toString('hex')}\n`, { mode: 0o600, flag: 'wx' });
    } catch (e) {
      if ((e as { code?: string }).code !== 'EEXIST') throw e;
      // eslint-disable-next-line security/detect-non-literal-fs-filename -- DATA_DIR comes from the configuration
      key = parseKey(fs.readFileSync(file, 'utf8'));
    }
  }
  cache.set(file, key);
  return key;
}

export function seal(key: Buffer, plain: string): string {
  const nonce = randomBytes(12);
  const c = createCipheriv('aes-256-gcm', key, nonce);
  const body = Buffer.concat([c.update(plain, 'utf8'), c.final()]);
  return ['v1', nonce.toString('base64'), c.getAuthTag().toString('base64'), body.toString('base64')].join(':');
}

export function open(key: Buffer, sealed: string): string {
  const [v, nonce, tag, body] = sealed.split(':');
  if (v !== 'v1' || !nonce || !tag || body === undefined) throw new Error('not a sealed value');
  const d = createDecipheriv('aes-256-gcm', key, Buffer.from(nonce, 'base64'));
  d.setAuthTag(Buffer.from(tag, 'base64'));
  return Buffer.concat([d.update(Buffer.from(body, 'base64')), d.final()]).toString('utf8');
}
