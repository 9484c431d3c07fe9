import type { onRequestHookHandler } from 'fastify';
import { actorOf, type RouteHandlers } from '@hap/service-kit';
import type { UserService } from '../user/user.service';
import type { MfaService } from './mfa.service';

type MfaOperations = 'getMfaState' | 'createMfaSecret' | 'confirmMfa' | 'removeMfa' | 'checkMfaCode';

/** Internal rows: the gateway (signed as kind `service`) only; other callers are refused before the body is read. */
export const mfaHandlers = (mfa: MfaService, accounts: UserService): Pick<RouteHandlers<'tenant'>, MfaOperations> => {
  const gatewayOnly: { onRequest: onRequestHookHandler } = { onRequest: async (request) => accounts.assertGateway(actorOf(request)) };
  return {
    getMfaState: { ...gatewayOnly, handler: ({ body }, request) => mfa.state(actorOf(request), body.userId) },
    createMfaSecret: { ...gatewayOnly, handler: ({ body }, request) => mfa.createSecret(actorOf(request), body.userId) },
    confirmMfa: { ...gatewayOnly, handler: ({ body }, request) => mfa.confirm(actorOf(request), body.userId, body.code) },
    removeMfa: { ...gatewayOnly, handler: ({ body }, request) => mfa.remove(actorOf(request), body) },
    checkMfaCode: { ...gatewayOnly, handler: ({ body }, request) => mfa.check(actorOf(request), body.userId, body.code) },
  };
};
