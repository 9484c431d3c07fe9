import { STRUCTURE_CORRECT_MESSAGE, STRUCTURE_VALID_MESSAGE, withLaunchReadiness, type StructureValidation } from '@hap/contracts';
import { launchReadiness } from '../../src/modules/campaigns/launch-readiness';
import type { GoogleAdsAccess } from '../../src/modules/launches/launch.service';
import type { AdsGateway } from '../../src/google-ads/ads-gateway';

// Google Ads is the outside provider: only whether it is configured and consented to matters here.
const access = (configured: boolean, token: string | null): GoogleAdsAccess => ({
  gateway: configured ? ({} as AdsGateway) : null,
  refreshToken: async () => token,
});
const clinic = { name: 'Summit Wellness', domain: 'summit.example', googleAdsAccountId: '1234567890' };
const valid: StructureValidation = { allValid: true, validationResults: [{ adGroupName: 'A', errors: [] }], message: STRUCTURE_VALID_MESSAGE };

describe('launch readiness: what a launch needs besides its structure', () => {
  it('is ready only with the account, the connection and the domain', async () => {
    const ready = await launchReadiness(clinic, access(true, '1//token'));
    expect(ready).toEqual({ ready: true, missing: [] });
    expect(withLaunchReadiness(valid, ready).message).toBe('The Google Ads structure is correct and ready for launch.');
  });

  it('names each missing one with the page where it is set', async () => {
    const notConnected = await launchReadiness({ ...clinic, googleAdsAccountId: '  ', domain: null }, access(true, null));
    expect(notConnected.ready).toBe(false);
    expect(notConnected.missing.map((m) => [m.requirement, m.href])).toEqual([
      ['googleAdsAccount', '/admin/clients'],
      ['googleAdsConnection', '/admin/google-ads-auth'],
      ['domain', '/admin/clients'],
    ]);
    expect(notConnected.missing[1]!.message).toMatch(/^Google Ads is not connected/);
    const message = withLaunchReadiness(valid, notConnected).message;
    expect(message).toMatch(/^The Google Ads structure is correct, but a launch would fail: Summit Wellness has no Google Ads account ID/);
    expect(message).not.toContain('ready for launch');

    const unconfigured = await launchReadiness(clinic, access(false, '1//token'));
    expect(unconfigured.missing).toEqual([expect.objectContaining({ requirement: 'googleAdsConnection', message: expect.stringMatching(/^Google Ads is not configured/) })]);
  });

  it('leaves a structure with issues as it is, and says only that a structure is correct when no clinic was named', () => {
    const broken: StructureValidation = { allValid: false, validationResults: [{ adGroupName: 'A', errors: ['x'] }], message: '1 issue found in the campaign structure' };
    expect(withLaunchReadiness(broken, { ready: true, missing: [] })).toBe(broken);
    expect(withLaunchReadiness(valid, null).message).toBe(STRUCTURE_CORRECT_MESSAGE);
  });
});
