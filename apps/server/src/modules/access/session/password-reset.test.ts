import { describe, expect, it } from 'vitest';
import { testAppPerFile } from '../../../../test/harness';
import { compareMedians } from '../../../../test/timing';

const t = testAppPerFile();

const GEN = '/api/user/rest/v1/users/resetPassword/generateCaptcha';
const CHECK = '/api/user/rest/v1/users/checkUserCaptcha';
const RESET = '/api/user/rest/v1/users/resetPassword';

describe('password reset with a captcha code', () => {
  it('gives the same reply for known and unknown accounts, and delivers a code only to the known one', async () => {
    const known = await t.call('GET', GEN, { query: { loginName: 'cs.agent' } });
    const unknown = await t.call('GET', GEN, { query: { loginName: 'no.such.user' } });
    expect(known.statusCode).toBe(200);
    expect(known.json()).toEqual(unknown.json());
    expect(t.codes.sent.map((m) => m.loginName)).toEqual(['cs.agent']);
    expect(t.codes.sent[0]?.code).toMatch(/^\d{6}$/);
  });

  it('checks a code, resets the password, ends every session, and refuses the used code', async () => {
    const session = await t.login('cs.agent');
    const code = t.codes.sent.find((m) => m.loginName === 'cs.agent')?.code ?? '';
    const wrong = code === '000000' ? '111111' : '000000';
    expect((await t.call('GET', CHECK, { query: { loginName: 'cs.agent', captcha: wrong } })).json().data.valid).toBe(false);
    expect((await t.call('GET', CHECK, { query: { loginName: 'cs.agent', captcha: code } })).json().data.valid).toBe(true);
    const res = await t.call('PUT', RESET, { body: { loginName: 'cs.agent', captcha: code, password: 'New-password-42' } });
    expect(res.statusCode).toBe(200);
    expect((await t.call('GET', '/api/user/rest/v1/login', { token: session })).statusCode).toBe(401);
    await t.login('cs.agent', 'New-password-42');
    const again = await t.call('PUT', RESET, { body: { loginName: 'cs.agent', captcha: code, password: 'Another-pass-43' } });
    expect(again.statusCode).toBe(400);
  });

  it('refuses a weak password and a malformed code with 400', async () => {
    expect((await t.call('PUT', RESET, { body: { loginName: 'pm', captcha: '123456', password: 'short' } })).statusCode).toBe(
      400,
    );
    expect((await t.call('GET', CHECK, { query: { loginName: 'pm', captcha: 'abc' } })).statusCode).toBe(400);
    expect((await t.call('GET', GEN, { query: {} })).statusCode).toBe(400);
  });

  it('stops accepting a code after five wrong tries', async () => {
    await t.call('GET', GEN, { query: { loginName: 'planner' } });
    const code = t.codes.sent.find((m) => m.loginName === 'planner')?.code ?? '';
    for (let i = 0; i < 5; i++) {
      const guess = String((Number(code) + 1 + i) % 1_000_000).padStart(6, '0');
      await t.call('GET', CHECK, { query: { loginName: 'planner', captcha: guess } });
    }
    expect((await t.call('GET', CHECK, { query: { loginName: 'planner', captcha: code } })).json().data.valid).toBe(false);
  });
});

describe('password reset timing', () => {
  it('answers an existing account as fast as an unknown one, even when delivering the code is slow', async () => {
    const hash = (await t.database.pool.query(`SELECT password_hash FROM users WHERE login_name = 'pm'`)).rows[0].password_hash;
    for (let i = 0; i < 9; i++) {
      await t.database.pool.query(`INSERT INTO users (account_id, login_name, user_name, password_hash) VALUES (1, $1, $1, $2)`, [
        `timing.${i}`,
        hash,
      ]);
    }
    // Like an SMTP round trip: a reply that waited for it would tell existing accounts apart.
    const deliver = t.codes.send.bind(t.codes);
    t.codes.send = async (m) => {
      await new Promise((r) => setTimeout(r, 150));
      await deliver(m);
    };
    try {
      const m = await compareMedians(
        (i) => t.call('GET', GEN, { query: { loginName: `timing.${i}` } }),
        (i) => t.call('GET', GEN, { query: { loginName: `nobody.${i}` } }),
      );
      expect(m.diff, `existing ${m.a.toFixed(1)} ms, unknown ${m.b.toFixed(1)} ms`).toBeLessThan(40);
      const c = await compareMedians(
        (i) => t.call('GET', CHECK, { query: { loginName: `timing.${i}`, captcha: '000000' } }),
        (i) => t.call('GET', CHECK, { query: { loginName: `nobody.${i}`, captcha: '000000' } }),
      );
      expect(c.diff, `existing ${c.a.toFixed(1)} ms, unknown ${c.b.toFixed(1)} ms`).toBeLessThan(40);
    } finally {
      t.codes.send = deliver;
    }
    // The codes still arrive, after the reply.
    await new Promise((r) => setTimeout(r, 300));
    expect(t.codes.sent.filter((c) => c.loginName.startsWith('timing.')).length).toBe(9);
  });
});

const CELL = '/api/user/rest/v1/users/checkCellphoneExists';

describe('GET user/rest/v1/users/checkCellphoneExists', () => {
  it('needs a session, validates the number, and answers whether it is used', async () => {
    expect((await t.call('GET', CELL, { query: { cellphone: '13800000000' } })).statusCode).toBe(401);
    const token = await t.login('admin');
    expect((await t.call('GET', CELL, { token, query: { cellphone: 'abc' } })).statusCode).toBe(400);
    await t.database.pool.query(`UPDATE users SET cellphone = '+86 138-0000-0000' WHERE login_name = 'pm'`);
    const yes = await t.call('GET', CELL, { token, query: { cellphone: '+8613800000000' } });
    expect(yes.json().data.exists).toBe(true);
    const no = await t.call('GET', CELL, { token, query: { cellphone: '13900000000' } });
    expect(no.json().data.exists).toBe(false);
  });

  it("answers only for the caller's own account", async () => {
    await t.database.pool.query(`UPDATE users SET cellphone = '+49 170 5550101' WHERE login_name = 'shop.b'`);
    const ask = async (login: string) =>
      (await t.call('GET', CELL, { token: await t.login(login), query: { cellphone: '+491705550101' } })).json().data.exists;
    expect(await ask('shop.b')).toBe(true);
    expect(await ask('shop.a')).toBe(false);
    expect(await ask('admin')).toBe(false);
  });

  it('is throttled per address', async () => {
    const token = await t.login('admin');
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++) {
      statuses.push(
        (await t.call('GET', CELL, { token, query: { cellphone: `1390000${String(i).padStart(4, '0')}` }, ip: '10.66.0.1' }))
          .statusCode,
      );
    }
    expect(statuses.slice(0, 30).every((s) => s === 200)).toBe(true);
    const last = await t.call('GET', CELL, { token, query: { cellphone: '13900009999' }, ip: '10.66.0.1' });
    expect(last.statusCode).toBe(429);
    expect(last.headers['retry-after']).toBeDefined();
    expect((await t.call('GET', CELL, { token, query: { cellphone: '13900009999' }, ip: '10.66.0.2' })).statusCode).toBe(200);
  });
});
