import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** The agency's Google Ads connection (one, labelled 'agency'): its refresh token, encrypted. */
@Entity({ name: 'google_ads_connections' })
export class GoogleAdsConnectionEntity {
  @PrimaryGeneratedColumn({ type: 'integer' })
  id: number;

  @Column({ name: 'label', type: 'text' })
  label: string;

  /** `v1.<iv>.<tag>.<ciphertext>` (token-cipher.ts); never the token itself. */
  @Column({ name: 'refresh_token_encrypted', type: 'text' })
  refreshTokenEncrypted: string;

  @Column({ name: 'account_email', type: 'text', nullable: true })
  accountEmail: string | null;

  @Column({ name: 'connected_by', type: 'integer', nullable: true })
  connectedBy: number | null;

  @Column({ name: 'connected_at', type: 'timestamptz' })
  connectedAt: Date;

  @Column({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
