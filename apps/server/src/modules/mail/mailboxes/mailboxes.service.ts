/**
 * Mailboxes: real IMAP/SMTP accounts. Passwords are sealed before they touch the
 * database and never answered; audit rows record every change without them.
 */
import { fieldErrorOf } from '@bo/contract';
import type { CheckResult, Mailbox } from '@bo/contract/mail/mailboxes';
import { DEMO_MAILBOX_NOTE, MAILBOX_AUTH_STATES } from '@bo/contract/mail/mailboxes';
import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { likeContains, limitOffset } from '../../../db/sql';
import { audit } from '../../../platform/audit/audit.service';
import type { RequestActor } from '../../../platform/auth/actor';
import type { AppContext } from '../../../platform/context';
import {
  badRequest,
  codedFieldError,
  conflict,
  forbidden,
  notFound,
  permissionDenied,
  staleVersion,
} from '../../../platform/errors';
import { demoDone } from '../../../platform/http/binder';
import { queueFetch } from '../dialogues/fetch.job';
import { checkImap, checkSmtp, describeMailError, type ImapSettings, smtpTransport } from '../shared/connect';
import { mailboxVisible } from '../shared/scope';
import { mailKey, open, seal } from '../shared/secret-box';

type Row = {
  id: number;
  email: string;
  name: string;
  type: number;
  shop_id: number | null;
  shop_name: string | null;
  market_id: number | null;
  enabled: boolean;
  demo: boolean;
  imap_host: string;
  imap_port: number;
  imap_secure: boolean;
  imap_user: string;
  imap_password_enc: string;
  smtp_host: string;
  smtp_port: number;
  smtp_secure: boolean;
  smtp_user: string;
  smtp_password_enc: string;
  auth_state: number;
  last_error: string | null;
  checked_at: Date | null;
  last_fetch_at: Date | null;
  fetch_error: string | null;
  fetch_error_at: Date | null;
  set_aside_count: number;
  user_ids: number[] | null;
  version: number;
};

const rows = async <T>(db: DbOrTx, q: SQL) => (await db.execute(q)).rows as T[];

const toMailbox = (r: Row): Mailbox => ({
  id: r.id,
  email: r.email,
  name: r.name,
  type: r.type,
  shopId: r.shop_id,
  shopName: r.shop_name,
  marketId: r.market_id,
  enabled: r.enabled,
  demo: r.demo,
  imapHost: r.imap_host,
  imapPort: r.imap_port,
  imapSecure: r.imap_secure,
  imapUser: r.imap_user,
  hasImapPassword: r.imap_password_enc.length > 0,
  smtpHost: r.smtp_host,
  smtpPort: r.smtp_port,
  smtpSecure: r.smtp_secure,
  smtpUser: r.smtp_user,
  hasSmtpPassword: r.smtp_password_enc.length > 0,
  authState: r.auth_state,
  lastError: r.last_error,
  checkedAt: r.checked_at ? new Date(r.checked_at).toISOString() : null,
  lastFetchAt: r.last_fetch_at ? new Date(r.last_fetch_at).toISOString() : null,
  fetchError: r.fetch_error,
  fetchErrorAt: r.fetch_error_at ? new Date(r.fetch_error_at).toISOString() : null,
  setAsideCount: r.set_aside_count ?? 0,
  userIds: r.user_ids ?? [],
  version: r.version,
});

/** What an audit row may show of a mailbox: everything but the sealed passwords. */
const auditView = (m: Mailbox) => {
  const {
    hasImapPassword: _i,
    hasSmtpPassword: _s,
    lastFetchAt: _f,
    checkedAt: _ck,
    fetchError: _e,
    fetchErrorAt: _ea,
    setAsideCount: _c,
    ...rest
  } = m;
  return rest;
};

const select = sql`
  SELECT m.*, s.name AS shop_name,
         (SELECT coalesce(array_agg(u.user_id ORDER BY u.user_id), '{}') FROM mail_mailbox_users u WHERE u.mailbox_id = m.id) AS user_ids,
         (SELECT count(*)::int FROM mail_fetch_failures f
           WHERE f.mailbox_id = m.id AND f.uid_validity = m.uid_validity AND f.state = 'set_aside') AS set_aside_count
    FROM mail_mailboxes m LEFT JOIN shops s ON s.id = m.shop_id`;

