import type { FastifyRequest } from 'fastify';
import { actorOf, type RouteHandlers } from '@hap/service-kit';
import type { LinkContext } from './clinic-user.mail';
import type { ClinicUserService } from './clinic-user.service';
import type { SignInLinkService } from './sign-in-links.service';

type ClinicUserOperations =
  | 'listClientUsers'
  | 'createClientUser'
  | 'reissueClientUserInvitation'
  | 'updateClientUser'
  | 'deleteClientUser'
  | 'listPortalUsers'
  | 'invitePortalUser'
  | 'deletePortalUser'
  | 'redeemInvitation'
  | 'requestPasswordReset'
  | 'resetPassword';

const first = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value)?.split(',')[0]?.trim();

/**
 * The origin the caller used, as the gateway forwards it (x-forwarded-host and
 * -proto; tenant is reached through the gateway only). Links use it when
 * PUBLIC_BASE_URL is unset.
 */
export function linkContextOf(request: FastifyRequest): LinkContext {
  const proto = first(request.headers['x-forwarded-proto']) ?? request.protocol;
  const host = first(request.headers['x-forwarded-host']) ?? request.host;
  return { requestOrigin: `${proto === 'https' ? 'https' : 'http'}://${host}` };
}

/** /api/clients/:id/users… (admin), /api/portal/users… (clinic), the links' rows. */
export const clinicUserHandlers = (users: ClinicUserService, links: SignInLinkService): Pick<RouteHandlers<'tenant'>, ClinicUserOperations> => ({
  listClientUsers: ({ params }, request) => users.listForClient(actorOf(request), params.id),
  createClientUser: ({ params, body }, request) => users.invite(actorOf(request), params.id, body, linkContextOf(request)),
  reissueClientUserInvitation: ({ params }, request) => users.reissueInvitation(actorOf(request), params.id, params.userId, linkContextOf(request)),
  updateClientUser: ({ params, body }, request) => users.update(actorOf(request), params.id, params.userId, body),
  deleteClientUser: ({ params }, request) => users.remove(actorOf(request), params.id, params.userId),
  listPortalUsers: (_input, request) => users.listMine(actorOf(request)),
  invitePortalUser: ({ body }, request) => users.inviteMine(actorOf(request), body, linkContextOf(request)),
  deletePortalUser: ({ params }, request) => users.removeMine(actorOf(request), params.userId),
  redeemInvitation: ({ body }, request) => links.acceptInvitation(actorOf(request), body),
  requestPasswordReset: ({ body }, request) => links.requestPasswordReset(actorOf(request), body.email, linkContextOf(request)),
  resetPassword: ({ body }, request) => links.resetPassword(actorOf(request), body),
});
