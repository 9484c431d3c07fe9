import type { DataSource, EntityManager } from 'typeorm';
import {
  defaultNewLeadEmail,
  defaultNewLeadPush,
  ErrorCode,
  Messages,
  SMS_NUMBER_REQUIRED,
  type LeadRecipient,
  type ActiveClinicUser,
  type NewLeadEmail,
  type NewLeadPush,
  type NotificationPreferences,
  type NotificationPreferencesUpdate,
  type PushSubscriptionInput,
  type QuietHours,
} from '@hap/contracts';
import { AppError, auditedTransaction, badRequest, forbidden, recordAudit, isService, notFound, requireClinicUser, type Actor } from '@hap/service-kit';
import { toE164 } from '@hap/service-kit/phone';
import { PUSH_NOT_CONFIGURED } from '@hap/service-kit/push';
import type { ClientRepository } from '../client/client.repository';
import type { UserEntity } from '../user/user.entity';
import type { UserRepository } from '../user/user.repository';
import type { PushSubscriptionRepository } from './push-subscription.repository';
import { readUnsubscribeToken, unsubscribeToken } from './unsubscribe-token';

/** A user's choice, their role's default when they never chose. */
export const newLeadEmailOf = (user: Pick<UserEntity, 'newLeadEmail' | 'role'>): NewLeadEmail => user.newLeadEmail ?? defaultNewLeadEmail(user.role ?? 'viewer');
export const newLeadPushOf = (user: Pick<UserEntity, 'newLeadPush' | 'role'>): NewLeadPush => user.newLeadPush ?? defaultNewLeadPush(user.role ?? 'viewer');
const quietHoursOf = (user: Pick<UserEntity, 'quietHoursStart' | 'quietHoursEnd'>): QuietHours | null =>
  user.quietHoursStart && user.quietHoursEnd ? { start: user.quietHoursStart, end: user.quietHoursEnd } : null;

/** The choices as the portal shows them (and the audit log records them). */
const choicesOf = (user: UserEntity) => ({
  newLeadEmail: newLeadEmailOf(user),
  newLeadPush: newLeadPushOf(user),
  newLeadSms: user.newLeadSms ?? 'off',
  smsNumber: user.smsNumber,
  quietHours: quietHoursOf(user),
});

