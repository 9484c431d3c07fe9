import { Column, Entity, PrimaryGeneratedColumn, Unique } from 'typeorm';
import { CreatedAtColumn } from '@hap/service-kit';

/** A production host (and path prefix) that belongs to one client (docs/admin.md#records). */
@Entity({ name: 'domain_mappings' })
@Unique('domain_mappings_domain_path_key', ['domain', 'path'])
export class DomainMappingEntity extends CreatedAtColumn {
  @PrimaryGeneratedColumn({ type: 'integer' })
  id: number;

  /** Normalised host: lower case, no port. */
  @Column({ name: 'domain', type: 'text' })
  domain: string;

  @Column({ name: 'path', type: 'text', default: '/' })
  path: string;

  /** References clients(id) ON DELETE CASCADE (see the migration). */
  @Column({ name: 'client_id', type: 'integer' })
  clientId: number;

  /** Lower wins among mappings with the same path length. */
  @Column({ name: 'priority', type: 'integer', default: 100 })
  priority: number;

  @Column({ name: 'is_active', type: 'boolean', default: true })
  isActive: boolean;
}
