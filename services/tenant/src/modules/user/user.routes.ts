import { actorOf, type RouteHandlers } from '@hap/service-kit';
import type { UserService } from './user.service';

/**
 * Internal: the gateway (signed as kind `service`) checks an admin's e-mail
 * and password here and keeps the session itself.
 */
export const userHandlers = (users: UserService): Pick<RouteHandlers<'tenant'>, 'verifyCredentials'> => ({
  verifyCredentials: {
    // Before the body is even validated: other callers learn nothing here.
    onRequest: async (request) => users.assertGateway(actorOf(request)),
    handler: ({ body }, request) => users.verifyCredentials(actorOf(request), body),
  },
});
