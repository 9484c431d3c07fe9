import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** An account that can log in (admin spec §3 users); only admins use it today. */
@Entity({ name: 'users' })
export class UserEntity {
  @PrimaryGeneratedColumn({ type: 'integer' })
  id: number;

  /** Stored lower-cased; unique on lower(email) (see the migration). */
  @Column({ name: 'email', type: 'text' })
  email: string;

  /** argon2id PHC string; never leaves this service. */
  @Column({ name: 'password_hash', type: 'text' })
  passwordHash: string;

  @Column({ name: 'name', type: 'text', nullable: true })
  name: string | null;

  @Column({ name: 'is_admin', type: 'boolean', default: false })
  isAdmin: boolean;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
