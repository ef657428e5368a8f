/**
 * Real mail servers for integration tests, on free 127.0.0.1 ports, private to the test:
 * Debian's dovecot (IMAP) with its own config, passwd-file users and maildirs in a temp
 * dir; and nodemailer's smtp-server capturing every message (parsed with mailparser).
 * Both stop with `stop()`. scripts/test.mjs installs dovecot when missing.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { ImapFlow } from 'imapflow';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export const DOVECOT = process.env.DOVECOT_PATH ?? '/usr/sbin/dovecot';
export const hasDovecot = () => existsSync(DOVECOT);

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const addr = s.address();
      const port = typeof addr === 'object' && addr ? addr.port : 0;
      s.close(() => resolve(port));
    });
  });
}

const waitForPort = async (port: number, ms: number) => {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    const ok = await new Promise<boolean>((resolve) => {
      const c = net.connect(port, '127.0.0.1');
      c.once('connect', () => {
        c.destroy();
        resolve(true);
      });
      c.once('error', () => resolve(false));
    });
    if (ok) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`nothing listens on 127.0.0.1:${port} after ${ms} ms`);
};

async function idsOf(name: string): Promise<{ uid: number; gid: number } | null> {
  const passwd = await fs.readFile('/etc/passwd', 'utf8');
  const line = passwd.split('\n').find((l) => l.startsWith(`${name}:`));
  if (!line) return null;
  const [, , uid, gid] = line.split(':');
  return { uid: Number(uid), gid: Number(gid) };
}

export interface ImapUser {
  user: string;
  password: string;
}

export interface TestImapServer {
  host: string;
  port: number;
  dir: string;
  users: ImapUser[];
  /** An IMAP client signed in as `user` (call logout when done). */
  client(user: string): Promise<ImapFlow>;
  /** APPENDs a raw RFC 822 message to a folder of `user` (as a delivery would). */
  append(user: string, raw: string, folder?: string): Promise<void>;
  stop(): Promise<void>;
}

/** Starts dovecot with a private configuration; every user gets INBOX and a Sent folder. */
export async function startImapServer(users: ImapUser[]): Promise<TestImapServer> {
  if (!hasDovecot()) throw new Error(`dovecot not found at ${DOVECOT}: apt-get install dovecot-imapd`);
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'bo-imap-'));
  await fs.chmod(dir, 0o755);
  const port = await freePort();
  const isRoot = process.getuid?.() === 0;
  // dovecot never runs mail processes as root: as root, mail belongs to its own user.
  const me = isRoot
    ? ((await idsOf('dovecot')) ?? { uid: 65534, gid: 65534 })
    : { uid: process.getuid?.() ?? 0, gid: process.getgid?.() ?? 0 };
  const meName = os.userInfo().username;
  const home = path.join(dir, 'home');
  await fs.mkdir(home, { recursive: true });
  await fs.chown(home, me.uid, me.gid);
  const passwd = users.map((u) => `${u.user}:{PLAIN}${u.password}:${me.uid}:${me.gid}::${path.join(home, u.user)}::`).join('\n');
  await fs.writeFile(path.join(dir, 'users'), `${passwd}\n`, { mode: 0o640 });
  if (isRoot) await fs.chown(path.join(dir, 'users'), 0, me.gid);
  const conf = `
protocols = imap
listen = 127.0.0.1
base_dir = ${dir}/run
state_dir = ${dir}/state
instance_name = bo-test-${port}
log_path = ${dir}/dovecot.log
ssl = no
disable_plaintext_auth = no
auth_mechanisms = plain login
# Tests sign in wrongly on purpose: answer at once. (dovecot still delays the next sign-ins
# from that address for seconds: test wrong passwords against a server of their own.)
auth_failure_delay = 0
${isRoot ? '' : `default_login_user = ${meName}\ndefault_internal_user = ${meName}\n`}first_valid_uid = 1
mail_location = maildir:~/Maildir
passdb {
  driver = passwd-file
  args = scheme=PLAIN username_format=%u ${dir}/users
}
userdb {
  driver = passwd-file
  args = username_format=%u ${dir}/users
}
namespace inbox {
  inbox = yes
  mailbox Sent {
    special_use = \\Sent
    auto = subscribe
  }
  mailbox Drafts {
    special_use = \\Drafts
    auto = subscribe
  }
}
service imap-login {
  inet_listener imap {
    address = 127.0.0.1
    port = ${port}
  }
  inet_listener imaps {
    port = 0
  }
}
service stats {
  unix_listener stats-reader {
    mode = 0666
  }
  unix_listener stats-writer {
    mode = 0666
  }
}
`;
  const confPath = path.join(dir, 'dovecot.conf');
  await fs.writeFile(confPath, conf);
  const proc: ChildProcess = spawn(DOVECOT, ['-F', '-c', confPath], { stdio: ['ignore', 'pipe', 'pipe'] });
  let stderr = '';
  proc.stderr?.on('data', (d) => {
    stderr += String(d);
  });
  try {
    await waitForPort(port, 10_000);
  } catch (err) {
    proc.kill('SIGTERM');
    const log = await fs.readFile(path.join(dir, 'dovecot.log'), 'utf8').catch(() => '');
    throw new Error(`dovecot did not start: ${String(err)}\n${stderr}\n${log}`);
  }
  const client = async (user: string) => {
    const u = users.find((x) => x.user === user);
    if (!u) throw new Error(`no test user ${user}`);
    const c = new ImapFlow({ host: '127.0.0.1', port, secure: false, auth: { user: u.user, pass: u.password }, logger: false });
    await c.connect();
    return c;
  };
  return {
    host: '127.0.0.1',
    port,
    dir,
    users,
    client,
    async append(user, raw, folder = 'INBOX') {
      const c = await client(user);
      try {
        await c.append(folder, raw);
      } finally {
        await c.logout();
      }
    },
    async stop() {
      if (proc.exitCode === null) {
        const exited = new Promise((r) => proc.once('exit', r));
        proc.kill('SIGTERM');
        await Promise.race([exited, new Promise((r) => setTimeout(r, 3000))]);
        if (proc.exitCode === null) proc.kill('SIGKILL');
      }
      await fs.rm(dir, { recursive: true, force: true });
    },
  };
}

