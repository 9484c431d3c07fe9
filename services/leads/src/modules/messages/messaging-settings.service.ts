import type { DataSource } from 'typeorm';
import { DEFAULT_MESSAGING_SETTINGS, type MessagingSettings, type StoredMessaging } from '@hap/contracts';
import { assertAdmin, auditedTransaction, recordAudit, type Actor } from '@hap/service-kit';
import { deleteMessaging, saveMessaging, storedMessagingOf } from './message.repository';

/** The agency's defaults live under client 0 (docs/speed-to-lead.md#follow-ups). */
const AGENCY = 0;

/** The agency's messaging defaults and each clinic's own settings; every change audited. */
export class MessagingSettingsService {
  constructor(private readonly dataSource: DataSource) {}

  async get(actor: Actor, clientId: number = AGENCY): Promise<StoredMessaging> {
    assertAdmin(actor);
    return this.of(clientId);
  }

  private async of(clientId: number): Promise<StoredMessaging> {
    const own = await storedMessagingOf(this.dataSource, clientId);
    if (own) return { clientId, settings: own.settings, inherited: false, updatedAt: own.updatedAt.toISOString() };
    const defaults = clientId === AGENCY ? null : await storedMessagingOf(this.dataSource, AGENCY);
    return { clientId, settings: defaults?.settings ?? DEFAULT_MESSAGING_SETTINGS, inherited: true, updatedAt: null };
  }

  async update(actor: Actor, settings: MessagingSettings, clientId: number = AGENCY): Promise<StoredMessaging> {
    assertAdmin(actor);
    return auditedTransaction(this.dataSource, actor, async (manager) => {
      const before = await storedMessagingOf(manager, clientId);
      const updatedAt = await saveMessaging(manager, clientId, settings);
      return {
        result: { clientId, settings, inherited: false, updatedAt: updatedAt.toISOString() },
        audit: {
          action: before ? 'update' : 'create',
          entity: 'messaging_settings',
          entityId: clientId,
          changes: { before: before ? { ...before.settings, clientId } : null, after: { ...settings, clientId } },
        },
      };
    });
  }

  async reset(actor: Actor, clientId: number): Promise<StoredMessaging> {
    assertAdmin(actor);
    await this.dataSource.transaction(async (manager) => {
      const before = await storedMessagingOf(manager, clientId);
      if (!before) return;
      await deleteMessaging(manager, clientId);
      await recordAudit(manager, actor, { action: 'delete', entity: 'messaging_settings', entityId: clientId, changes: { before: { ...before.settings, clientId }, after: null } });
    });
    return this.of(clientId);
  }
}
