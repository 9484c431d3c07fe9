import type { FastifyReply } from 'fastify';
import { escapeHtml } from '@hap/contracts';
import { actorOf, type RouteHandlers } from '@hap/service-kit';
import type { NotificationService, UnsubscribeOutcome } from './notification.service';

type NotificationOperations =
  | 'getMyNotifications'
  | 'updateMyNotifications'
  | 'addMyPushSubscription'
  | 'deleteMyPushSubscription'
  | 'getPushPublicKey'
  | 'forgetPushSubscription'
  | 'listLeadRecipients'
  | 'listClinicActiveUsers'
  | 'listAgencyAlertRecipients'
  | 'showUnsubscribe'
  | 'unsubscribe';

/** A page for a person (the link is opened in a browser, or the button posted): readable on a phone, no script, everything escaped. */
function page(title: string, lead: string, extra = ''): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title>
<style>body{margin:0;padding:0 1rem;font:16px/1.5 system-ui,-apple-system,'Segoe UI',Roboto,sans-serif;color:#101828;background:#f6f7f9}main{max-width:32rem;margin:3rem auto;padding:2rem 1.5rem;background:#fff;border:1px solid #e4e7ec;border-radius:.75rem}h1{margin:0 0 .5rem;font-size:1.5rem}button,a.button{display:inline-block;margin-top:1rem;padding:.625rem 1rem;border:0;border-radius:.5rem;background:#1d4ed8;color:#fff;font:inherit;font-weight:600;text-decoration:none;cursor:pointer}button:focus-visible,a:focus-visible{outline:3px solid #101828;outline-offset:2px}</style>
</head><body><main><h1>${escapeHtml(title)}</h1><p>${escapeHtml(lead)}</p>${extra}</main></body></html>`;
}

const portalLink = '<a class="button" href="/portal/profile">Open the portal</a>';

/** The page an outcome answers with, and its status. */
function answer(reply: FastifyReply, outcome: UnsubscribeOutcome, token: string, url: string): FastifyReply {
  const send = (status: number, html: string) =>
    reply.status(status).type('text/html; charset=utf-8').header('cache-control', 'no-store').header('referrer-policy', 'no-referrer').send(html);
  switch (outcome.kind) {
    case 'invalid':
      return send(400, page('This link is not valid', 'This unsubscribe link is not one of ours, or it was cut short. Change your e-mail notifications on your Profile in the portal.', portalLink));
    case 'used':
      return send(410, page('This link no longer works', 'This unsubscribe link was used already, or your e-mail notifications were changed since. Change them on your Profile in the portal.', portalLink));
    case 'valid':
      return send(
        200,
        page(
          'Stop new-lead e-mails?',
          `You get an e-mail for each new lead of ${outcome.clinicName}. You can turn them back on from your Profile in the portal.`,
          `<form method="post" action="${escapeHtml(url)}"><input type="hidden" name="token" value="${escapeHtml(token)}"><input type="hidden" name="List-Unsubscribe" value="One-Click"><button type="submit">Stop these e-mails</button></form>`,
        ),
      );
    case 'done':
      return send(
        200,
        page('You are unsubscribed', `You will get no more e-mails about new leads of ${outcome.clinicName}. New leads still show in the portal; turn the e-mails back on from your Profile.`, portalLink),
      );
  }
}

/** /api/portal/me/notifications and push subscriptions (clinic), the leads worker's recipients and gone subscriptions (internal), the unsubscribe link (public). */
export const notificationHandlers = (notifications: NotificationService): Pick<RouteHandlers<'tenant'>, NotificationOperations> => ({
  getMyNotifications: (_input, request) => notifications.mine(actorOf(request)),
  updateMyNotifications: ({ body }, request) => notifications.updateMine(actorOf(request), body),
  addMyPushSubscription: ({ body }, request) => notifications.addPushSubscription(actorOf(request), body),
  deleteMyPushSubscription: ({ body }, request) => notifications.deletePushSubscription(actorOf(request), body.endpoint),
  getPushPublicKey: () => Promise.resolve(notifications.pushPublicKey()),
  forgetPushSubscription: ({ body }, request) => notifications.forgetPushSubscription(actorOf(request), body.endpoint),
  listLeadRecipients: ({ params }, request) => notifications.leadRecipients(actorOf(request), params.id),
  listClinicActiveUsers: ({ params }, request) => notifications.activeUsers(actorOf(request), params.id),
  listAgencyAlertRecipients: (_input, request) => notifications.agencyAlertRecipients(actorOf(request)),
  showUnsubscribe: async ({ query }, request, reply) => {
    answer(reply, await notifications.checkUnsubscribe(query.token), query.token, request.url);
  },
  unsubscribe: async ({ query }, request, reply) => {
    answer(reply, await notifications.unsubscribe(query.token, request.id), query.token, request.url);
  },
});
