/**
 * Mailboxes of the app under test: added through the API the way a user adds one. Apart from
 * mail-servers.ts, which the browser tests load too and which needs neither the app nor vitest.
 */
import { expect } from 'vitest';
import type { TestApp } from './harness';

/** Adds a mailbox through the API as `token` and answers its id. */
export async function addMailbox(t: TestApp, token: string, body: Record<string, unknown>): Promise<number> {
  const res = await t.call('POST', '/api/email/rest/v1/mailboxes', { token, body });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.id;
}
