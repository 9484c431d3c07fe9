import request from 'supertest';
import { z } from 'zod';
import { NUL_MESSAGE } from '@hap/contracts';
import { createServiceApp, nulIssuesOf, signIdentity } from '../src';

describe('nulIssuesOf', () => {
  const nul = (path: string) => ({ path, message: NUL_MESSAGE });

  it.each([
    ['/api/audit-log/tenant?entity=%00', [nul('entity')]],
    ['/api/audit-log/tenant?entity=a\u0000b', [nul('entity')]],
    ['/api/clients/1%00', [nul('path')]],
    ['/uploads/a%00.png?v=%00&w=1&v=2', [nul('path'), nul('v')]],
    ['/x?%00=1&a%00b=2', [nul('%00'), nul('ab')]],
    ['/x?a=1&b=%00&c=%00', [nul('b'), nul('c')]],
  ])('finds where %s holds a NUL', (url, issues) => {
    expect(nulIssuesOf(url)).toEqual(issues);
  });

  it.each(['/api/clients/1', '/x?q=%2500', '/x?q=%0A&r=%20', '/x?q=100%25', '/x?code=4%2F0AX'])('finds none in %s', (url) => {
    expect(nulIssuesOf(url)).toEqual([]);
  });
});

describe('every service app refuses a NUL in its address', () => {
  const secret = 'url-guard-test-secret';
  let reached = 0;
  const app = createServiceApp({ name: 'probe', internalSecret: secret, logLevel: 'silent' });
  app.get('/items/:name', { schema: { querystring: z.object({ q: z.string().optional() }) } }, async () => {
    reached += 1;
    return { success: true as const, data: null };
  });
  const signed = (url: string) => signIdentity(secret, 'GET', url, { kind: 'anonymous' });
  beforeAll(() => app.ready());
  afterAll(() => app.close());

  // (A raw NUL never arrives as one: Node's parser refuses it, and light-my-request sends it as %00.)
  it('answers 400 in the envelope before validation or the handler, for the query and the path', async () => {
    for (const url of ['/items/a?q=%00', '/items/a%00', '/items/a%00?q=b']) {
      const res = await app.inject({ method: 'GET', url, headers: signed(url) });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ success: false, code: 'VALIDATION_FAILED', message: NUL_MESSAGE });
    }
    expect(reached).toBe(0);
    const fine = await request(app.server).get('/items/a?q=%2500').set(signed('/items/a?q=%2500'));
    expect(fine.status).toBe(200);
    expect(reached).toBe(1);
  });

  it('still answers an unsigned caller 401 first', async () => {
    const res = await request(app.server).get('/items/a?q=%00');
    expect(res.status).toBe(401);
  });
});
