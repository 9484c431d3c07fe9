import { PolicyCheckResultSchema } from '@hap/contracts';
import { sharedService } from '@hap/test-kit/shared-service';
import { ADMIN, ANONYMOUS, START_TIMEOUT_MS, startAds } from '../helpers/app';
import { giveClinicDomain } from '../helpers/clinic-domain';

/**
 * `POST /api/ads/policy-check` (docs/campaigns.md#healthcare-policy-check) through the ads app with
 * the real tenant: the words of a clinic's ads read against the healthcare policy rules, and the
 * final URL against where that clinic's pages are.
 */
describe('POST /api/ads/policy-check', () => {
  const t = sharedService(() => startAds(), START_TIMEOUT_MS);
  const clinic = async (name: string) => {
    const res = await t.templates!.tenant!.api.post('/api/clients', ADMIN).send({ name: `${name} ${Date.now()}`, address: '12 Elm Street, Austin, TX 78701', phone: '(512) 555-0199' });
    expect(res.status).toBe(201);
    return res.body.data.id as number;
  };

  it('stops a launch-blocking claim and asks to confirm a prescription drug, each with its words, rule, fix and policy', async () => {
    const clientId = await clinic('Policy Clinic');
    const res = await t.api.post('/api/ads/policy-check', ADMIN).send({
      clientId,
      headlines: ['TRT Clinic in Austin', 'Guaranteed Results'],
      descriptions: ['Doctor-led testosterone injections. Book online.'],
      keywords: ['trt clinic austin'],
      finalUrl: `http://localhost:8080/?client=${clientId}`,
    });
    expect(res.status).toBe(200);
    const data = PolicyCheckResultSchema.parse(res.body.data);
    expect(data.blocked).toBe(true);
    expect(data.findings.map((f) => [f.field, f.index, f.words, f.severity, f.policy.name])).toEqual([
      ['headline', 1, 'Guaranteed', 'block', 'Misrepresentation: unreliable or unrealistic claims'],
      ['description', 0, 'testosterone injections', 'warn', 'Healthcare and medicines: prescription drugs'],
    ]);
    expect(data.findings[0]?.suggestion).toBe('Say what the clinic does, not what it promises (e.g. "Personalised treatment plans").');
  });

  it("reads the final URL against the clinic's own site: its domain once it has one, and that domain's daily check", async () => {
    const clientId = await clinic('Domain Clinic');
    const ask = (finalUrl: string) => t.api.post('/api/ads/policy-check', ADMIN).send({ clientId, headlines: ['Men’s Health Clinic'], finalUrl });
    // Its pages are on the platform's host with its id until it has a domain; its home page is always live, a service's page once it is active.
    expect((await ask(`http://localhost:8080/?client=${clientId}`)).body.data).toEqual({ findings: [], blocked: false });
    expect((await ask(`http://localhost:8080/trt?client=${clientId}`)).body.data.findings[0]).toMatchObject({ field: 'finalUrl', rule: 'Is not a live page of the clinic: no active service has the path "trt".' });
    expect((await ask(`http://localhost:8080/trt?client=${clientId + 1}`)).body.data.findings[0]).toMatchObject({ field: 'finalUrl', rule: 'Is not one of the clinic’s pages on this platform.' });
    const domain = await giveClinicDomain(t.templates!.tenant!.dataSource, clientId, `www.policy-${Date.now()}.example`, 'failing', 'The certificate expired.');
    expect((await ask(`https://${domain}/`)).body.data.findings[0]).toMatchObject({ rule: `The clinic’s domain ${domain} fails its daily check: the page may not open.`, severity: 'block' });
    expect((await ask('https://elsewhere.example/trt')).body.data.findings[0]).toMatchObject({ rule: `Is not on the clinic’s domain ${domain}.` });
    // Words only: no final URL, no site asked for.
    expect((await t.api.post('/api/ads/policy-check', ADMIN).send({ clientId, keywords: ['semaglutide austin'] })).body.data.findings).toMatchObject([{ field: 'keyword', severity: 'warn' }]);
  });

  it('answers 400 in words for a body it cannot read, 404 for a clinic that does not exist, 401 without an admin', async () => {
    const bad = await t.api.post('/api/ads/policy-check', ADMIN).send({ clientId: 'two', headlines: 'Book now' });
    expect(bad.status).toBe(400);
    expect(bad.body.issues).toEqual(expect.arrayContaining([{ path: 'clientId', message: 'Client id must be a number' }]));
    const extra = await t.api.post('/api/ads/policy-check', ADMIN).send({ clientId: 1, headline: 'Book now' });
    expect(extra.status).toBe(400);
    const missing = await t.api.post('/api/ads/policy-check', ADMIN).send({ clientId: 987654, headlines: ['Book now'] });
    expect(missing.status).toBe(404);
    expect((await t.api.post('/api/ads/policy-check', ANONYMOUS).send({ clientId: 1 })).status).toBe(401);
  });
});
