import {
  PORTAL_NO_ADS_FIGURES,
  type LeadDetail,
  type LeadListItem,
  type LeadStatusUpdate,
  type NewLeads,
  type PortalLeadDetail,
  type PortalLeadList,
  type PortalLeadListItem,
  type PortalLeadListQuery,
  type PortalResultsQuery,
  type PortalResultsSummary,
} from '@hap/contracts';
import { assertClinicUser, type Actor } from '@hap/service-kit';
import type { LeadAdminService } from '../admin/lead-admin.service';
import type { ResultsService } from '../results/results.service';

/** A list item as the clinic sees it: the admin's without its failed deliveries. */
function portalItem(item: LeadListItem): PortalLeadListItem {
  const { failedDeliveries: _failed, ...rest } = item;
  return rest;
}

/** A lead as the clinic sees it: no deliveries, no service check, no consent IP or user agent (contracts portal.ts). */
function portalDetail(lead: LeadDetail): PortalLeadDetail {
  const { failedDeliveries: _failed, deliveries: _deliveries, serviceChecked: _checked, consent, ...rest } = lead;
  const { ip: _ip, userAgent: _userAgent, ...evidence } = consent;
  return { ...rest, consent: evidence };
}

/**
 * The clinic portal's leads and results: the admin's
 * code (LeadAdminService, ResultsService) with the clinic fixed to the signed
 * clinic user's, never taken from the request, and each answer cut to what a
 * clinic sees. Every method checks the caller is a clinic user first.
 */
export class PortalService {
  constructor(
    private readonly leads: LeadAdminService,
    private readonly results: ResultsService,
  ) {}

  async list(actor: Actor, query: PortalLeadListQuery): Promise<PortalLeadList> {
    const { clientId, userId } = assertClinicUser(actor);
    // `me`: the signed-in user's leads (docs/leads.md#assignment).
    const assigneeId = query.assigneeId === 'me' ? userId : query.assigneeId;
    const page = await this.leads.page(actor, { ...query, assigneeId, clientId });
    return { ...page, items: page.items.map(portalItem) };
  }

  async get(actor: Actor, id: number): Promise<PortalLeadDetail> {
    const { clientId } = assertClinicUser(actor);
    return portalDetail(await this.leads.lead(actor, id, clientId));
  }

  /** Owners and staff alike: booking patients is the staff's work. */
  async updateStatus(actor: Actor, id: number, update: LeadStatusUpdate): Promise<PortalLeadDetail> {
    const { clientId } = assertClinicUser(actor);
    return portalDetail(await this.leads.moveStatus(actor, id, update, clientId));
  }

  async newLeads(actor: Actor): Promise<NewLeads> {
    const { clientId } = assertClinicUser(actor);
    return this.leads.newLeadsOf(clientId);
  }

  async resultsSummary(actor: Actor, query: PortalResultsQuery): Promise<PortalResultsSummary> {
    const { clientId } = assertClinicUser(actor);
    const { clientId: _clientId, adsAccounts: _accounts, adsNote, ...summary } = await this.results.summaryOf(actor, { ...query, clientId });
    return { ...summary, adsNote: adsNote === null ? null : PORTAL_NO_ADS_FIGURES };
  }
}
