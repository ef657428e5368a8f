/**
 * Delivers one-time codes (password reset) and notices to an account's owner (someone
 * tried to register their login name). Pluggable: mail in production, the server log in
 * demo and development, a collecting sender in tests.
 */

import type { FastifyBaseLogger } from 'fastify';
import { loadNodemailer } from '../runtime/lazy-deps';

export interface CodeMessage {
  loginName: string;
  email: string | null;
  code: string;
  expiresInSeconds: number;
}

/** Told to the owner of a login name: registration answers a taken name as a free one. */
export interface AccountNotice {
  loginName: string;
  email: string | null;
  kind: 'registration-attempt';
}

/** Any other system mail to one user (a notification, platform/notify/notifications.ts). */
export interface SystemMail {
  email: string;
  subject: string;
  text: string;
  /** Files sent with it (a scheduled report's export). */
  attachments?: readonly MailAttachment[];
}

export interface MailAttachment {
  filename: string;
  contentType: string;
  content: Buffer;
}

export interface CodeSender {
  send(msg: CodeMessage): Promise<void>;
  notify(msg: AccountNotice): Promise<void>;
  deliver(msg: SystemMail): Promise<void>;
}

const NOTICE_TEXT = {
  'registration-attempt': {
    subject: 'Someone tried to register your login name / 有人尝试注册您的登录名',
    text: (loginName: string) =>
      `Someone tried to register a new account with the login name ${loginName}, which is yours. Nothing was created and your account is unchanged.\n` +
      `If that was you, sign in with your password, or reset it from the sign-in page.\n\n` +
      `有人尝试用您的登录名 ${loginName} 注册新账号。系统没有创建任何账号，您的账号也没有变化。\n` +
      `如果是您本人，请用原密码登录，或在登录页重置密码。`,
  },
} as const;

export class LogCodeSender implements CodeSender {
  constructor(private readonly log: FastifyBaseLogger) {}
  async send(msg: CodeMessage): Promise<void> {
    this.log.warn(
      { loginName: msg.loginName },
      `password reset code for ${msg.loginName}: ${msg.code} (valid ${Math.round(msg.expiresInSeconds / 60)} min; CAPTCHA_SENDER=log)`,
    );
  }
  async notify(msg: AccountNotice): Promise<void> {
    this.log.warn(
      { loginName: msg.loginName, notice: msg.kind },
      `notice for ${msg.loginName}: ${NOTICE_TEXT[msg.kind].subject}`,
    );
  }
  async deliver(msg: SystemMail): Promise<void> {
    this.log.info({ subject: msg.subject }, 'system mail not sent (CAPTCHA_SENDER=log)');
  }
}

export class MailCodeSender implements CodeSender {
  private transport: ReturnType<Awaited<ReturnType<typeof loadNodemailer>>['createTransport']> | undefined;
  constructor(
    private readonly smtpUrl: string,
    private readonly from: string,
  ) {}
  async send(msg: CodeMessage): Promise<void> {
    if (!msg.email) return; // nothing to deliver to; the reply stays the same
    this.transport ??= (await loadNodemailer()).createTransport(this.smtpUrl);
    await this.transport.sendMail({
      from: this.from,
      to: msg.email,
      subject: 'Password reset code / 密码重置验证码',
      text: `Your code: ${msg.code}\n您的验证码：${msg.code}\n\nIt expires in ${Math.round(msg.expiresInSeconds / 60)} minutes.`,
    });
  }
  async notify(msg: AccountNotice): Promise<void> {
    if (!msg.email) return;
    const notice = NOTICE_TEXT[msg.kind];
    this.transport ??= (await loadNodemailer()).createTransport(this.smtpUrl);
    await this.transport.sendMail({ from: this.from, to: msg.email, subject: notice.subject, text: notice.text(msg.loginName) });
  }
  async deliver(msg: SystemMail): Promise<void> {
    this.transport ??= (await loadNodemailer()).createTransport(this.smtpUrl);
    await this.transport.sendMail({
      from: this.from,
      to: msg.email,
      subject: msg.subject,
      text: msg.text,
      ...(msg.attachments ? { attachments: msg.attachments.map((a) => ({ ...a })) } : {}),
    });
  }
}

/** Keeps codes in memory: tests read them back. */
export class MemoryCodeSender implements CodeSender {
  readonly sent: CodeMessage[] = [];
  readonly notices: AccountNotice[] = [];
  async send(msg: CodeMessage): Promise<void> {
    this.sent.push(msg);
  }
  async notify(msg: AccountNotice): Promise<void> {
    this.notices.push(msg);
  }
  readonly mails: SystemMail[] = [];
  async deliver(msg: SystemMail): Promise<void> {
    this.mails.push(msg);
  }
}