async function load(db: DbOrTx, actor: RequestActor | null, id: number, lock = false): Promise<Row> {
  const scope = actor ? mailboxVisible(actor) : sql`TRUE`;
  const [r] = await rows<Row>(
    db,
    sql`${select} WHERE m.id = ${id} AND m.deleted_at IS NULL AND ${scope}${lock ? sql` FOR UPDATE OF m` : sql``}`,
  );
  if (!r) throw notFound('mailbox not found');
  return r;
}

export async function list(
  ctx: AppContext,
  actor: RequestActor,
  q: { keyword?: string; type?: number; shopId?: number; pageNum: number; pageSize: number },
) {
  const where: SQL[] = [sql`m.deleted_at IS NULL`, mailboxVisible(actor)];
  if (q.keyword) {
    const like = likeContains(q.keyword);
    where.push(sql`(m.email ILIKE ${like} OR m.name ILIKE ${like})`);
  }
  if (q.type) where.push(sql`m.type = ${q.type}`);
  if (q.shopId) where.push(sql`m.shop_id = ${q.shopId}`);
  const cond = sql.join(where, sql` AND `);
  const [c] = await rows<{ n: number }>(ctx.db, sql`SELECT count(*)::int AS n FROM mail_mailboxes m WHERE ${cond}`);
  const list = await rows<Row>(ctx.db, sql`${select} WHERE ${cond} ORDER BY lower(m.email), m.id ${limitOffset(q)}`);
  return { list: list.map(toMailbox), total: c?.n ?? 0, pageNum: q.pageNum, pageSize: q.pageSize };
}

export async function get(ctx: AppContext, actor: RequestActor, id: number) {
  return toMailbox(await load(ctx.db, actor, id));
}

async function isTaken(db: DbOrTx, email: string, exceptId?: number) {
  const [r] = await rows<{ id: number }>(
    db,
    sql`SELECT id FROM mail_mailboxes WHERE lower(email) = lower(${email}) AND deleted_at IS NULL ${exceptId ? sql`AND id <> ${exceptId}` : sql``}`,
  );
  return !!r;
}

export async function isDuplicate(ctx: AppContext, q: { email: string; id?: number }) {
  return isTaken(ctx.db, q.email, q.id);
}

/** The shop's marketplace wins over a market given by hand; an invisible shop does not exist. */
async function resolveShop(db: DbOrTx, actor: RequestActor, shopId: number | null, marketId: number | null) {
  if (shopId === null) return { shopId: null, marketId };
  const [s] = await rows<{ market_id: number; account_id: number }>(
    db,
    sql`SELECT market_id, account_id FROM shops WHERE id = ${shopId}`,
  );
  const visible = s && (actor.accountId === 1 || actor.shopIds.includes(shopId));
  if (!visible) throw codedFieldError('shopId', 'catalog.noSuchShop');
  return { shopId, marketId: s.market_id };
}

interface MailboxInput {
  email: string;
  name: string;
  type: number;
  shopId: number | null;
  marketId: number | null;
  enabled: boolean;
  imapHost: string;
  imapPort: number;
  imapSecure: boolean;
  imapUser: string;
  smtpHost: string;
  smtpPort: number;
  smtpSecure: boolean;
  smtpUser: string;
}

