import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import { CreatedAtColumn } from '@hap/service-kit';
import type { CustomDomainStatus } from '@hap/contracts';

/** A clinic's claim on a domain of its own and where its proof stands. */
@Entity({ name: 'client_domains' })
export class ClientDomainEntity extends CreatedAtColumn {
  @PrimaryGeneratedColumn({ type: 'integer' })
  id: number;

  /** References clients(id) ON DELETE CASCADE. */
  @Column({ name: 'client_id', type: 'integer' })
  clientId: number;

  /** ASCII (punycode), lower case, no trailing dot. */
  @Column({ name: 'domain', type: 'text' })
  domain: string;

  @Column({ name: 'status', type: 'text', default: 'pending' })
  status: CustomDomainStatus;

  @Column({ name: 'reason', type: 'text', nullable: true })
  reason: string | null;

  /** The random value of the `_hap-challenge` TXT record. */
  @Column({ name: 'token', type: 'text' })
  token: string;

  @Column({ name: 'check_until', type: 'timestamptz' })
  checkUntil: Date;

  @Column({ name: 'last_checked_at', type: 'timestamptz', nullable: true })
  lastCheckedAt: Date | null;

  @Column({ name: 'next_check_at', type: 'timestamptz', nullable: true })
  nextCheckAt: Date | null;

  @Column({ name: 'verified_at', type: 'timestamptz', nullable: true })
  verifiedAt: Date | null;

  /** When the edge was first seen serving a valid certificate for the name (or reported one). */
  @Column({ name: 'certificate_at', type: 'timestamptz', nullable: true })
  certificateAt: Date | null;

  /** The end of the certificate last seen (certificate step, health checks). */
  @Column({ name: 'certificate_expires_at', type: 'timestamptz', nullable: true })
  certificateExpiresAt: Date | null;

  /** When it first turned active: a failing domain with this set had been active (health-checked, mapping kept). */
  @Column({ name: 'activated_at', type: 'timestamptz', nullable: true })
  activatedAt: Date | null;

  @Column({ name: 'failing_since', type: 'timestamptz', nullable: true })
  failingSince: Date | null;

  @Column({ name: 'last_health_check_at', type: 'timestamptz', nullable: true })
  lastHealthCheckAt: Date | null;

  /** When the current failure's e-mail alert went out; cleared on recovery (one alert per failure). */
  @Column({ name: 'alerted_at', type: 'timestamptz', nullable: true })
  alertedAt: Date | null;
}
