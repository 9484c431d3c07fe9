import { ClinicUserInviteSchema, clinicRoleField, clinicRolesOf, clinicRoleWords, routes, routeTable } from '../src';

describe('clinic roles (docs/portal.md#roles)', () => {
  it('lets every role read, owner and front desk write, unless a row says otherwise', () => {
    expect(clinicRolesOf({ method: 'GET' })).toEqual(['owner', 'front_desk', 'viewer']);
    expect(clinicRolesOf({ method: 'PATCH' })).toEqual(['owner', 'front_desk']);
    expect(clinicRolesOf(routes.invitePortalUser)).toEqual(['owner']);
    expect(clinicRolesOf(routes.updateMyNotifications)).toEqual(['owner', 'front_desk', 'viewer']);
  });

  it('keeps the clinic’s users, domains, profile, team and booking settings to its owner', () => {
    const ownerOnly = routeTable.filter((row) => row.access === 'clinic' && !clinicRolesOf(row).includes('front_desk')).map((row) => row.operation);
    expect(ownerOnly.sort()).toEqual(
      [
        'addPortalDomain',
        'createPortalTeamMember',
        'deletePortalDomain',
        'deletePortalTeamMember',
        'deletePortalUser',
        'invitePortalUser',
        'regeneratePortalCalendarFeed',
        'updatePortalAvailability',
        'updatePortalProfile',
        'updatePortalTeamMember',
        'uploadPortalImage',
        'verifyPortalDomain',
      ].sort(),
    );
  });

  it('reads a session or identity signed as staff, from before roles were three, as front desk', () => {
    expect(clinicRoleField().parse('staff')).toBe('front_desk');
    expect(clinicRoleField().safeParse('manager').success).toBe(false);
    expect(clinicRoleWords('front_desk')).toBe('front desk');
    expect(clinicRoleWords('staff')).toBe('staff');
  });

  it('invites an owner when no role is sent, and names the roles when a wrong one is', () => {
    expect(ClinicUserInviteSchema.parse({ email: 'a@clinic.test' }).role).toBe('owner');
    expect(ClinicUserInviteSchema.safeParse({ email: 'a@clinic.test', role: 'staff' }).error?.issues[0]?.message).toBe('Role must be owner, front_desk or viewer');
  });
});
