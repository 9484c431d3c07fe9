import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import { CreatedAtColumn } from '@hap/service-kit';

/** A person shown in a client's team section (docs/admin.md#records staff_members). */
@Entity({ name: 'staff_members' })
@Index('staff_members_client_order_idx', ['clientId', 'displayOrder'])
export class StaffMemberEntity extends CreatedAtColumn {
  @PrimaryGeneratedColumn({ type: 'integer' })
  id: number;

  /** References clients(id) ON DELETE CASCADE (see the migration). */
  @Column({ name: 'client_id', type: 'integer' })
  clientId: number;

  @Column({ name: 'name', type: 'text' })
  name: string;

  @Column({ name: 'title', type: 'text', nullable: true })
  title: string | null;

  @Column({ name: 'bio', type: 'text', nullable: true })
  bio: string | null;

  @Column({ name: 'image_path', type: 'text', nullable: true })
  imagePath: string | null;

  @Column({ name: 'display_order', type: 'integer', default: 0 })
  displayOrder: number;
}
