/** The cache key of one clinic's users as the agency lists them (GET /api/clients/{id}/users; issue 26). */
export const clinicUsersKey = (clientId: number) => ['admin', 'clinic-users', clientId] as const;
