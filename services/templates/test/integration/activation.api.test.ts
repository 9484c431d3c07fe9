import { ADMIN, ANONYMOUS, START_TIMEOUT_MS, startTemplates, type TestTemplates } from '../helpers/app';
import { auditRows, createClientService, createClinic, createTemplate } from '../helpers/factories';

describe('activation API', () => {
  let t: TestTemplates;

  beforeAll(async () => {
    t = await startTemplates();
  }, START_TIMEOUT_MS);
  afterAll(() => t.close());

  const activate = (clientId: number, templateId: number | string) =>
    t.api.post('/api/service-templates/activate', ADMIN).send({ clientId, templateId });

  describe('POST /api/service-templates/activate', () => {
    it('activates a template for a client; already active is not an error and writes nothing', async () => {
      const clientId = await createClinic(t);
      const template = await createTemplate(t.dataSource);

      const first = await activate(clientId, String(template.id));
      expect(first.status).toBe(200);
      expect(first.body.data).toMatchObject({ alreadyActive: false, clientService: { clientId, templateId: template.id, isActive: true } });
      const second = await activate(clientId, template.id);
      expect(second.status).toBe(200);
      expect(second.body.data).toMatchObject({ alreadyActive: true, clientService: { id: first.body.data.clientService.id } });
      expect((await auditRows(t.dataSource, 'client_service', first.body.data.clientService.id)).map((a) => a.action)).toEqual(['create']);
    });

    it('re-activates a deactivated service with its custom content kept', async () => {
      const clientId = await createClinic(t);
      const template = await createTemplate(t.dataSource);
      const service = await createClientService(t.dataSource, clientId, template.id, { isActive: false, customTitle: 'Kept' });
      const res = await activate(clientId, template.id);
      expect(res.body.data).toMatchObject({ alreadyActive: false, clientService: { id: service.id, isActive: true, customTitle: 'Kept' } });
    });

    it('answers 404 for an unknown template, 400 for bad ids and 401 for anonymous callers', async () => {
      const missing = await activate(await createClinic(t), 987654);
      expect(missing.status).toBe(404);
      expect(missing.body.message).toBe('Service template 987654 was not found.');
      expect((await activate(0, 1)).body.issues[0]).toMatchObject({ path: 'clientId', message: 'Client id must be a positive number' });
      expect((await t.api.post('/api/service-templates/activate', ANONYMOUS).send({ clientId: 1, templateId: 1 })).status).toBe(401);
    });

    it("answers 404 'Client N was not found.' for a clinic tenant does not have, writing nothing", async () => {
      const template = await createTemplate(t.dataSource);
      const res = await activate(1_999_999_999, template.id);
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ success: false, code: 'NOT_FOUND', message: 'Client 1999999999 was not found.' });
      expect((await t.api.get('/api/client-services/1999999999', ADMIN)).body.data).toEqual([]);
    });

    it('survives two activations at once: one creates, the other finds it active', async () => {
      const clientId = await createClinic(t);
      const template = await createTemplate(t.dataSource);
      const results = await Promise.all([activate(clientId, template.id), activate(clientId, template.id)]);
      expect(results.map((r) => r.status)).toEqual([200, 200]);
      expect(results.map((r) => r.body.data.alreadyActive).sort()).toEqual([false, true]);
    });
  });

  describe('DELETE /api/service-templates/deactivate', () => {
    it('deactivates (not active is not an error) and hides the service from pages', async () => {
      const clientId = await createClinic(t);
      const template = await createTemplate(t.dataSource);
      await activate(clientId, template.id);

      const res = await t.api.delete(`/api/service-templates/deactivate?clientId=${clientId}&templateId=${template.id}`, ADMIN);
      expect(res.status).toBe(200);
      expect(res.body.data).toEqual({ clientId, templateId: template.id, deactivated: true });
      const again = await t.api.delete(`/api/service-templates/deactivate?clientId=${clientId}&templateId=${template.id}`, ADMIN);
      expect(again.body.data.deactivated).toBe(false);
      expect((await t.api.get(`/api/client-services/${clientId}`)).body.data).toEqual([]);
      expect((await t.api.get(`/api/service-templates/client/${clientId}`)).body.data).toEqual([]);
    });

    it('answers 400 without the query and 401 for anonymous callers', async () => {
      expect((await t.api.delete('/api/service-templates/deactivate', ADMIN)).status).toBe(400);
      expect((await t.api.delete('/api/service-templates/deactivate?clientId=1&templateId=1', ANONYMOUS)).status).toBe(401);
    });
  });

  describe('GET /api/service-templates/client/:clientId', () => {
    it('lists a client’s active templates with its custom title and description', async () => {
      const res = await t.api.get('/api/service-templates/client/1', ANONYMOUS);
      expect(res.status).toBe(200);
      expect(res.body.data.map((x: { slug: string }) => x.slug)).toEqual(['trt', 'weight-management', 'plong', 'ed', 'semaglutide']);
      expect(res.body.data[0]).toMatchObject({ templateId: 1, name: 'Testosterone Replacement Therapy (TRT)', customTitle: 'Low-T Therapy at Summit' });
    });
  });
});