export async function create(
  ctx: AppContext,
  actor: RequestActor,
  body: MailboxInput & { imapPassword: string; smtpPassword: string },
) {
  const key = mailKey(ctx.config);
  return ctx.db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext('mail_mailboxes'), 0)`);
    if (await isTaken(tx, body.email)) throw codedFieldError('email', 'mail.addressTaken');
    const shop = await resolveShop(tx, actor, body.shopId, body.marketId);
    const [r] = await rows<{ id: number }>(
      tx,
      sql`INSERT INTO mail_mailboxes (account_id, email, name, type, shop_id, market_id, enabled,
            imap_host, imap_port, imap_secure, imap_user, imap_password_enc,
            smtp_host, smtp_port, smtp_secure, smtp_user, smtp_password_enc)
          VALUES (${actor.accountId}, ${body.email}, ${body.name}, ${body.type}, ${shop.shopId}, ${shop.marketId}, ${body.enabled},
            ${body.imapHost}, ${body.imapPort}, ${body.imapSecure}, ${body.imapUser}, ${seal(key, body.imapPassword)},
            ${body.smtpHost}, ${body.smtpPort}, ${body.smtpSecure}, ${body.smtpUser}, ${seal(key, body.smtpPassword)})
          RETURNING id`,
    );
    const m = toMailbox(await load(tx, actor, (r as { id: number }).id));
    await audit(tx, actor, { action: 'create', entity: 'mail_mailbox', entityId: m.id, after: auditView(m) });
    return m;
  });
}

export async function update(
  ctx: AppContext,
  actor: RequestActor,
  body: MailboxInput & { id: number; version: number; imapPassword?: string; smtpPassword?: string },
) {
  const key = body.imapPassword || body.smtpPassword ? mailKey(ctx.config) : null;
  return ctx.db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext('mail_mailboxes'), 0)`);
    const beforeRow = await load(tx, actor, body.id, true);
    if (beforeRow.version !== body.version) throw staleVersion();
    if (await isTaken(tx, body.email, body.id)) throw codedFieldError('email', 'mail.addressTaken');
    const shop = await resolveShop(tx, actor, body.shopId, body.marketId);
    const imapPw = body.imapPassword && key ? seal(key, body.imapPassword) : beforeRow.imap_password_enc;
    const smtpPw = body.smtpPassword && key ? seal(key, body.smtpPassword) : beforeRow.smtp_password_enc;
    // New server or account: the incremental fetch position belongs to the old one.
    const moved =
      beforeRow.imap_host !== body.imapHost || beforeRow.imap_port !== body.imapPort || beforeRow.imap_user !== body.imapUser;
    const changedCredentials = moved || !!body.imapPassword || !!body.smtpPassword || beforeRow.smtp_host !== body.smtpHost;
    await tx.execute(sql`
      UPDATE mail_mailboxes SET email = ${body.email}, name = ${body.name}, type = ${body.type}, shop_id = ${shop.shopId},
             market_id = ${shop.marketId}, enabled = ${body.enabled},
             imap_host = ${body.imapHost}, imap_port = ${body.imapPort}, imap_secure = ${body.imapSecure}, imap_user = ${body.imapUser},
             imap_password_enc = ${imapPw},
             smtp_host = ${body.smtpHost}, smtp_port = ${body.smtpPort}, smtp_secure = ${body.smtpSecure}, smtp_user = ${body.smtpUser},
             smtp_password_enc = ${smtpPw},
             ${moved ? sql`uid_validity = NULL, last_uid = 0,` : sql``}
             ${changedCredentials ? sql`auth_state = 0, last_error = NULL, checked_at = NULL, demo = false,` : sql``}
             version = version + 1, updated_at = now()
       WHERE id = ${body.id}`);
    const after = toMailbox(await load(tx, actor, body.id));
    await audit(tx, actor, {
      action: 'update',
      entity: 'mail_mailbox',
      entityId: body.id,
      before: auditView(toMailbox(beforeRow)),
      after: { ...auditView(after), passwordsChanged: { imap: !!body.imapPassword, smtp: !!body.smtpPassword } },
    });
    return after;
  });
}

export async function remove(ctx: AppContext, actor: RequestActor, id: number) {
  await ctx.db.transaction(async (tx) => {
    const before = await load(tx, actor, id, true);
    await tx.execute(sql`UPDATE mail_mailboxes SET deleted_at = now(), enabled = false, version = version + 1 WHERE id = ${id}`);
    await audit(tx, actor, { action: 'delete', entity: 'mail_mailbox', entityId: id, before: auditView(toMailbox(before)) });
  });
  return null;
}

/** Decrypted settings of a mailbox, for the jobs and checks; never answered to a client. */
export interface MailboxSecrets {
  id: number;
  /** The company account the mailbox belongs to (its keyword routing rules apply). */
  accountId: number;
  email: string;
  name: string;
  shopId: number | null;
  marketId: number | null;
  enabled: boolean;
  /** A demo mailbox (seed): no server, no passwords; never fetched from or sent through. */
  demo: boolean;
  deleted: boolean;
  imap: ImapSettings;
  smtp: ImapSettings;
  uidValidity: string | null;
  lastUid: number;
  /** The UID a fetch was reading when it last stopped without finishing it (see fetch.job.ts). */
  fetchingUid: number | null;
}

