import { DomainMappingSchema } from '@hap/contracts';
import { DomainMappingEntity } from '../../src/modules/domain-mapping/domain-mapping.entity';
import { ADMIN, ANONYMOUS, startTenant } from '../helpers/app';
import { auditRows, createClient, createDomainMapping, uniqueHost } from '../helpers/factories';
import { sharedService } from '@hap/test-kit/shared-service';

describe('domain mappings API', () => {
  const t = sharedService(() => startTenant());

  const countByDomain = (domain: string) => t.dataSource.getRepository(DomainMappingEntity).countBy({ domain });

  describe('POST /api/domain-mappings', () => {
    it('maps a normalised host with the defaults (path /, priority 100, active)', async () => {
      const client = await createClient(t.dataSource);
      const host = uniqueHost();

      const res = await t.api.post('/api/domain-mappings', ADMIN).send({ domain: `${host.toUpperCase()}:443`, clientId: client.id });

      expect(res.status).toBe(201);
      expect(DomainMappingSchema.strict().parse(res.body.data)).toMatchObject({
        domain: host,
        path: '/',
        clientId: client.id,
        priority: 100,
        isActive: true,
      });
      expect(await auditRows(t.dataSource, 'domain_mapping', res.body.data.id)).toHaveLength(1);
    });

    it('answers 409 for a host and path already mapped, and keeps the first', async () => {
      const client = await createClient(t.dataSource);
      const existing = await createDomainMapping(t.dataSource, client.id, { path: '/offers' });

      const res = await t.api.post('/api/domain-mappings', ADMIN).send({ domain: existing.domain, path: '/offers', clientId: client.id });

      expect(res.status).toBe(409);
      expect(res.body).toEqual({
        success: false,
        code: 'CONFLICT',
        message: `${existing.domain}/offers is already mapped to a client. Delete that mapping first.`,
      });
      expect(await countByDomain(existing.domain)).toBe(1);
    });

    it('answers 404 when the client does not exist', async () => {
      const host = uniqueHost();
      const res = await t.api.post('/api/domain-mappings', ADMIN).send({ domain: host, clientId: 987611 });
      expect(res.status).toBe(404);
      expect(res.body.message).toBe('Client 987611 was not found.');
      expect(await countByDomain(host)).toBe(0);
    });

    it('answers 400 for a host that is not a host name', async () => {
      const client = await createClient(t.dataSource);
      const res = await t.api.post('/api/domain-mappings', ADMIN).send({ domain: 'not a host/', clientId: client.id });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe('Must be a host name like www.clinic.com');
    });

    it('refuses anonymous callers', async () => {
      const client = await createClient(t.dataSource);
      const host = uniqueHost();
      const res = await t.api.post('/api/domain-mappings', ANONYMOUS).send({ domain: host, clientId: client.id });
      expect(res.status).toBe(401);
      expect(await countByDomain(host)).toBe(0);
    });
  });

  describe('GET /api/domain-mappings', () => {
    it('lists mappings by id', async () => {
      const client = await createClient(t.dataSource);
      const mapping = await createDomainMapping(t.dataSource, client.id);
      const res = await t.api.get('/api/domain-mappings', ADMIN);
      expect(res.status).toBe(200);
      const ids: number[] = res.body.data.map((m: { id: number }) => m.id);
      expect(ids).toContain(mapping.id);
      expect(ids).toEqual([...ids].sort((a, b) => a - b));
    });
  });

  describe('DELETE /api/domain-mappings/:id', () => {
    it('removes the mapping, then answers 404', async () => {
      const client = await createClient(t.dataSource);
      const mapping = await createDomainMapping(t.dataSource, client.id);

      const res = await t.api.delete(`/api/domain-mappings/${mapping.id}`, ADMIN);

      expect(res.status).toBe(200);
      expect(res.body).toEqual({ success: true, data: { id: mapping.id } });
      expect(await countByDomain(mapping.domain)).toBe(0);
      const again = await t.api.delete(`/api/domain-mappings/${mapping.id}`, ADMIN);
      expect(again.status).toBe(404);
      expect(again.body.message).toBe(`Domain mapping ${mapping.id} was not found.`);
    });
  });
});
