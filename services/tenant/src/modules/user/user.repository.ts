import type { DataSource, EntityManager } from 'typeorm';
import { UserEntity } from './user.entity';

/** Queries on tenant.users; e-mails compare case-insensitively. */
export class UserRepository {
  constructor(private readonly dataSource: DataSource) {}

  private repo(manager?: EntityManager) {
    return (manager ?? this.dataSource.manager).getRepository(UserEntity);
  }

  findByEmail(email: string, manager?: EntityManager): Promise<UserEntity | null> {
    return this.repo(manager)
      .createQueryBuilder('user')
      .where('lower(user.email) = lower(:email)', { email: email.trim() })
      .getOne();
  }

  async insert(values: Omit<UserEntity, 'id' | 'createdAt'>, manager?: EntityManager): Promise<UserEntity> {
    const result = await this.repo(manager).insert({ ...values, email: values.email.trim().toLowerCase() });
    const id = (result.identifiers[0] as { id: number }).id;
    return this.repo(manager).findOneByOrFail({ id });
  }

  /** Inserts unless the e-mail is taken (by anyone, concurrently included); null when taken. */
  async insertIfMissing(values: Omit<UserEntity, 'id' | 'createdAt'>, manager?: EntityManager): Promise<UserEntity | null> {
    const result = await this.repo(manager)
      .createQueryBuilder()
      .insert()
      .values({ ...values, email: values.email.trim().toLowerCase() })
      .orIgnore()
      .execute();
    const inserted = result.identifiers[0] as { id: number } | undefined;
    return inserted ? this.repo(manager).findOneByOrFail({ id: inserted.id }) : null;
  }

  async update(id: number, values: Partial<Pick<UserEntity, 'passwordHash' | 'isAdmin' | 'name'>>, manager?: EntityManager) {
    await this.repo(manager).update({ id }, values);
    return this.repo(manager).findOneByOrFail({ id });
  }
}
