import type { FastifyRequest } from 'fastify';
import { SMS_INBOUND_WEBHOOK_PATH, SMS_STATUS_WEBHOOK_PATH } from '@hap/contracts';
import { actorOf, type RouteHandlers } from '@hap/service-kit';
import type { MessageService } from './message.service';
import type { MessagingSettingsService } from './messaging-settings.service';

type MessageOperations =
  | 'getLeadTimeline'
  | 'getPortalLeadTimeline'
  | 'sendPortalLeadSms'
  | 'listUnmatchedTexts'
  | 'receiveSmsInbound'
  | 'receiveSmsStatus'
  | 'getMessagingDefaults'
  | 'updateMessagingDefaults'
  | 'getClientMessaging'
  | 'updateClientMessaging'
  | 'resetClientMessaging';

/** The origin the request reached the gateway at (its forwarded host and scheme): the address Twilio signed, when PUBLIC_BASE_URL is unset. */
const requestOrigin = (request: FastifyRequest) => `${request.protocol}://${request.host}`;
const signatureOf = (request: FastifyRequest) => {
  const header = request.headers['x-twilio-signature'];
  return Array.isArray(header) ? header[0] : header;
};

/** A lead's timeline and the clinic's reply; Twilio's webhooks (public rows, verified by signature). */
export const messageHandlers = (messages: MessageService, settings: MessagingSettingsService): Pick<RouteHandlers<'leads'>, MessageOperations> => ({
  getMessagingDefaults: (_input, request) => settings.get(actorOf(request)),
  updateMessagingDefaults: ({ body }, request) => settings.update(actorOf(request), body),
  getClientMessaging: ({ params }, request) => settings.get(actorOf(request), params.id),
  updateClientMessaging: ({ params, body }, request) => settings.update(actorOf(request), body, params.id),
  resetClientMessaging: ({ params }, request) => settings.reset(actorOf(request), params.id),
  getLeadTimeline: ({ params }, request) => messages.adminTimeline(actorOf(request), params.id),
  getPortalLeadTimeline: ({ params }, request) => messages.portalTimeline(actorOf(request), params.id),
  sendPortalLeadSms: ({ params, body }, request) => messages.reply(actorOf(request), params.id, body),
  listUnmatchedTexts: ({ query }, request) => messages.unmatched(actorOf(request), query),
  receiveSmsInbound: async ({ body }, request, reply) => {
    const twiml = await messages.inbound({ path: SMS_INBOUND_WEBHOOK_PATH, origin: requestOrigin(request), signature: signatureOf(request), form: body });
    return reply.type('text/xml; charset=utf-8').send(twiml);
  },
  receiveSmsStatus: ({ body }, request) => messages.status({ path: SMS_STATUS_WEBHOOK_PATH, origin: requestOrigin(request), signature: signatureOf(request), form: body }),
});
