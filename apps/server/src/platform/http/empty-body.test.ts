/**
 * An action whose body has no required field accepts a request without a body (what
 * `curl -X POST` sends): the validator reads a missing body as `{}` for every such route.
 */
import { describe, expect, it } from 'vitest';
import { testAppPerFile } from '../../../test/harness';

const t = testAppPerFile();

describe('a request without a body', () => {
  it('is the empty object for every route whose body schema needs no field', { timeout: 120_000 }, async () => {
    const routes = t.app.routeList.filter(
      (r) => r.method !== 'HEAD' && r.endpoint?.body !== undefined && r.endpoint.body.safeParse({}).success,
    );
    expect(routes.map((r) => `${r.method} ${r.url}`)).toContain('POST /api/imports/:id/commit');
    let token = await t.login('admin');
    const refused: string[] = [];
    for (const r of routes) {
      // Unknown ids: the point is what validation says, not what the action does.
      const url = r.url.replace(/:(\w+)/g, (_m, name: string) => (/id$/i.test(name) ? '999999' : 'x'));
      const send = () => t.app.inject({ method: r.method as 'POST', url, headers: { authorization: `Bearer ${token}` } });
      let res = await send();
      if (res.statusCode === 401) {
        token = await t.login('admin');
        res = await send();
      }
      if (res.statusCode === 400 && /received (null|undefined)/.test(res.body)) refused.push(`${r.method} ${r.url}: ${res.body}`);
    }
    expect(refused).toEqual([]);
  });

  it('still refuses a missing body where the schema requires a field', async () => {
    const res = await t.call('POST', '/api/user/rest/v2/login');
    expect(res.statusCode).toBe(400);
  });
});
