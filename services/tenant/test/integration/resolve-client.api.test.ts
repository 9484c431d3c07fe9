import { startTenant } from '../helpers/app';
import { createClient, createDomainMapping, uniqueHost } from '../helpers/factories';
import { sharedService } from '@hap/test-kit/shared-service';

describe('GET /api/resolve-client', () => {
  const t = sharedService(() => startTenant());

  const resolve = async (facts: Record<string, string>) => {
    const res = await t.api.get(`/api/resolve-client?${new URLSearchParams(facts).toString()}`);
    expect(res.status).toBe(200);
    return res.body.data as { clientId: number; source: string };
  };

  describe('1. a mapped host', () => {
    it('wins, whatever the path', async () => {
      const client = await createClient(t.dataSource);
      const mapping = await createDomainMapping(t.dataSource, client.id);
      expect(await resolve({ host: mapping.domain, path: '/trt' })).toEqual({ clientId: client.id, source: 'host' });
    });

    it('beats ?client= and the session', async () => {
      const [mapped, other] = [await createClient(t.dataSource), await createClient(t.dataSource)];
      const mapping = await createDomainMapping(t.dataSource, mapped.id);
      const facts = { host: mapping.domain, path: '/', client: String(other.id), session: String(other.id) };
      expect(await resolve(facts)).toEqual({ clientId: mapped.id, source: 'host' });
    });

    it('is found whatever the case and port of the Host header', async () => {
      const client = await createClient(t.dataSource);
      const mapping = await createDomainMapping(t.dataSource, client.id);
      expect(await resolve({ host: `${mapping.domain.toUpperCase()}:8443` })).toEqual({ clientId: client.id, source: 'host' });
    });

    it('prefers the longest matching path prefix, then the lowest priority, then the lowest id', async () => {
      const [root, landing, lowPriority, firstOfTie] = await Promise.all([1, 2, 3, 4].map(() => createClient(t.dataSource)));
      const domain = uniqueHost('multi');
      await createDomainMapping(t.dataSource, root.id, { domain, path: '/' });
      await createDomainMapping(t.dataSource, landing.id, { domain, path: '/offers', priority: 100 });
      await createDomainMapping(t.dataSource, lowPriority.id, { domain, path: '/offers/', priority: 5 });
      await createDomainMapping(t.dataSource, firstOfTie.id, { domain, path: '/spa', priority: 10 });
      await createDomainMapping(t.dataSource, root.id, { domain, path: '/spa/', priority: 10 });

      expect(await resolve({ host: domain, path: '/offers/trt' })).toEqual({ clientId: lowPriority.id, source: 'host' });
      expect(await resolve({ host: domain, path: '/spa' })).toEqual({ clientId: firstOfTie.id, source: 'host' });
      expect(await resolve({ host: domain, path: '/offersx' })).toEqual({ clientId: root.id, source: 'host' });
      expect(await resolve({ host: domain, path: '/' })).toEqual({ clientId: root.id, source: 'host' });
    });

    it('ignores inactive mappings', async () => {
      const [client, fallback] = [await createClient(t.dataSource), await createClient(t.dataSource)];
      const mapping = await createDomainMapping(t.dataSource, client.id, { isActive: false });
      expect(await resolve({ host: mapping.domain, client: String(fallback.id) })).toEqual({
        clientId: fallback.id,
        source: 'query',
      });
    });
  });

  describe('2. ?client=', () => {
    it('applies on an unmapped host when the client exists', async () => {
      const client = await createClient(t.dataSource);
      expect(await resolve({ host: uniqueHost(), client: String(client.id) })).toEqual({ clientId: client.id, source: 'query' });
    });

    it.each(['abc', '2.5', '-3', '0', '987699'])('is ignored when it is %p', async (value) => {
      expect(await resolve({ host: uniqueHost(), path: '/', client: value })).toEqual({ clientId: 1, source: 'default' });
    });

    it('beats the development path rule', async () => {
      const client = await createClient(t.dataSource);
      expect(await resolve({ host: 'localhost:3000', path: '/trt', client: String(client.id) })).toEqual({
        clientId: client.id,
        source: 'query',
      });
    });
  });

  describe('3. /trt and /ed on development hosts', () => {
    it.each([
      ['localhost:5173', '/trt'],
      ['127.0.0.1', '/ed'],
      ['[::1]:8080', '/trt/'],
      ['clinic.localhost', '/ed'],
      ['my-mac.local', '/trt'],
      ['pr-12-preview.example.net', '/trt'],
      ['app.replit.app', '/ed'],
      ['dev.example.org', '/trt'],
    ])('%s %s → client 1', async (host, path) => {
      const client = await createClient(t.dataSource);
      expect(await resolve({ host, path, session: String(client.id) })).toEqual({ clientId: 1, source: 'path' });
    });

    it('does not apply on production hosts', async () => {
      const client = await createClient(t.dataSource);
      expect(await resolve({ host: uniqueHost(), path: '/trt', session: String(client.id) })).toEqual({
        clientId: client.id,
        source: 'session',
      });
    });
  });

  describe('4. the session client', () => {
    it('applies when nothing before it does', async () => {
      const client = await createClient(t.dataSource);
      expect(await resolve({ host: 'localhost', path: '/weightloss', session: String(client.id) })).toEqual({
        clientId: client.id,
        source: 'session',
      });
    });

    it('is ignored when the client does not exist', async () => {
      expect(await resolve({ host: 'localhost', session: '987698' })).toEqual({ clientId: 1, source: 'default' });
    });
  });

  describe('5. the default', () => {
    it('is client 1', async () => {
      expect(await resolve({ host: uniqueHost(), path: '/' })).toEqual({ clientId: 1, source: 'default' });
    });
  });

  describe('odd input', () => {
    it('answers 400 for a host with a NUL character', async () => {
      const res = await t.api.get('/api/resolve-client?host=a%00b');
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ code: 'VALIDATION_FAILED', message: 'Text must not contain NUL characters' });
    });

    it("ignores a ?client= that is not an id: the host's mapping still decides", async () => {
      const client = await createClient(t.dataSource);
      const mapping = await createDomainMapping(t.dataSource, client.id);
      // (A NUL is refused in any address, 400: the public shell drops it from what it forwards.)
      const facts = { host: mapping.domain, client: 'A'.repeat(70), session: '\u0001'.repeat(3) };
      expect(await resolve(facts)).toEqual({ clientId: client.id, source: 'host' });
    });

    it('ignores ?client= and session values that are not ids, on an unmapped host too', async () => {
      for (const value of ['A'.repeat(70), '9'.repeat(40), '2147483648', ' ']) {
        expect(await resolve({ host: uniqueHost(), client: value, session: value })).toEqual({ clientId: 1, source: 'default' });
      }
    });

    it('trims a very long path instead of refusing it', async () => {
      const client = await createClient(t.dataSource);
      const mapping = await createDomainMapping(t.dataSource, client.id, { path: '/offers' });
      expect(await resolve({ host: mapping.domain, path: `/offers/${'x'.repeat(5000)}` })).toEqual({
        clientId: client.id,
        source: 'host',
      });
    });
  });

  it('answers 400 without a host', async () => {
    const res = await t.api.get('/api/resolve-client?path=/');
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'VALIDATION_FAILED', message: 'host is required' });
  });
});
