import type { ExperimentArmInput, ExperimentGoal, ExperimentStatus, ExperimentVariant } from '@hap/contracts';
import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import { TimestampColumns } from '@hap/service-kit';

/** An experiment on a client service's page (migration 1766000000000). */
@Entity({ name: 'experiments' })
export class ExperimentEntity extends TimestampColumns {
  @PrimaryGeneratedColumn({ type: 'integer' })
  id: number;

  /** A tenant client id; no foreign key across schemas (ARCHITECTURE.md#who-owns-what). */
  @Column({ name: 'client_id', type: 'integer' })
  clientId: number;

  @Column({ name: 'client_service_id', type: 'integer' })
  clientServiceId: number;

  /** The service's template when it started: the pool of clinics running the same template's styles. */
  @Column({ name: 'template_id', type: 'integer' })
  templateId: number;

  @Column({ type: 'text' })
  goal: ExperimentGoal;

  @Column({ type: 'text', default: 'running' })
  status: ExperimentStatus;

  /** The arms and their weights now, in the order given. */
  @Column({ type: 'jsonb' })
  arms: ExperimentArmInput[];

  @Column({ type: 'boolean', default: false })
  pooling: boolean;

  @Column({ type: 'text', nullable: true })
  winner: ExperimentVariant | null;

  /** Who stopped it: the admin's e-mail. */
  @Column({ name: 'stopped_by', type: 'text', nullable: true })
  stoppedBy: string | null;

  @Column({ name: 'started_at', type: 'timestamptz', default: () => 'now()' })
  startedAt: Date;

  @Column({ name: 'stopped_at', type: 'timestamptz', nullable: true })
  stoppedAt: Date | null;
}
