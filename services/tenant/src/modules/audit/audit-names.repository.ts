import type { EntityManager } from 'typeorm';
import type { AuditEntry, AuditNames } from '@hap/service-kit';
import { ClientEntity } from '../client/client.entity';
import { ClientDomainEntity } from '../custom-domain/client-domain.entity';

const idOf = (value: unknown): number | undefined => (typeof value === 'number' && Number.isInteger(value) && value > 0 ? value : undefined);
const fieldsOf = (value: unknown): Record<string, unknown> => (value && typeof value === 'object' ? (value as Record<string, unknown>) : {});

/**
 * The names tenant writes into every audit entry (service kit's nameAuditEntries), as they are
 * at the moment of the write: the clinic's name for any entry about a clinic or one of its rows
 * (its id in `clientId`, or the client itself), and a domain claim's name. Reads by primary key in
 * the write's own transaction; a row already gone (a deletion) leaves the name to the entry's before.
 */
export async function tenantAuditNames(manager: EntityManager, entry: AuditEntry): Promise<AuditNames> {
  const before = fieldsOf(entry.changes?.before);
  const after = fieldsOf(entry.changes?.after);
  const names: AuditNames = {};
  let claimClientId: number | undefined;
  if (entry.entity === 'client_domain' && !after.domain && !before.domain) {
    const claim = await manager.getRepository(ClientDomainEntity).findOne({ select: { id: true, domain: true, clientId: true }, where: { id: Number(entry.entityId) } });
    if (claim) {
      names.subject = claim.domain;
      claimClientId = claim.clientId;
    }
  }
  const clientId = entry.entity === 'client' ? idOf(Number(entry.entityId)) : (idOf(after.clientId) ?? idOf(before.clientId) ?? claimClientId);
  if (clientId !== undefined && !entry.names?.client) {
    const clinic = await manager.getRepository(ClientEntity).findOne({ select: { id: true, name: true }, where: { id: clientId } });
    if (clinic) names.client = clinic.name;
    else if (typeof before.name === 'string' && entry.entity === 'client') names.client = before.name;
  }
  return names;
}
