/**
 * The per-file harness: the app it stands for is built before the file's tests, on a database
 * of its own, and signed in as the file asked; it refuses to be used before then, and a token
 * the file did not ask for.
 */
import { describe, expect, it } from 'vitest';
import { testAppPerFile } from './harness';

const ME = '/api/user/rest/v1/login';
const t = testAppPerFile({ admin: true, signIn: { manager: 'sales.manager' } });
const plain = testAppPerFile();

const loginOf = async (token: string) => (await t.call('GET', ME, { token })).json().data.loginName;

describe('testAppPerFile', () => {
  it('signs in the admin and the named users before the first test', async () => {
    expect(await loginOf(t.admin)).toBe('admin');
    expect(await loginOf(t.as.manager)).toBe('sales.manager');
  });

  it('gives each app a database of its own', async () => {
    await t.rows(`UPDATE users SET user_name = 'Harness only' WHERE login_name = 'planner'`);
    const nameIn = async (app: typeof plain) =>
      (await app.rows<{ user_name: string }>(`SELECT user_name FROM users WHERE login_name = 'planner'`))[0]?.user_name;
    expect(await nameIn(t)).toBe('Harness only');
    expect(await nameIn(plain)).not.toBe('Harness only');
  });

  it('refuses the admin token when the file did not ask for it', () => {
    expect(() => plain.admin).toThrow(/admin is not signed in/);
  });

  describe('before its hooks ran', () => {
    // Read while the file is collected, before any beforeAll: the app does not exist yet.
    const late = testAppPerFile();
    let refusal: unknown;
    try {
      late.database;
    } catch (err) {
      refusal = err;
    }
    it('refuses to be used', async () => {
      expect(String(refusal)).toMatch(/built in beforeAll/);
      expect((await late.call('GET', '/api/health')).statusCode).toBe(200);
    });
  });
});