export interface CapturedMail {
  from: string;
  to: string[];
  raw: string;
  parsed: ParsedMail;
}

export interface TestSmtpServer {
  host: string;
  port: number;
  user: string;
  password: string;
  received: CapturedMail[];
  /** Resolves when at least n messages arrived. */
  waitFor(n: number, ms?: number): Promise<CapturedMail[]>;
  stop(): Promise<void>;
}

/** A capturing SMTP server with AUTH (plaintext on loopback). */
export async function startSmtpServer(
  auth = { user: 'smtp-user', password: 'smtp-pass' },
  /** onMessage runs when a mail is captured, before the server answers 250 (a crash test kills the sender there). */
  hooks: { onMessage?: (mail: CapturedMail, count: number) => void } = {},
): Promise<TestSmtpServer> {
  const received: CapturedMail[] = [];
  const server = new SMTPServer({
    secure: false,
    allowInsecureAuth: true,
    authOptional: false,
    disabledCommands: ['STARTTLS'],
    logger: false,
    size: 30 * 1024 * 1024,
    onAuth(a, _session, cb) {
      if (a.username === auth.user && a.password === auth.password) cb(null, { user: a.username });
      else cb(new Error('Invalid username or password'));
    },
    onData(stream, session, cb) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        simpleParser(raw)
          .then((parsed) => {
            received.push({
              from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
              to: session.envelope.rcptTo.map((r) => r.address),
              raw,
              parsed,
            });
            hooks.onMessage?.(received[received.length - 1] as CapturedMail, received.length);
            cb();
          })
          .catch((err: Error) => cb(err));
      });
    },
  });
  const port = await freePort();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  return {
    host: '127.0.0.1',
    port,
    user: auth.user,
    password: auth.password,
    received,
    async waitFor(n, ms = 10_000) {
      const end = Date.now() + ms;
      while (received.length < n) {
        if (Date.now() > end) throw new Error(`expected ${n} mails at the test SMTP server, got ${received.length}`);
        await new Promise((r) => setTimeout(r, 25));
      }
      return received;
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Where a mailbox signs in on one side: a test server's port and the user it knows. */
export interface MailLogin {
  port: number;
  user: string;
  password: string;
}

/**
 * A mailbox's server settings pointed at servers on loopback, without TLS: it reads from `imap`
 * and sends through `smtp` (a `TestSmtpServer` is its own login). A side a test never uses can
 * name a port where nothing listens.
 */
export const loopbackMailServers = (imap: MailLogin, smtp: MailLogin) => ({
  imapHost: '127.0.0.1',
  imapPort: imap.port,
  imapSecure: false,
  imapUser: imap.user,
  imapPassword: imap.password,
  smtpHost: '127.0.0.1',
  smtpPort: smtp.port,
  smtpSecure: false,
  smtpUser: smtp.user,
  smtpPassword: smtp.password,
});
