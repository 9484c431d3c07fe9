import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** A write's effect: the row (or changed fields) before and after. */
export interface AuditChanges {
  before?: unknown;
  after?: unknown;
}

/** One admin write: who, what, on which row, with which changes. */
@Entity({ name: 'audit_log' })
export class AuditLogEntity {
  /** bigserial: pg hands bigint back as a string. */
  @PrimaryGeneratedColumn({ type: 'bigint' })
  id: string;

  @Column({ name: 'actor_user_id', type: 'integer', nullable: true })
  actorUserId: number | null;

  @Column({ name: 'action', type: 'text' })
  action: string;

  @Column({ name: 'entity', type: 'text' })
  entity: string;

  @Column({ name: 'entity_id', type: 'text' })
  entityId: string;

  @Column({ name: 'changes', type: 'jsonb', nullable: true })
  changes: AuditChanges | null;

  @Column({ name: 'request_id', type: 'text', nullable: true })
  requestId: string | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
