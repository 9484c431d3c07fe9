import type { onRequestHookHandler } from 'fastify';
import { actorOf, type RouteHandlers } from '@hap/service-kit';
import type { UserService } from '../user/user.service';
import type { PasskeyService } from './passkey.service';

type PasskeyOperations =
  | 'listUserPasskeys'
  | 'createPasskeyRegistration'
  | 'registerPasskey'
  | 'deletePasskey'
  | 'createPasskeyAuthentication'
  | 'checkPasskey'
  | 'resetClientUserTwoFactor';

/** Internal rows: the gateway only (refused before the body is read); the admin's reset of a clinic user's two-factor sign-in. */
export const passkeyHandlers = (passkeys: PasskeyService, accounts: UserService): Pick<RouteHandlers<'tenant'>, PasskeyOperations> => {
  const gatewayOnly: { onRequest: onRequestHookHandler } = { onRequest: async (request) => accounts.assertGateway(actorOf(request)) };
  return {
    listUserPasskeys: { ...gatewayOnly, handler: ({ body }, request) => passkeys.list(actorOf(request), body.userId) },
    createPasskeyRegistration: { ...gatewayOnly, handler: ({ body }, request) => passkeys.registrationOptions(actorOf(request), body.userId, body.origin) },
    registerPasskey: { ...gatewayOnly, handler: ({ body }, request) => passkeys.register(actorOf(request), body) },
    deletePasskey: { ...gatewayOnly, handler: ({ body }, request) => passkeys.remove(actorOf(request), body) },
    createPasskeyAuthentication: { ...gatewayOnly, handler: ({ body }, request) => passkeys.authenticationOptions(actorOf(request), body) },
    checkPasskey: { ...gatewayOnly, handler: ({ body }, request) => passkeys.check(actorOf(request), body) },
    resetClientUserTwoFactor: ({ params }, request) => passkeys.resetClinicUser(actorOf(request), params.id, params.userId),
  };
};
