import type { DataSource } from 'typeorm';
import {
  defaultNewLeadEmail,
  Messages,
  type LeadRecipient,
  type NewLeadEmail,
  type NotificationPreferences,
  type NotificationPreferencesUpdate,
} from '@hap/contracts';
import { auditedTransaction, forbidden, recordAudit, isService, notFound, requireClinicUser, type Actor } from '@hap/service-kit';
import type { ClientRepository } from '../client/client.repository';
import type { UserEntity } from '../user/user.entity';
import type { UserRepository } from '../user/user.repository';
import { readUnsubscribeToken, unsubscribeToken } from './unsubscribe-token';

/** A user's choice, their role's default when they never chose. */
export const newLeadEmailOf = (user: Pick<UserEntity, 'newLeadEmail' | 'role'>): NewLeadEmail => user.newLeadEmail ?? defaultNewLeadEmail(user.role ?? 'staff');

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
  /** INTERNAL_SECRET: unsubscribe tokens are signed with it. */
  internalSecret: string;
}

/**
 * Clinic users' e-mail notifications of new leads: their own
 * choice in the portal, who the leads worker mails, and the one-click
 * unsubscribe link that turns it off without signing in.
 */
export class NotificationService {
  constructor(private readonly deps: NotificationDeps) {}

  async mine(actor: Actor): Promise<NotificationPreferences> {
    const me = requireClinicUser(actor.identity);
    const user = await this.deps.users.findById(me.userId);
    // The session outlived the user (removed meanwhile): the gateway ends it at its next check.
    if (!user || user.clientId !== me.clientId) throw notFound(Messages.clinicUserNotFound(me.userId));
    return { newLeadEmail: newLeadEmailOf(user) };
  }

  async updateMine(actor: Actor, input: NotificationPreferencesUpdate): Promise<NotificationPreferences> {
    const me = requireClinicUser(actor.identity);
    return auditedTransaction(this.deps.dataSource, actor, async (manager) => {
      const user = await this.deps.users.findById(me.userId, manager, true);
      if (!user || user.clientId !== me.clientId) throw notFound(Messages.clinicUserNotFound(me.userId));
      const before = { newLeadEmail: newLeadEmailOf(user) };
      const after = { newLeadEmail: newLeadEmailOf(await this.deps.users.setNewLeadEmail(user.id, input.newLeadEmail, manager)) };
      return { result: after, audit: { action: 'update', entity: 'notification_preferences', entityId: user.id, changes: { before, after } } };
    });
  }

  /** The leads worker's list: who of the clinic gets an e-mail for each new lead, with their unsubscribe token. */
  async leadRecipients(actor: Actor, clientId: number): Promise<LeadRecipient[]> {
    if (!isService(actor.identity, 'leads')) throw forbidden('Only the leads service may list who is e-mailed new leads.');
    if (!(await this.deps.clients.exists(clientId))) throw notFound(Messages.clientNotFound(clientId));
    return (await this.deps.users.leadRecipients(clientId)).map((user) => ({
      userId: user.id,
      email: user.email,
      unsubscribeToken: unsubscribeToken(this.deps.internalSecret, user.id, user.notifyVersion),
    }));
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
