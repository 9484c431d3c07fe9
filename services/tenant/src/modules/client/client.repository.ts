import { Brackets, type DataSource, type EntityManager } from 'typeorm';
import type { ClientListQuery, ClientSort } from '@hap/contracts';
import { ServiceRepository, type EntityValues } from '@hap/service-kit';
import { ClientEntity } from './client.entity';

export type ClientValues = EntityValues<ClientEntity>;

/** `50%_off\` → `50\%\_off\\`: a LIKE pattern that matches the text itself. */
const escapeLike = (text: string): string => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** A search needs this many digits before it also looks into phone numbers (so '2' does not match every phone). */
const PHONE_DIGITS_MIN = 3;
/**
 * A search that is a phone number: digits and the marks people write them
 * with. Words with digits in them ('Suite 0102', a name with a year) are
 * text: their digits are not looked for in every clinic's phone.
 */
const PHONE_LIKE = /^[\d\s()+.-]+$/;

/** What each sort orders by: names without regard to case, as people read them. */
const SORT_EXPRESSIONS: Readonly<Record<ClientSort, string>> = {
  name: 'lower(c.name)',
  createdAt: 'c.created_at',
  id: 'c.id',
};

/** Queries on tenant.clients; pass a manager to run inside a transaction. */
export class ClientRepository extends ServiceRepository<ClientEntity> {
  constructor(dataSource: DataSource) {
    super(dataSource, ClientEntity);
  }

  list(manager?: EntityManager): Promise<ClientEntity[]> {
    return this.repo(manager).find({ order: { id: 'ASC' } });
  }

  /** Clinics with a Google Ads account id, by id. */
  withAdsAccount(): Promise<ClientEntity[]> {
    return this.repo().createQueryBuilder('c').where(`coalesce(c.google_ads_account_id, '') <> ''`).orderBy('c.id', 'ASC').getMany();
  }

  /** The clinics with a monthly Google Ads budget (docs/campaigns.md#budget-pacing), by id. */
  withAdBudget(): Promise<ClientEntity[]> {
    return this.repo().createQueryBuilder('c').where('c.monthly_ad_budget IS NOT NULL').orderBy('c.id', 'ASC').getMany();
  }

  /**
   * One page of the Clients list, searched and sorted in SQL (id breaks
   * ties, so pages never overlap), and how many clinics the search finds.
   */
  async search(query: ClientListQuery): Promise<{ rows: ClientEntity[]; total: number }> {
    const { q, sort, order, page, pageSize } = query;
    const direction = order === 'desc' ? 'DESC' : 'ASC';
    const qb = this.repo().createQueryBuilder('c');
    const text = q?.trim();
    if (text) {
      qb.where(
        new Brackets((or) => {
          or.where('c.name ILIKE :like', { like: `%${escapeLike(text)}%` })
            .orWhere('c.email ILIKE :like')
            .orWhere('c.domain ILIKE :like')
            .orWhere('c.address ILIKE :like');
          const digits = text.replace(/\D/g, '');
          if (PHONE_LIKE.test(text) && digits.length >= PHONE_DIGITS_MIN) or.orWhere(`regexp_replace(c.phone, '\\D', '', 'g') LIKE :digits`, { digits: `%${digits}%` });
        }),
      );
    }
    const total = await qb.getCount();
    const rows = await qb
      .orderBy(SORT_EXPRESSIONS[sort], direction)
      .addOrderBy('c.id', direction)
      .offset((page - 1) * pageSize)
      .limit(pageSize)
      .getMany();
    return { rows, total };
  }

  /** The clinic's site address (its `domain`) alone; null when there is no such clinic. */
  domainOf(id: number, manager?: EntityManager): Promise<Pick<ClientEntity, 'id' | 'domain'> | null> {
    return this.repo(manager).findOne({ select: { id: true, domain: true }, where: { id } });
  }

  /** The clinic's name alone; null when there is no such clinic. */
  nameOf(id: number, manager?: EntityManager): Promise<Pick<ClientEntity, 'name'> | null> {
    return this.repo(manager).findOne({ select: { name: true }, where: { id } });
  }

  async setDomain(id: number, domain: string | null, manager?: EntityManager): Promise<void> {
    await this.repo(manager).update({ id }, { domain });
  }

  /** The clinic whose CRM sub-account this is (its id alone). */
  async findBySubaccount(subaccountId: string): Promise<{ id: number } | null> {
    const [owner] = (await this.dataSource.query(`SELECT "id" FROM "tenant"."clients" WHERE "ghl_subaccount_id" = $1`, [subaccountId])) as Array<{ id: number }>;
    return owner ?? null;
  }
}