export async function secretsOf(ctx: AppContext, id: number): Promise<MailboxSecrets | null> {
  const [r] = await rows<
    Row & {
      account_id: number;
      deleted_at: Date | null;
      uid_validity: string | null;
      last_uid: number;
      fetching_uid: number | null;
    }
  >(ctx.db, sql`SELECT * FROM mail_mailboxes WHERE id = ${id}`);
  if (!r) return null;
  // A demo mailbox has no sealed passwords (and needs no key).
  const key = r.demo ? null : mailKey(ctx.config);
  const unseal = (v: string) => (key ? open(key, v) : '');
  return {
    id: r.id,
    accountId: r.account_id,
    email: r.email,
    name: r.name,
    shopId: r.shop_id,
    marketId: r.market_id,
    enabled: r.enabled,
    demo: r.demo,
    deleted: r.deleted_at !== null,
    imap: {
      host: r.imap_host,
      port: r.imap_port,
      secure: r.imap_secure,
      user: r.imap_user,
      password: unseal(r.imap_password_enc),
    },
    smtp: {
      host: r.smtp_host,
      port: r.smtp_port,
      secure: r.smtp_secure,
      user: r.smtp_user,
      password: unseal(r.smtp_password_enc),
    },
    uidValidity: r.uid_validity,
    lastUid: r.last_uid,
    fetchingUid: r.fetching_uid,
  };
}

export async function recordAuth(db: DbOrTx, id: number, ok: boolean, error: string | null) {
  await db.execute(sql`UPDATE mail_mailboxes SET auth_state = ${ok ? MAILBOX_AUTH_STATES.OK : MAILBOX_AUTH_STATES.FAILED},
                        last_error = ${error}, checked_at = now() WHERE id = ${id}`);
}

async function runChecks(ctx: AppContext, imap: ImapSettings, smtp: ImapSettings): Promise<CheckResult> {
  const t = ctx.config.MAIL_CONNECT_TIMEOUT_MS;
  const [i, s] = await Promise.all([checkImap(imap, t), checkSmtp(smtp, t)]);
  return { imap: i, smtp: s };
}

/** The mailbox buttons a check may need beyond the page (see checkSettings). */
const EDIT = 'userCenter:cs:configuration:edit';
const CREATE = 'userCenter:cs:configuration:create';

interface CheckSide {
  host: string;
  port: number;
  secure: boolean;
  user: string;
  /** Typed in the request; absent: the stored one, when the destination is the stored one. */
  password?: string;
}

/** Host names are case-insensitive; everything else must be exactly the stored value. */
const sameDestination = (stored: ImapSettings, side: CheckSide) =>
  stored.host.toLowerCase() === side.host.toLowerCase() &&
  stored.port === side.port &&
  stored.secure === side.secure &&
  stored.user === side.user;

/** What the audit keeps of one side of a check: where it went, as whom, which password — never the password. */
const auditSide = (side: CheckSide, password: 'typed' | 'stored' | 'none', res?: { ok: boolean; error: string | null }) => ({
  server: `${side.host}:${side.port}`,
  secure: side.secure,
  user: side.user,
  password,
  ...(res ? { ok: res.ok, error: res.error } : {}),
});

/**
 * Signs in with the settings of the request. A stored password is only ever sent to the
 * stored host, port, user and TLS setting of its side (issue #18): a side whose settings
 * differ needs its password typed again and the edit permission; an unsaved mailbox (no
 * id) needs the create or edit permission. Every check and every refusal is audited.
 */
