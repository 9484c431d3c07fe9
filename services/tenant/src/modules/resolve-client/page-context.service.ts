import type { PageContext } from '@hap/contracts';
import type { ContentCache } from '@hap/service-kit';
import type { ClientService } from '../client/client.service';
import type { StaffMemberService } from '../staff-member/staff-member.service';
import type { ResolveClientFacts, ResolveClientService } from './resolve-client.service';

type ClinicPage = Omit<PageContext, 'resolution'>;

/**
 * GET /api/page-context: the page's client (ResolveClientService) with its
 * branding, tracking settings and team, read by every public page view. With a cache, a warm
 * page view reads nothing from PostgreSQL: the resolver's facts and each
 * clinic's branding and team (key: client id) are cached until an audited
 * tenant write (client, staff member, domain mapping) commits, or the TTL.
 */
export class PageContextService {
  constructor(
    private readonly resolver: ResolveClientService,
    private readonly clients: ClientService,
    private readonly staff: StaffMemberService,
    private readonly cache: ContentCache | null = null,
  ) {}

  async pageContext(facts: ResolveClientFacts): Promise<PageContext> {
    const resolution = await this.resolver.resolve(facts);
    const id = resolution.clientId;
    const clinic = this.cache ? await this.cache.get(`clinic:${id}`, () => this.clinicPage(id)) : await this.clinicPage(id);
    return { resolution, ...clinic };
  }

  /** The branding, tracking settings and team; a client that does not exist (the fallback clinic deleted) has none. */
  private async clinicPage(clientId: number): Promise<ClinicPage> {
    const clinic = await this.clients.forPage(clientId);
    if (!clinic) return { client: null, staff: [], tracking: null };
    const team = await this.staff.listForClient(clientId);
    return { client: clinic.client, tracking: clinic.tracking, staff: team.map(({ createdAt: _createdAt, ...member }) => member) };
  }
}
