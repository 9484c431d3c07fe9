import { businessKeyOf, onboardingHash, unknownServiceIds } from '../../src/modules/onboarding/onboarding.rules';
import { snapshotsToLoad } from '../../src/modules/crm/crm-provisioning';

const details = { name: 'Summit Clinic', address: '1 Main St', phone: '3035550199', email: 'owner@summit.example', website: null, domain: null };

describe('onboarding rules', () => {
  it('knows the same business in any case and spacing of its name and e-mail', () => {
    expect(businessKeyOf({ name: '  SUMMIT   clinic ', email: 'Owner@Summit.Example' })).toBe(businessKeyOf({ name: 'Summit Clinic', email: 'owner@summit.example' }));
    expect(businessKeyOf({ name: 'Summit Clinic East', email: 'owner@summit.example' })).not.toBe(businessKeyOf(details));
  });

  it('hashes a submission whatever the order of its chosen services, and tells other details apart', () => {
    expect(onboardingHash({ ...details, selectedServiceIds: [4, 1, 11] })).toBe(onboardingHash({ ...details, selectedServiceIds: [1, 11, 4] }));
    expect(onboardingHash({ ...details, selectedServiceIds: [1] })).not.toBe(onboardingHash({ ...details, phone: '3035550100', selectedServiceIds: [1] }));
  });

  it('names the chosen services the catalogue does not offer, in the order chosen', () => {
    expect(unknownServiceIds([11, 99, 1, 42], new Set([1, 4, 11]))).toEqual([99, 42]);
  });

  it("loads each active service's snapshot once, skipping services without one", () => {
    const templates = [
      { id: 1, ghlSnapshotId: 'snap_trt' },
      { id: 4, ghlSnapshotId: null },
      { id: 7, ghlSnapshotId: 'snap_trt' },
      { id: 11, ghlSnapshotId: 'snap_weight' },
    ];
    expect(snapshotsToLoad([11, 1, 4, 7, 99], templates)).toEqual(['snap_weight', 'snap_trt']);
  });
});
