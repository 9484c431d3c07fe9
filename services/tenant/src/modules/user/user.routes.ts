import { UserSchema, VerifyCredentialsSchema, successEnvelope } from '@hap/contracts';
import type { ServiceApp } from '@hap/service-kit';
import { actorOf } from '../../shared/actor';
import { ok } from '../../shared/http';
import type { UserService } from './user.service';

/**
 * Internal, not in the route table: the gateway (signed as kind `service`)
 * checks an admin's e-mail and password here and keeps the session itself.
 */
export function userRoutes(app: ServiceApp, users: UserService): void {
  app.post(
    '/internal/auth/verify',
    {
      // Before the body is even validated: other callers learn nothing here.
      onRequest: async (request) => users.assertGateway(actorOf(request)),
      schema: { body: VerifyCredentialsSchema, response: { 200: successEnvelope(UserSchema) } },
    },
    async (request) => ok(await users.verifyCredentials(actorOf(request), request.body)),
  );
}
