/**
 * Connections to a mailbox's servers, each bounded by MAIL_CONNECT_TIMEOUT_MS, and
 * errors turned into sentences a user can act on ("refused", "no answer", "sign-in
 * refused") instead of socket codes.
 */
import type { ImapFlow } from 'imapflow';
import type { SendMailOptions, Transporter } from 'nodemailer';
import type SMTPTransport from 'nodemailer/lib/smtp-transport';
import type StreamTransport from 'nodemailer/lib/stream-transport';
import { loadImapFlow, loadNodemailer } from '../../../platform/runtime/lazy-deps';

export interface ImapSettings {
  host: string;
  port: number;
  secure: boolean;
  user: string;
  password: string;
}
export type SmtpSettings = ImapSettings;

export function describeMailError(
  kind: 'IMAP' | 'SMTP',
  s: { host: string; port: number; user: string },
  err: unknown,
  timeoutMs: number,
): string {
  const e = err as {
    code?: string;
    message?: string;
    authenticationFailed?: boolean;
    responseCode?: number;
    responseText?: string;
  };
  const where = `${kind} server ${s.host}:${s.port}`;
  const code = e.code ?? '';
  const msg = e.message ?? String(err);
  if (e.authenticationFailed || code === 'EAUTH' || code === 'AUTHENTICATIONFAILED' || /auth/i.test(code))
    return `${where} refused the sign-in of ${s.user}: check the user name and password`;
  if (code === 'ECONNREFUSED' || /ECONNREFUSED/.test(msg)) return `${where} refused the connection (nothing listens there)`;
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN' || /ENOTFOUND|EAI_AGAIN/.test(msg))
    return `${kind} server ${s.host} is unknown (DNS lookup failed)`;
  if (/timeout|ETIMEDOUT|ETIMEOUT|CONNECT_TIMEOUT|GREETING_TIMEOUT/i.test(`${code} ${msg}`))
    return `${where} did not answer within ${Math.round(timeoutMs / 1000)} s`;
  if (/certificate|self.signed|SSL|TLS|wrong version number/i.test(msg))
    return `${where}: TLS failed (${msg}); check the port and the TLS setting`;
  if (code === 'ECONNRESET' || code === 'ECONNECTION' || code === 'ESOCKET') return `${where} closed the connection (${msg})`;
  return `${where}: ${e.responseText ?? msg}`;
}

export async function imapClient(s: ImapSettings, timeoutMs: number): Promise<ImapFlow> {
  const ImapClient = await loadImapFlow();
  const c = new ImapClient({
    host: s.host,
    port: s.port,
    secure: s.secure,
    auth: { user: s.user, pass: s.password },
    logger: false,
    connectionTimeout: timeoutMs,
    greetingTimeout: timeoutMs,
    socketTimeout: Math.max(timeoutMs, 60_000),
    disableAutoIdle: true,
  });
  // A socket error after connecting must not crash the process; the awaiting call rejects.
  c.on('error', () => {});
  return c;
}

/** Connects and signs in; answers the open client. Throws a described Error. */
export async function imapConnect(s: ImapSettings, timeoutMs: number): Promise<ImapFlow> {
  const c = await imapClient(s, timeoutMs);
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      c.connect(),
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(Object.assign(new Error('timeout'), { code: 'ETIMEDOUT' })), timeoutMs);
      }),
    ]);
    return c;
  } catch (err) {
    c.close();
    throw new Error(describeMailError('IMAP', s, err, timeoutMs));
  } finally {
    clearTimeout(timer);
  }
}

export async function smtpTransport(s: SmtpSettings, timeoutMs: number) {
  const options: SMTPTransport.Options = {
    host: s.host,
    port: s.port,
    secure: s.secure,
    auth: { user: s.user, pass: s.password },
    connectionTimeout: timeoutMs,
    greetingTimeout: timeoutMs,
    socketTimeout: Math.max(timeoutMs, 60_000),
    // One mail per connection: a job owns its connection from start to end.
  };
  return (await loadNodemailer()).createTransport(options);
}

let composer: Promise<Transporter<StreamTransport.SentMessageInfo>> | undefined;
/**
 * Builds a message's raw MIME (CRLF lines) without sending it: what goes out over SMTP and
 * what is appended to the Sent folder are the same bytes.
 */
export async function composeMail(mail: SendMailOptions): Promise<Buffer> {
  composer ??= loadNodemailer().then((n) => n.createTransport({ streamTransport: true, buffer: true, newline: 'windows' }));
  return (await (await composer).sendMail(mail)).message as Buffer;
}

export async function checkImap(s: ImapSettings, timeoutMs: number): Promise<{ ok: boolean; error: string | null }> {
  try {
    const c = await imapConnect(s, timeoutMs);
    await c.logout().catch(() => c.close());
    return { ok: true, error: null };
  } catch (err) {
    return { ok: false, error: (err as Error).message };
  }
}

export async function checkSmtp(s: SmtpSettings, timeoutMs: number): Promise<{ ok: boolean; error: string | null }> {
  const t = await smtpTransport(s, timeoutMs);
  try {
    await t.verify();
    return { ok: true, error: null };
  } catch (err) {
    return { ok: false, error: describeMailError('SMTP', s, err, timeoutMs) };
  } finally {
    t.close();
  }
}
