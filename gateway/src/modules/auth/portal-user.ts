import type { ClinicRole, PortalUser } from '@hap/contracts';

/** The clinic user as the portal shows them. */
export const portalUserOf = (user: { id: number; email: string; name: string | null; clientId: number; clientName: string; role: ClinicRole }): PortalUser => ({
  id: user.id,
  email: user.email,
  name: user.name,
  clientId: user.clientId,
  clientName: user.clientName,
  role: user.role,
});
