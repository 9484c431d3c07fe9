import type { EntityManager } from 'typeorm';
import { recordAudit, type Actor } from '@hap/service-kit';
import type { ClientRepository } from '../client/client.repository';
import type { DomainMappingRepository } from '../domain-mapping/domain-mapping.repository';
import type { ClientDomainEntity } from './client-domain.entity';
import { isHealthChecked } from './client-domain.rules';

/**
 * What an active domain changes in the other modules' tables, inside the
 * caller's transaction, each change audited: the host mapping at `/` (so
 * client resolution keeps reading one table) and the clinic's site address
 * (its `domain`, Edit Client's field, the same fact as its claim).
 */
export class DomainSiteLink {
  constructor(
    private readonly clients: ClientRepository,
    private readonly mappings: DomainMappingRepository,
  ) {}

  /**
   * The active domain's host mapping at `/`, and the clinic's site (its `domain`, which the
   * portal's page links and the admin's live-page buttons use) set to it. Both audited.
   */
  async map(manager: EntityManager, actor: Actor, row: ClientDomainEntity): Promise<void> {
    const existing = await this.mappings.findByDomainAndPath(row.domain, '/', manager);
    // The DNS proof outranks a mapping typed by hand: the host at / is this clinic's.
    if (existing && (existing.clientId !== row.clientId || !existing.isActive)) {
      await this.mappings.patch(existing.id, { clientId: row.clientId, isActive: true }, manager);
      await recordAudit(manager, actor, {
        action: 'update',
        entity: 'domain_mapping',
        entityId: existing.id,
        changes: { before: { clientId: existing.clientId, isActive: existing.isActive }, after: { clientId: row.clientId, isActive: true, by: `custom domain ${row.domain}` } },
      });
    } else if (!existing) {
      const id = await this.mappings.insertId({ domain: row.domain, path: '/', clientId: row.clientId, priority: 100, isActive: true }, manager);
      await recordAudit(manager, actor, {
        action: 'create',
        entity: 'domain_mapping',
        entityId: id,
        changes: { after: { domain: row.domain, path: '/', clientId: row.clientId, by: `custom domain ${row.domain}` } },
      });
    }
    await this.setSite(manager, actor, row.clientId, (current) => (current?.toLowerCase() === row.domain ? null : row.domain));
  }

  /** A removed domain that had been active: its mapping goes, and the clinic's site if it was this domain. */
  async unmap(manager: EntityManager, actor: Actor, row: ClientDomainEntity): Promise<void> {
    if (!isHealthChecked(row)) return;
    await this.mappings.deleteRoot(row.domain, row.clientId, manager);
    await this.setSite(manager, actor, row.clientId, (current) => (current?.toLowerCase() === row.domain ? undefined : null));
  }

  /**
   * Changes the clinic's `domain` to what `next` answers for the current one (`null`: leave it;
   * `undefined`: clear it), audited as a client change.
   */
  async setSite(manager: EntityManager, actor: Actor, clientId: number, next: (current: string | null) => string | null | undefined): Promise<void> {
    const clinic = await this.clients.domainOf(clientId, manager);
    if (!clinic) return;
    const wanted = next(clinic.domain);
    if (wanted === null) return;
    const domain = wanted ?? null;
    await this.clients.setDomain(clientId, domain, manager);
    await recordAudit(manager, actor, { action: 'update', entity: 'client', entityId: clientId, changes: { before: { domain: clinic.domain }, after: { domain } } });
  }
}
