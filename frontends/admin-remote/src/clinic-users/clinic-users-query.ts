/** The cache key of one clinic's users as the agency lists them (GET /api/clients/{id}/users). */
export const clinicUsersKey = (clientId: number) => ['admin', 'clinic-users', clientId] as const;