export async function checkSettings(
  ctx: AppContext,
  actor: RequestActor,
  b: {
    id?: number;
    imapHost: string;
    imapPort: number;
    imapSecure: boolean;
    imapUser: string;
    imapPassword?: string;
    smtpHost: string;
    smtpPort: number;
    smtpSecure: boolean;
    smtpUser: string;
    smtpPassword?: string;
  },
): Promise<CheckResult> {
  const imap: CheckSide = {
    host: b.imapHost,
    port: b.imapPort,
    secure: b.imapSecure,
    user: b.imapUser,
    password: b.imapPassword,
  };
  const smtp: CheckSide = {
    host: b.smtpHost,
    port: b.smtpPort,
    secure: b.smtpSecure,
    user: b.smtpUser,
    password: b.smtpPassword,
  };
  let stored: MailboxSecrets | null = null;
  if (b.id) {
    await load(ctx.db, actor, b.id);
    stored = await secretsOf(ctx, b.id);
  }
  const moved = { imap: !stored || !sameDestination(stored.imap, imap), smtp: !stored || !sameDestination(stored.smtp, smtp) };
  const source = (side: 'imap' | 'smtp', s: CheckSide) => (s.password !== undefined ? 'typed' : moved[side] ? 'none' : 'stored');
  const refuse = async (reason: string) => {
    await audit(ctx.db, actor, {
      action: 'check_connection',
      entity: 'mail_mailbox',
      entityId: b.id ?? null,
      after: {
        outcome: 'refused',
        reason,
        imap: auditSide(imap, source('imap', imap)),
        smtp: auditSide(smtp, source('smtp', smtp)),
      },
    });
  };

  const mayEdit = actor.permissions.has(EDIT);
  if (!stored && !mayEdit && !actor.permissions.has(CREATE)) {
    await refuse(`an unsaved mailbox needs ${CREATE} or ${EDIT}`);
    throw permissionDenied(`${CREATE} or ${EDIT}`);
  }
  if (stored && (moved.imap || moved.smtp) && !mayEdit) {
    await refuse(`settings other than the stored ones need ${EDIT}`);
    throw forbidden(`permission ${EDIT} required to check settings other than the stored ones`);
  }
  const missing = (['imap', 'smtp'] as const).filter((k) => moved[k] && (k === 'imap' ? imap : smtp).password === undefined);
  if (missing.length) {
    await refuse('password not typed for changed settings');
    const code = stored ? 'mail.retypePassword' : 'required';
    const fields = missing.map((k) => fieldErrorOf(`${k}Password`, code));
    throw badRequest(fields.map((f) => `${f.path}: ${f.message}`).join(', '), { fields });
  }
  // From here a side without a typed password is an unmoved side of a stored mailbox.
  const withPassword = (s: CheckSide, storedSide: ImapSettings | undefined): ImapSettings => ({
    host: s.host,
    port: s.port,
    secure: s.secure,
    user: s.user,
    password: s.password ?? (storedSide as ImapSettings).password,
  });
  const res = await runChecks(ctx, withPassword(imap, stored?.imap), withPassword(smtp, stored?.smtp));
  await audit(ctx.db, actor, {
    action: 'check_connection',
    entity: 'mail_mailbox',
    entityId: b.id ?? null,
    after: {
      outcome: 'checked',
      imap: auditSide(imap, source('imap', imap), res.imap),
      smtp: auditSide(smtp, source('smtp', smtp), res.smtp),
    },
  });
  return res;
}

export async function checkAuth(ctx: AppContext, actor: RequestActor, id: number): Promise<CheckResult> {
  await load(ctx.db, actor, id);
  const s = (await secretsOf(ctx, id)) as MailboxSecrets;
  if (s.demo) {
    // Nothing to sign in to: the result says so, and is kept like any other.
    await recordAuth(ctx.db, id, false, DEMO_MAILBOX_NOTE);
    return { imap: { ok: false, error: DEMO_MAILBOX_NOTE }, smtp: { ok: false, error: DEMO_MAILBOX_NOTE } };
  }
  const res = await runChecks(ctx, s.imap, s.smtp);
  const ok = res.imap.ok && res.smtp.ok;
  await recordAuth(ctx.db, id, ok, ok ? null : [res.imap.error, res.smtp.error].filter(Boolean).join('; '));
  await audit(ctx.db, actor, {
    action: 'check_connection',
    entity: 'mail_mailbox',
    entityId: id,
    after: { outcome: 'checked', imap: auditSide(s.imap, 'stored', res.imap), smtp: auditSide(s.smtp, 'stored', res.smtp) },
  });
  return res;
}

