/**
 * Every environment variable the server reads, parsed once, with its default.
 * The README lists the same set; keep them in step.
 */
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
