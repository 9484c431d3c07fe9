import { portalPagesOf, type PortalPages } from '@hap/contracts';
import { assertClinicUser, type Actor } from '@hap/service-kit';
import type { TenantClient } from '../../clients/tenant.client';
import { toClientServiceDto } from '../client-service/client-service.dto';
import type { ClientServiceService } from '../client-service/client-service.service';

/**
 * The clinic portal's Pages: the clinic's home page, each
 * ACTIVE service's landing page and the thank-you page, with links as the
 * admin's screens build them (contracts portalPagesOf). The clinic is the
 * signed clinic user's; its services are read by the admin's code
 * (ClientServiceService.withTemplates), its domain asked of tenant.
 */
export class PortalPagesService {
  constructor(
    private readonly services: ClientServiceService,
    private readonly tenant: TenantClient,
  ) {}

  async pages(actor: Actor): Promise<PortalPages> {
    const { clientId } = assertClinicUser(actor);
    // Links go where the pages are live: its own domain once active, else the platform's address (ads' rule).
    const [site, rows] = await Promise.all([this.tenant.clinicSite(clientId, actor.requestId), this.services.withTemplates(clientId, actor, true)]);
    const services = rows
      .map(({ service, template }) => toClientServiceDto(service, template))
      .filter((s) => s.isActive && s.path)
      .map((s) => ({ id: s.id, name: s.name ?? '', path: s.path ?? '' }))
      .sort((a, b) => a.name.localeCompare(b.name) || a.id - b.id);
    return portalPagesOf({ id: site.clientId, domain: site.domain }, services);
  }
}
