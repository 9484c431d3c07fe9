import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import { CreatedAtColumn } from '@hap/service-kit';

export type UserTokenPurpose = 'invite' | 'reset';

/** A one-time link's token (invitation, password reset): only its SHA-256 is stored. */
@Entity({ name: 'user_tokens' })
export class UserTokenEntity extends CreatedAtColumn {
  @PrimaryGeneratedColumn({ type: 'integer' })
  id: number;

  @Column({ name: 'user_id', type: 'integer' })
  userId: number;

  @Column({ name: 'purpose', type: 'text' })
  purpose: UserTokenPurpose;

  /** hex SHA-256 of the token; the token itself is only ever in the link. */
  @Column({ name: 'token_hash', type: 'text' })
  tokenHash: string;

  @Column({ name: 'expires_at', type: 'timestamptz' })
  expiresAt: Date;

  /** Set in the transaction that used the link (or voided it when a newer one was issued). */
  @Column({ name: 'used_at', type: 'timestamptz', nullable: true })
  usedAt: Date | null;
}
