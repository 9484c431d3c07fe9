import { randomBytes } from 'node:crypto';
import { AuditPageSchema, describeAudit } from '@hap/contracts';
import { ADMIN } from '@hap/service-kit/testing';
import { START_TIMEOUT_MS, startTemplates, type TestTemplates } from '../helpers/app';
import { createClientService, createClinic, createTemplate } from '../helpers/factories';

/**
 * The audit log names things by name (contracts describeAudit over the names
 * an entry is written with): an experiment's entries carry its service and
 * its clinic as they were then, so the log reads "Stopped experiment ‘TRT’ at
 * Harbor Peak, winner B" even after either is renamed. Real templates, the
 * real tenant it asks for the clinic's name, PostgreSQL.
 */
describe('audit entries of experiments name the service and the clinic', () => {
  let t: TestTemplates;
  beforeAll(async () => {
    t = await startTemplates();
  }, START_TIMEOUT_MS);
  afterAll(() => t.close());

  it('start, pause and stop read by name, and keep the names of the time after a rename', async () => {
    const clinic = `Harbor Peak ${randomBytes(3).toString('hex')}`;
    const clientId = await createClinic(t, clinic);
    const template = await createTemplate(t.dataSource, { name: `Testosterone ${randomBytes(3).toString('hex')}` });
    const serviceId = (await createClientService(t.dataSource, clientId, template.id, { isActive: true, customTitle: 'TRT', customPath: `trt-${randomBytes(3).toString('hex')}` })).id;
    const started = await t.api.post('/api/experiments', ADMIN).send({ clientId, serviceId, goal: 'leads', arms: [{ variant: 'A', weight: 50 }, { variant: 'B', weight: 50 }] });
    expect(started.status).toBe(201);
    const id = started.body.data.id as number;
    expect((await t.api.post(`/api/experiments/${id}/pause`, ADMIN)).status).toBe(200);
    expect((await t.api.post(`/api/experiments/${id}/resume`, ADMIN)).status).toBe(200);
    expect((await t.api.post(`/api/experiments/${id}/stop`, ADMIN).send({ winner: 'B' })).status).toBe(200);
    // The clinic is renamed afterwards: the entries keep the name it had.
    expect((await t.tenant!.api.patch(`/api/clients/${clientId}`, ADMIN).send({ name: 'Harbor Peak Renamed' })).status).toBe(200);

    const log = AuditPageSchema.parse((await t.api.get(`/api/audit-log/templates?entity=experiment&entityId=${id}`, ADMIN)).body.data);
    const sentences = log.items.map((entry) => describeAudit(entry)).reverse();
    expect(sentences).toEqual([
      `Started experiment ‘TRT’ at ${clinic} (A 50%, B 50%)`,
      `Paused experiment ‘TRT’ at ${clinic}`,
      `Resumed experiment ‘TRT’ at ${clinic}`,
      `Stopped experiment ‘TRT’ at ${clinic}, winner B`,
    ]);
    expect(sentences.join(' ')).not.toMatch(/#\d/);
  });
});
