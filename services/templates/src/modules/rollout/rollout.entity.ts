import { Column, CreateDateColumn, Entity, PrimaryColumn, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import type { ClinicLayer, ContentChange, TemplateRollout } from '@hap/contracts';

/** docs/template-rollout.md#versions: a template's content as one save left it. */
@Entity({ name: 'template_versions' })
export class TemplateVersionEntity {
  /** References service_templates(id) ON DELETE CASCADE. */
  @PrimaryColumn({ name: 'template_id', type: 'integer' })
  templateId: number;

  @PrimaryColumn({ name: 'number', type: 'integer' })
  number: number;

  /** The template's content fields as stored (lists as jsonb arrays of items with ids). */
  @Column({ name: 'content', type: 'jsonb' })
  content: Record<string, unknown>;

  @Column({ name: 'note', type: 'text', nullable: true })
  note: string | null;

  @Column({ name: 'rollout', type: 'text' })
  rollout: TemplateRollout;

  @Column({ name: 'created_by', type: 'integer', nullable: true })
  createdBy: number | null;

  @Column({ name: 'created_by_name', type: 'text', nullable: true })
  createdByName: string | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}

/** docs/template-rollout.md#push: a version pushed to chosen clinics, run by the templates worker. */
@Entity({ name: 'template_pushes' })
export class TemplatePushEntity {
  @PrimaryGeneratedColumn({ type: 'integer' })
  id: number;

  @Column({ name: 'template_id', type: 'integer' })
  templateId: number;

  @Column({ name: 'version', type: 'integer' })
  version: number;

  @Column({ name: 'status', type: 'text', default: 'queued' })
  status: 'queued' | 'running' | 'succeeded' | 'failed';

  /** By clinic id: the conflicts whose template side was chosen. */
  @Column({ name: 'choices', type: 'jsonb', default: () => "'{}'" })
  choices: Record<string, Record<string, 'clinic' | 'template'>>;

  @Column({ name: 'error', type: 'text', nullable: true })
  error: string | null;

  @Column({ name: 'created_by', type: 'integer', nullable: true })
  createdBy: number | null;

  @Column({ name: 'created_by_name', type: 'text', nullable: true })
  createdByName: string | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}

/** What a clinic's service holds of a push: its state before and after, for the rollback. */
export interface ServiceVersionState {
  version: number;
  layer: ClinicLayer;
}

/** One clinic of a push. */
@Entity({ name: 'template_push_clinics' })
export class TemplatePushClinicEntity {
  @PrimaryColumn({ name: 'push_id', type: 'integer' })
  pushId: number;

  @PrimaryColumn({ name: 'client_service_id', type: 'integer' })
  clientServiceId: number;

  @Column({ name: 'client_id', type: 'integer' })
  clientId: number;

  @Column({ name: 'status', type: 'text', default: 'pending' })
  status: 'pending' | 'pushed' | 'failed' | 'rolled-back';

  @Column({ name: 'from_version', type: 'integer', nullable: true })
  fromVersion: number | null;

  @Column({ name: 'before', type: 'jsonb', nullable: true })
  before: ServiceVersionState | null;

  @Column({ name: 'after', type: 'jsonb', nullable: true })
  after: ServiceVersionState | null;

  @Column({ name: 'conflicts', type: 'jsonb', default: () => "'[]'" })
  conflicts: ContentChange[];

  @Column({ name: 'error', type: 'text', nullable: true })
  error: string | null;

  @Column({ name: 'rolled_back_at', type: 'timestamptz', nullable: true })
  rolledBackAt: Date | null;
}
