/**
 * Delivers one-time codes (password reset). Pluggable: mail in production, the server
 * log in demo and development, a collecting sender in tests.
 */
import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';

export interface CodeMessage {
  loginName: string;
  email: string | null;
  code: string;
  expiresInSeconds: number;
}

export interface CodeSender {
  send(msg: CodeMessage): Promise<void>;
}

export class LogCodeSender implements CodeSender {
  constructor(private readonly log: FastifyBaseLogger) {}
  async send(msg: CodeMessage): Promise<void> {
    this.log.warn(
      { loginName: msg.loginName },
      `password reset code for ${msg.loginName}: ${msg.code} (valid ${Math.round(msg.expiresInSeconds / 60)} min; CAPTCHA_SENDER=log)`,
    );
  }
}

export class MailCodeSender implements CodeSender {
  private readonly transport;
  constructor(
    smtpUrl: string,
    private readonly from: string,
  ) {
    this.transport = nodemailer.createTransport(smtpUrl);
  }
  async send(msg: CodeMessage): Promise<void> {
    if (!msg.email) return; // nothing to deliver to; the reply stays the same
    await this.transport.sendMail({
      from: this.from,
      to: msg.email,
      subject: 'Password reset code / 密码重置验证码',
      text: `Your code: ${msg.code}\n您的验证码：${msg.code}\n\nIt expires in ${Math.round(msg.expiresInSeconds / 60)} minutes.`,
    });
  }
}

/** Keeps codes in memory: tests read them back. */
export class MemoryCodeSender implements CodeSender {
  readonly sent: CodeMessage[] = [];
  async send(msg: CodeMessage): Promise<void> {
    this.sent.push(msg);
  }
}