/** Whether a push endpoint may be stored: https, or http to a loopback host when allowed (tests' fake push service). */
export function pushEndpointAllowed(endpoint: string, allowLoopback: boolean): boolean {
  const url = new URL(endpoint);
  if (url.protocol === 'https:') return true;
  return allowLoopback && url.protocol === 'http:' && ['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname);
}

/** What an unsubscribe link comes to, for the page that answers it. */
export type UnsubscribeOutcome =
  | { kind: 'invalid' }
  | { kind: 'used' }
  | { kind: 'valid'; clinicName: string }
  | { kind: 'done'; clinicName: string };

export interface NotificationDeps {
  dataSource: DataSource;
  users: UserRepository;
  clients: ClientRepository;
  pushSubscriptions: PushSubscriptionRepository;
  /** INTERNAL_SECRET: unsubscribe tokens are signed with it. */
  internalSecret: string;
  /** The VAPID public key browsers subscribe with; absent: web push is not configured. */
  pushPublicKey?: string;
  /** PUSH_ALLOW_LOOPBACK: accept http push endpoints on a loopback host (tests). */
  pushAllowLoopback?: boolean;
}

/**
 * Clinic users' alerts of new leads (docs/leads.md#delivery): their own
 * choices in the portal (e-mail, push, text, quiet hours), the browsers they
 * subscribed to pushes, who the leads worker alerts and how, and the one-click
 * unsubscribe link that turns the e-mails off without signing in.
 */
export class NotificationService {
  constructor(private readonly deps: NotificationDeps) {}

  /** The signed-in clinic user's row; the session may have outlived it (removed meanwhile: the gateway ends it at its next check). */
  private async me(actor: Actor, manager?: EntityManager, lock = false): Promise<UserEntity> {
    const me = requireClinicUser(actor.identity);
    const user = await this.deps.users.findById(me.userId, manager, lock);
    if (!user || user.clientId !== me.clientId) throw notFound(Messages.clinicUserNotFound(me.userId));
    return user;
  }

  async mine(actor: Actor): Promise<NotificationPreferences> {
    const user = await this.me(actor);
    return { ...choicesOf(user), pushDevices: await this.deps.pushSubscriptions.countOf(user.id) };
  }

  /**
   * Changes what was sent. A number is read as typed and kept in E.164; texts
   * on need a number (the one sent, or the one kept).
   */
  async updateMine(actor: Actor, input: NotificationPreferencesUpdate): Promise<NotificationPreferences> {
    let smsNumber: string | null | undefined = input.smsNumber;
    if (smsNumber) {
      smsNumber = toE164(smsNumber);
      if (!smsNumber) throw badRequest('Must be a mobile number like +1 303 555 0142', [{ path: 'smsNumber', message: 'Must be a mobile number like +1 303 555 0142' }]);
    }
    return auditedTransaction(this.deps.dataSource, actor, async (manager) => {
      const user = await this.me(actor, manager, true);
      const before = choicesOf(user);
      const newLeadSms = input.newLeadSms ?? before.newLeadSms;
      const number = smsNumber === undefined ? before.smsNumber : smsNumber;
      if (newLeadSms === 'each' && !number) throw badRequest(SMS_NUMBER_REQUIRED, [{ path: 'smsNumber', message: SMS_NUMBER_REQUIRED }]);
      const quiet = input.quietHours === undefined ? {} : { quietHoursStart: input.quietHours?.start ?? null, quietHoursEnd: input.quietHours?.end ?? null };
      const saved = await this.deps.users.setAlertChoices(
        user.id,
        { newLeadEmail: input.newLeadEmail, newLeadPush: input.newLeadPush, newLeadSms: input.newLeadSms, smsNumber, ...quiet },
        manager,
      );
      const after = choicesOf(saved);
      const result = { ...after, pushDevices: await this.deps.pushSubscriptions.countOf(user.id, manager) };
      return { result, audit: { action: 'update', entity: 'notification_preferences', entityId: user.id, changes: { before, after } } };
    });
  }

  /** This browser gets the signed-in user's pushes; how many devices they have now. */
  async addPushSubscription(actor: Actor, subscription: PushSubscriptionInput): Promise<{ pushDevices: number }> {
    if (!pushEndpointAllowed(subscription.endpoint, this.deps.pushAllowLoopback ?? false)) {
      throw badRequest('The subscription’s endpoint must be an https address', [{ path: 'endpoint', message: 'The subscription’s endpoint must be an https address' }]);
    }
    const user = await this.me(actor);
    await this.deps.pushSubscriptions.save(user.id, subscription);
    return { pushDevices: await this.deps.pushSubscriptions.countOf(user.id) };
  }

  /** This browser stops getting the signed-in user's pushes (another user's device is left alone). */
  async deletePushSubscription(actor: Actor, endpoint: string): Promise<{ pushDevices: number }> {
    const user = await this.me(actor);
    await this.deps.pushSubscriptions.delete(endpoint, user.id);
    return { pushDevices: await this.deps.pushSubscriptions.countOf(user.id) };
  }

  pushPublicKey(): { publicKey: string } {
    if (!this.deps.pushPublicKey) throw new AppError(409, ErrorCode.NOT_CONFIGURED, PUSH_NOT_CONFIGURED);
    return { publicKey: this.deps.pushPublicKey };
  }

  /** The leads worker: the push service no longer knows this subscription. */
  async forgetPushSubscription(actor: Actor, endpoint: string): Promise<{ deleted: boolean }> {
    if (!isService(actor.identity, 'leads')) throw forbidden('Only the leads service may forget push subscriptions.');
    return { deleted: await this.deps.pushSubscriptions.delete(endpoint) };
  }

  /** The leads worker: the agency's admins to tell of a lead still waiting. */
  async agencyAlertRecipients(actor: Actor): Promise<Array<{ email: string }>> {
    if (!isService(actor.identity, 'leads')) throw forbidden('Only the leads service may list the agency’s alert recipients.');
    return (await this.deps.users.agencyAdmins()).map((user) => ({ email: user.email }));
  }

  /**
   * The leads worker's list: who of the clinic gets any alert of a new lead, and
   * where each channel goes. Pushes count only with a subscribed device, texts
   * only with a number; a user with no channel left is not listed.
   */
  async leadRecipients(actor: Actor, clientId: number): Promise<LeadRecipient[]> {
    if (!isService(actor.identity, 'leads')) throw forbidden('Only the leads service may list who is e-mailed new leads.');
    if (!(await this.deps.clients.exists(clientId))) throw notFound(Messages.clientNotFound(clientId));
    const users = await this.deps.users.activeClinicUsers(clientId);
    const pushUsers = users.filter((u) => newLeadPushOf(u) === 'each').map((u) => u.id);
    const devices = await this.deps.pushSubscriptions.ofUsers(pushUsers);
    return users.flatMap((user) => {
      const channels = {
        email: newLeadEmailOf(user) === 'each',
        push: devices.filter((d) => d.userId === user.id).map(({ endpoint, keys }) => ({ endpoint, keys })),
        sms: user.newLeadSms === 'each' ? user.smsNumber : null,
      };
      if (!channels.email && !channels.push.length && !channels.sms) return [];
      return [
        {
          userId: user.id,
          email: user.email,
          unsubscribeToken: unsubscribeToken(this.deps.internalSecret, user.id, user.notifyVersion),
          channels,
          quietHours: quietHoursOf(user),
        },
      ];
    });
  }

  /** Who of a clinic may be given leads and tasks (docs/leads.md#assignment): asked by the leads service only. */
  async activeUsers(actor: Actor, clientId: number): Promise<ActiveClinicUser[]> {
    if (!isService(actor.identity, 'leads')) throw forbidden('Only the leads service may list a clinic’s users for assignment.');
    if (!(await this.deps.clients.exists(clientId))) throw notFound(Messages.clientNotFound(clientId));
    return this.deps.users.activeClinicUsersForAssignment(clientId);
  }

  /** What a link's GET shows: whether it still works, and for which clinic. Changes nothing. */
  async checkUnsubscribe(token: string): Promise<UnsubscribeOutcome> {
    const read = readUnsubscribeToken(this.deps.internalSecret, token);
    if (!read) return { kind: 'invalid' };
    const user = await this.deps.users.findById(read.userId);
    if (!user?.clientId || user.notifyVersion !== read.version) return { kind: 'used' };
    const client = await this.deps.clients.findById(user.clientId);
    return { kind: 'valid', clinicName: client?.name ?? 'your clinic' };
  }

  /** The one click: the link's user gets no more new-lead e-mails; the link is used up. Audited as the user. */
  async unsubscribe(token: string, requestId: string): Promise<UnsubscribeOutcome> {
    const read = readUnsubscribeToken(this.deps.internalSecret, token);
    if (!read) return { kind: 'invalid' };
    return this.deps.dataSource.transaction(async (manager) => {
      const user = await this.deps.users.findById(read.userId, manager, true);
      if (!user?.clientId || !user.role || user.notifyVersion !== read.version) return { kind: 'used' } as const;
      const client = await this.deps.clients.findById(user.clientId, manager);
      const clinicName = client?.name ?? 'your clinic';
      // Nobody is signed in: the entry is the link's user's own, by their link.
      const actor: Actor = {
        identity: { kind: 'clinic', userId: user.id, email: user.email, name: user.name, clientId: user.clientId, role: user.role },
        requestId,
      };
      const before = { newLeadEmail: newLeadEmailOf(user) };
      const after = { newLeadEmail: newLeadEmailOf(await this.deps.users.setNewLeadEmail(user.id, 'off', manager)), via: 'unsubscribe link' };
      await recordAudit(manager, actor, {
        action: 'update',
        entity: 'notification_preferences',
        entityId: user.id,
        changes: { before, after },
        names: { client: clinicName },
      });
      return { kind: 'done', clinicName } as const;
    });
  }
}
