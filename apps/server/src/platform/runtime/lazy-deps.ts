/**
 * Packages that only some requests and jobs use, loaded on first use instead of at start:
 * exceljs, imapflow, mailparser and nodemailer were about a fifth of a server start's CPU
 * (docs/performance.md), paid again by every restart, every test server and every worker.
 * Each loader imports its package once; later calls answer the same module.
 */
import type * as ExcelJSModule from 'exceljs';
import type * as ImapFlowModule from 'imapflow';
import type * as MailParserModule from 'mailparser';
import type NodemailerModule from 'nodemailer';

const once = <T>(load: () => Promise<T>): (() => Promise<T>) => {
  let loading: Promise<T> | undefined;
  return () => {
    loading ??= load();
    return loading;
  };
};

/** exceljs (a CommonJS package: its exports are the default export's). */
export const loadExcel = once(async (): Promise<typeof ExcelJSModule> => (await import('exceljs')).default);
export const loadImapFlow = once(async (): Promise<typeof ImapFlowModule.ImapFlow> => (await import('imapflow')).ImapFlow);
export const loadMailParser = once(
  async (): Promise<typeof MailParserModule.simpleParser> => (await import('mailparser')).simpleParser,
);
export const loadNodemailer = once(async (): Promise<typeof NodemailerModule> => (await import('nodemailer')).default);