export async function sendAuthMail(ctx: AppContext, actor: RequestActor, id: number) {
  await load(ctx.db, actor, id);
  const s = (await secretsOf(ctx, id)) as MailboxSecrets;
  if (s.demo) throw conflict(DEMO_MAILBOX_NOTE);
  const domain = s.email.split('@')[1] ?? 'localhost';
  const messageId = `<auth.${Date.now()}.${id}@${domain}>`;
  if (ctx.config.DEMO_MODE) return demoDone({ messageId });
  const t = await smtpTransport(s.smtp, ctx.config.MAIL_CONNECT_TIMEOUT_MS);
  try {
    await t.sendMail({
      from: { name: s.name || s.email, address: s.email },
      to: s.email,
      subject: 'Mailbox confirmation / 邮箱确认',
      text: `This mailbox is connected to the back-office and can send mail.\n此邮箱已接入后台，可以发送邮件。\n`,
      messageId,
    });
  } catch (err) {
    const msg = describeMailError('SMTP', s.smtp, err, ctx.config.MAIL_CONNECT_TIMEOUT_MS);
    await recordAuth(ctx.db, id, false, msg);
    throw conflict(`could not send: ${msg}`);
  } finally {
    t.close();
  }
  await audit(ctx.db, actor, { action: 'send_auth_mail', entity: 'mail_mailbox', entityId: id, after: { messageId } });
  return { messageId };
}

export async function commonMail(ctx: AppContext, actor: RequestActor) {
  const brief = sql`SELECT m.id, m.email, m.name, m.type, m.shop_id AS "shopId", m.market_id AS "marketId", m.auth_state AS "authState", m.demo
                      FROM mail_mailboxes m`;
  const mine = await rows<Record<string, unknown>>(
    ctx.db,
    sql`${brief} JOIN mail_mailbox_users u ON u.mailbox_id = m.id AND u.user_id = ${actor.userId}
         WHERE m.deleted_at IS NULL AND ${mailboxVisible(actor)} ORDER BY lower(m.email)`,
  );
  if (mine.length) return mine;
  return rows(ctx.db, sql`${brief} WHERE m.deleted_at IS NULL AND ${mailboxVisible(actor)} ORDER BY lower(m.email)`);
}

export async function authorisedForAutoMail(ctx: AppContext, actor: RequestActor, shopId?: number) {
  return rows(
    ctx.db,
    sql`SELECT m.id, m.email, m.name, m.type, m.shop_id AS "shopId", m.market_id AS "marketId", m.auth_state AS "authState", m.demo
          FROM mail_mailboxes m
         WHERE m.deleted_at IS NULL AND m.enabled AND NOT m.demo AND m.auth_state = ${MAILBOX_AUTH_STATES.OK} AND ${mailboxVisible(actor)}
           ${shopId ? sql`AND m.shop_id = ${shopId}` : sql``}
         ORDER BY lower(m.email)`,
  );
}

export async function linkUser(ctx: AppContext, actor: RequestActor, q: { mailBoxId: number; userId: number }, link: boolean) {
  await ctx.db.transaction(async (tx) => {
    await load(tx, actor, q.mailBoxId);
    const [u] = await rows<{ id: number }>(
      tx,
      sql`SELECT id FROM users WHERE id = ${q.userId} AND account_id = ${actor.accountId}`,
    );
    if (!u) throw notFound('user not found');
    const res = link
      ? await tx.execute(
          sql`INSERT INTO mail_mailbox_users (mailbox_id, user_id) VALUES (${q.mailBoxId}, ${q.userId}) ON CONFLICT DO NOTHING`,
        )
      : await tx.execute(sql`DELETE FROM mail_mailbox_users WHERE mailbox_id = ${q.mailBoxId} AND user_id = ${q.userId}`);
    if ((res.rowCount ?? 0) > 0)
      await audit(tx, actor, {
        action: link ? 'link_user' : 'unlink_user',
        entity: 'mail_mailbox',
        entityId: q.mailBoxId,
        after: { userId: q.userId },
      });
  });
  return null;
}

/**
 * "Fetch now" on /mail/mailboxes: queues the same fetch job the recurring one queues (a
 * no-op while one is waiting or running). A demo mailbox is never fetched, a disabled one
 * not until it is enabled: the answer says which.
 */
export async function fetchNow(ctx: AppContext, actor: RequestActor, id: number) {
  const m = await load(ctx.db, actor, id);
  if (m.demo) return { queued: false, reason: 'demo' as const };
  if (!m.enabled) return { queued: false, reason: 'disabled' as const };
  await queueFetch(ctx, id);
  await audit(ctx.db, actor, { action: 'fetch_now', entity: 'mail_mailbox', entityId: id });
  return { queued: true, reason: null };
}
