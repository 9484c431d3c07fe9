import { STRUCTURE_CORRECT_MESSAGE, STRUCTURE_VALID_MESSAGE, withLaunchReadiness, type StructureValidation } from '@hap/contracts';
import { launchReadiness } from '../../src/modules/campaigns/launch-readiness';
import type { GoogleAdsAccess } from '../../src/modules/launches/launch.service';
import type { AdsGateway } from '../../src/google-ads/ads-gateway';

// Google Ads is the outside provider: only whether it is configured and consented to matters here.
const access = (configured: boolean, token: string | null): GoogleAdsAccess => ({
  gateway: configured ? ({} as AdsGateway) : null,
  refreshToken: async () => token,
});
const clinic = { id: 7, name: 'Summit Wellness', customDomain: null, googleAdsAccountId: '1234567890' };
const ORIGIN = 'https://app.agency.example';
const valid: StructureValidation = { allValid: true, validationResults: [{ adGroupName: 'A', errors: [] }], message: STRUCTURE_VALID_MESSAGE };

describe('launch readiness: what a launch needs besides its structure', () => {
  it('is ready with the account and the connection, on the platform’s host or on an active domain of its own', async () => {
    const ready = await launchReadiness(clinic, access(true, '1//token'), ORIGIN);
    expect(await launchReadiness({ ...clinic, customDomain: { domain: 'trt.summit.example', status: 'active', reason: null } }, access(true, '1//token'), ORIGIN)).toEqual(ready);
    expect(ready).toEqual({ ready: true, missing: [] });
    expect(withLaunchReadiness(valid, ready).message).toBe('The Google Ads structure is correct and ready for launch.');
  });

  it('names each missing one with the page where it is set', async () => {
    const failing = { domain: 'trt.summit.example', status: 'failing' as const, reason: 'DNS no longer points here.' };
    const notConnected = await launchReadiness({ ...clinic, googleAdsAccountId: '  ', customDomain: failing }, access(true, null), ORIGIN);
    expect(notConnected.ready).toBe(false);
    expect(notConnected.missing.map((m) => [m.requirement, m.href])).toEqual([
      ['googleAdsAccount', '/admin/clients'],
      ['googleAdsConnection', '/admin/google-ads-auth'],
      ['domain', `/admin/clients/${clinic.id}/domains`],
    ]);
    expect(notConnected.missing[1]!.message).toMatch(/^Google Ads is not connected/);
    expect(notConnected.missing[2]).toEqual({
      requirement: 'domain',
      message:
        'trt.summit.example is failing its daily check: DNS no longer points here. Campaigns cannot be launched or tested on it until it passes again; fix the domain or pause the campaigns that use it.',
      href: `/admin/clients/${clinic.id}/domains`,
      linkText: "Open Summit Wellness's Domains",
    });
    const message = withLaunchReadiness(valid, notConnected).message;
    expect(message).toMatch(/^The Google Ads structure is correct, but a launch would fail: Summit Wellness has no Google Ads account ID/);
    expect(message).not.toContain('ready for launch');

    const unconfigured = await launchReadiness(clinic, access(false, '1//token'), ORIGIN);
    expect(unconfigured.missing).toEqual([expect.objectContaining({ requirement: 'googleAdsConnection', message: expect.stringMatching(/^Google Ads is not configured/) })]);
  });

  it('names the platform’s public address when a clinic without its own domain would have no landing URL (production without PUBLIC_BASE_URL)', async () => {
    const noOrigin = await launchReadiness(clinic, access(true, '1//token'), null);
    expect(noOrigin.missing).toEqual([expect.objectContaining({ requirement: 'domain', message: expect.stringMatching(/PUBLIC_BASE_URL\) is not configured/) })]);
  });

  it('leaves a structure with issues as it is, and says only that a structure is correct when no clinic was named', () => {
    const broken: StructureValidation = { allValid: false, validationResults: [{ adGroupName: 'A', errors: ['x'] }], message: '1 issue found in the campaign structure' };
    expect(withLaunchReadiness(broken, { ready: true, missing: [] })).toBe(broken);
    expect(withLaunchReadiness(valid, null).message).toBe(STRUCTURE_CORRECT_MESSAGE);
  });
});
