import { createApiClient, fetchTransport } from '@hap/contracts';

/**
 * The one way the admin talks to the API: `api.call(routes.<operation>, …)`
 * builds the path from the route contract, sends same-origin through the
 * gateway with cookies (the admin session is an HttpOnly cookie), parses the
 * answer by the contract's schema and returns its `data`. Failures throw
 * ApiError (from @hap/contracts) with the server's `message`, fit for a toast.
 */
export const api = createApiClient(fetchTransport('', { credentials: 'include' }));
