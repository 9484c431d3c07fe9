import { CreateDateColumn, UpdateDateColumn } from 'typeorm';

/** An entity's `created_at` (timestamptz), set when the row is inserted. */
export abstract class CreatedAtColumn {
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}

/** An entity's `created_at` and `updated_at` (timestamptz); `updated_at` is set again on every save. */
export abstract class TimestampColumns extends CreatedAtColumn {
  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
