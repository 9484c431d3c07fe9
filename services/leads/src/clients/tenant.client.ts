import { routes, type ActiveClinicUser, type ClinicAdBudget, type LeadRecipient, type OfflineConversionStatus } from '@hap/contracts';
import { createSiblingClient, withRequestId, type SiblingClientOptions } from '@hap/service-kit/internal-client';

/** What a delivery needs to know of a clinic. */
export interface Clinic {
  id: number;
  name: string;
  email: string | null;
  phone: string | null;
  /** Where new leads are POSTed, signed with `secret`; null when the clinic has none. */
  webhook: { url: string; secret: string } | null;
  /** The clinic's CRM sub-account (GoHighLevel location id); null until it has one. */
  crmLocationId: string | null;
  /** Whether the clinic reports conversions, and the lead status it counts as one. */
  conversionTrackingEnabled: boolean;
  offlineConversionStatus: OfflineConversionStatus;
  /**
   * The agency's opt-in to e-mail each lead's patient details to the clinic's
   * address (docs/leads.md#delivery). False when tenant does not say (an older
   * tenant): no patient data by e-mail unless someone chose it.
   */
  leadDetailEmail: boolean;
}

/** What leads asks tenant: clinics live there (ARCHITECTURE.md#who-owns-what). */
export interface TenantClient {
  /** The clinic; throws ApiError (404 when it is gone, 503 when tenant cannot answer). */
  clinic(id: number): Promise<Clinic>;
  /**
   * The clinic's users who get any alert of a new lead, where each channel goes (their e-mail when chosen,
   * their devices' push subscriptions, their number for texts), their quiet hours and unsubscribe tokens;
   * asked afresh every time (a user who just turned it off, or was disabled, gets nothing). Throws like `clinic`.
   */
  leadRecipients(clientId: number): Promise<LeadRecipient[]>;
  /** Tells tenant the push service no longer knows this subscription (404/410): it is deleted there. */
  forgetPushSubscription(endpoint: string): Promise<void>;
  /** The clinics with a monthly Google Ads budget (docs/campaigns.md#budget-pacing), asked afresh. */
  adBudgets(requestId?: string): Promise<ClinicAdBudget[]>;
  /** The agency's admins to tell of a lead still waiting (docs/speed-to-lead.md#nudges). */
  agencyAlertRecipients(): Promise<Array<{ email: string }>>;
  /** The clinic's active users, each with whether they may be given leads and tasks (docs/leads.md#assignment); asked afresh. Throws like `clinic`. */
  activeUsers(clientId: number): Promise<ActiveClinicUser[]>;
}

export interface TenantClientOptions extends SiblingClientOptions {
  /**
   * How long a clinic's answer is reused (ms; 0: ask every time). Every lead
   * makes three deliveries that each need the clinic; a short reuse spares
   * tenant two of three calls. A changed e-mail, webhook or CRM account is
   * seen after at most this long.
   */
  cacheMs?: number;
  /** The clock that reuse is measured on: Date.now, or a test's own. */
  now?: () => number;
}

export function createTenantClient(options: TenantClientOptions): TenantClient {
  const client = createSiblingClient('leads', 'tenant', options);
  const cacheMs = options.cacheMs ?? 0;
  const clock = options.now ?? Date.now;
  // Answers (not failures) by clinic id, while fresh; a lookup in flight is shared.
  const cached = new Map<number, { until: number; clinic: Promise<Clinic> }>();

  async function ask(id: number): Promise<Clinic> {
    const found = await client.call(routes.getClient, { params: { id }, query: {} }, { projection: 'admin', ...withRequestId() });
    const webhook = found.webhookUrl && found.webhookSecret ? { url: found.webhookUrl, secret: found.webhookSecret } : null;
    return { id: found.id, name: found.name, email: found.email ?? null, phone: found.phone ?? null, webhook, crmLocationId: found.ghlSubaccountId ?? null,
      conversionTrackingEnabled: found.conversionTrackingEnabled ?? true,
      offlineConversionStatus: found.offlineConversionStatus ?? 'booked',
      leadDetailEmail: found.leadDetailEmail ?? false,
    };
  }

  return {
    leadRecipients: (clientId) => client.call(routes.listLeadRecipients, { params: { id: clientId } }, withRequestId()),
    agencyAlertRecipients: () => client.call(routes.listAgencyAlertRecipients, {}, withRequestId()),
    adBudgets: (requestId) => client.call(routes.listClinicAdBudgets, {}, withRequestId(requestId)),
    activeUsers: (clientId) => client.call(routes.listClinicActiveUsers, { params: { id: clientId } }, withRequestId()),
    async forgetPushSubscription(endpoint) {
      await client.call(routes.forgetPushSubscription, { body: { endpoint } }, withRequestId());
    },
    clinic(id) {
      if (cacheMs <= 0) return ask(id);
      const now = clock();
      const hit = cached.get(id);
      if (hit && hit.until > now) return hit.clinic;
      const clinic = ask(id);
      cached.set(id, { until: now + cacheMs, clinic });
      clinic.catch(() => cached.delete(id));
      if (cached.size > 10_000) cached.delete(cached.keys().next().value!);
      return clinic;
    },
  };
}
