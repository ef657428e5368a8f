/**
 * Every environment variable the server reads, parsed once, with its default.
 * The README lists the same set; keep them in step.
 */
import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';

const bool = z
  .string()
  .optional()
  .transform((v) => v === '1' || v === 'true' || v === 'yes');

const boolDefaultTrue = z
  .string()
  .optional()
  .transform((v) => v === undefined || v === '' || v === '1' || v === 'true' || v === 'yes');

/** proxy-addr's named ranges, which Fastify's trustProxy accepts beside addresses and CIDRs. */
const PROXY_RANGES = ['loopback', 'linklocal', 'uniquelocal'];

const isAddressOrCidr = (v: string) => {
  if (PROXY_RANGES.includes(v)) return true;
  const [addr = '', bits, ...rest] = v.split('/');
  const family = isIP(addr);
  if (!family || rest.length) return false;
  if (bits === undefined) return true;
  return /^\d{1,3}$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128);
};

/** Trusts the first `hops` addresses from the connection inwards (proxy-addr's rule for a hop count). */
type TrustHops = ((address: string, hop: number) => boolean) & { hops: number };

/**
 * Which connections may say who the client is (X-Forwarded-For): unset, empty or `false`
 * trusts none; `1`…`10` trusts that many hops in front of this server (only when nothing
 * else can reach it); otherwise a list of addresses, CIDRs or proxy-addr range names.
 * `true` (trust everyone) is refused: any client could then choose its address.
 */
const trustProxy = z
  .string()
  .optional()
  .transform((v, ctx): false | string[] | TrustHops => {
    const s = (v ?? '').trim();
    if (s === '' || s === 'false') return false;
    if (/^\d+$/.test(s)) {
      const hops = Number(s);
      // Fastify takes a number too, but its types do not: the same rule as a function.
      if (hops >= 1 && hops <= 10) return Object.assign((_address: string, hop: number) => hop < hops, { hops });
      if (hops === 0) return false;
    }
    const list = s.split(/[\s,]+/).filter(Boolean);
    const bad = list.filter((x) => !isAddressOrCidr(x));
    if (bad.length || !list.length) {
      ctx.addIssue({
        code: 'custom',
        message: `TRUST_PROXY takes the proxies' addresses or CIDRs (comma-separated), loopback, or a hop count 1-10; not: ${bad.join(', ') || s}`,
      });
      return z.NEVER;
    }
    return list;
  });

const ConfigSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('127.0.0.1'),
  /** Set: use that PostgreSQL. Unset: start a private embedded PostgreSQL in DATA_DIR. */
  DATABASE_URL: z.string().optional(),
  DATA_DIR: z.string().default('./data'),
  /** Password of the built-in administrator `admin`, applied on first start only. */
  ADMIN_PASSWORD: z.string().min(8).optional(),
  /** Password of the demo users, applied when they are seeded. */
  DEMO_PASSWORD: z.string().min(8).optional(),
  SEED: z.enum(['demo', 'none']).default('demo'),
  /** Operations with outside effects (mail to customers, bids to marketplaces) answer 252. */
  DEMO_MODE: bool,
  /** The only user name allowed into /backMgr. */
  BACK_MGR_USER: z.string().default('admin'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Where the built web app lives; served at / when present. */
  WEB_DIST: z.string().optional(),
  /** Session lifetimes in seconds (idle and absolute). */
  SESSION_IDLE_SECONDS: z.coerce
    .number()
    .int()
    .positive()
    .default(30 * 60),
  SESSION_ABSOLUTE_SECONDS: z.coerce
    .number()
    .int()
    .positive()
    .default(12 * 60 * 60),
  /** How captcha codes for password reset are delivered: the server log, or mail. */
  CAPTCHA_SENDER: z.enum(['log', 'mail']).default('log'),
  /** SMTP server for CAPTCHA_SENDER=mail, e.g. smtp://user:pass@mail.example.com:587 */
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('back-office <no-reply@localhost>'),
  /** Run background jobs (mail fetch and send, ...) in this process. Off: another process runs them. */
  JOBS_ENABLED: boolDefaultTrue,
  /** How often an idle worker looks for due jobs. */
  JOBS_POLL_MS: z.coerce.number().int().min(50).max(600_000).default(1000),
  /** Jobs one process runs at the same time. */
  JOBS_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(2),
  /** A running job's lease; renewed while it runs, re-claimed by another process when it lapses. */
  JOBS_LEASE_SECONDS: z.coerce.number().int().min(5).max(86_400).default(300),
  /** How often every mailbox is fetched over IMAP. */
  MAIL_FETCH_MINUTES: z.coerce.number().min(0.05).max(1440).default(5),
  /** How often auto mails and invitation plans look for orders due a mail (minutes). */
  MAIL_AUTO_MINUTES: z.coerce.number().min(0.02).max(1440).default(10),
  /** 32 bytes as 64 hex characters or base64: encrypts mailbox passwords. Unset: a key file in DATA_DIR (embedded DB only). */
  MAIL_SECRET_KEY: z.string().optional(),
  /** Timeout of one IMAP or SMTP connection attempt (checks, fetch, send). */
  MAIL_CONNECT_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
  /** Proxies whose X-Forwarded-For is believed (Fastify's trustProxy); off by default. */
  TRUST_PROXY: trustProxy,
  /** How long the app's read API keeps each content kind's live records before reading them again (0: every request). */
  APP_CONTENT_CACHE_MS: z.coerce.number().int().min(0).max(60_000).default(5_000),
  /** Set: memory and event-loop delay at http://127.0.0.1:METRICS_PORT/metrics (loopback only; 0 = any free port). */
  METRICS_PORT: z.coerce.number().int().min(0).max(65535).optional(),
});

export type Config = z.infer<typeof ConfigSchema> & { dataDir: string };

export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<Config> = {}): Config {
  const parsed = ConfigSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n');
    throw new Error(`Invalid configuration:\n${lines}`);
  }
  const cfg = { ...parsed.data, ...overrides };
  return { ...cfg, dataDir: path.resolve(cfg.DATA_DIR) };
}
