import { ERROR_CODES } from '@bo/contract';
import { expect, it } from 'vitest';
import { testAppPerFile } from '../../../../test/harness';
import { passwordGate } from '../../../platform/auth/hash-gate';

const t = testAppPerFile();

const LOGIN = '/api/user/rest/v2/login';

it('answers 503 BUSY with Retry-After in the envelope when the password checks are full, and signs in once they clear', async () => {
  // Every slot busy and the line full: a sign-in is refused before any database work.
  let release: () => void = () => {};
  const hold = new Promise<void>((resolve) => {
    release = resolve;
  });
  const { slots, maxQueue } = passwordGate.options;
  const held = Array.from({ length: slots + maxQueue }, () => passwordGate.run(() => hold));
  try {
    expect(passwordGate.stats).toEqual({ running: slots, waiting: maxQueue });
    const res = await t.call('POST', LOGIN, { body: { loginName: 'admin', password: 'Admin-pass-123' } });
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBe('2');
    expect(res.json()).toMatchObject({ code: ERROR_CODES.BUSY, data: null });
  } finally {
    release();
    await Promise.all(held);
  }
  expect(passwordGate.stats).toEqual({ running: 0, waiting: 0 });
  // Not counted as a failed attempt, and the next sign-in goes through.
  const ok = await t.call('POST', LOGIN, { body: { loginName: 'admin', password: 'Admin-pass-123' } });
  expect(ok.statusCode).toBe(200);
});
