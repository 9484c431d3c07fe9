import { routes } from '@hap/contracts';
import { PORTAL_NAV } from '../../src/portal/PortalShell';

/**
 * The portal's navigation knows each section's roles without the route table (lib/lazy-routes.ts):
 * they must stay the roles of the row behind the section (docs/portal.md#roles).
 */
describe('the portal navigation', () => {
  it('shows Users to the roles that may invite a user, as the API admits them', () => {
    const users = PORTAL_NAV.find((item) => item.to === '/portal/users');
    expect(users?.needs).toEqual({ method: routes.invitePortalUser.method, clinicRoles: routes.invitePortalUser.clinicRoles });
  });
});
