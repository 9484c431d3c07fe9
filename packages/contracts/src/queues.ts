import { z } from 'zod';
import { idField } from './fields';
import { isoDay } from './ads/performance';

/** Queue names (ARCHITECTURE.md#how-parts-talk). BullMQ forbids ':' in names; dots are fine. */
export const QueueName = {
  templatesGenerate: 'templates.generate',
  adsGenerate: 'ads.generate',
  adsOptimize: 'ads.optimize',
  adsLaunch: 'ads.launch',
  adsPerformance: 'ads.performance',
  adsPerformanceSweep: 'ads.performance-sweep',
  leadsDeliver: 'leads.deliver',
  tenantProvision: 'tenant.provision',
  tenantDomainCheck: 'tenant.domain-check',
  tenantDomainCertificate: 'tenant.domain-certificate',
  tenantDomainHealthSweep: 'tenant.domain-health-sweep',
  tenantDomainHealth: 'tenant.domain-health',
  tenantClientDeleted: 'tenant.client-deleted',
  templatesClientDeleted: 'templates.client-deleted',
  leadsClientDeleted: 'leads.client-deleted',
  leadsAppointmentNotice: 'leads.appointment-notice',
  adsClientDeleted: 'ads.client-deleted',
  templatesClinicOnboarded: 'templates.clinic-onboarded',
  templatesPush: 'templates.push',
} as const;
export type QueueName = (typeof QueueName)[keyof typeof QueueName];

/** The services whose worker processes consume queues. */
export type QueueOwner = 'tenant' | 'leads' | 'templates' | 'ads';

/** The goals the admin's Optimize selector offers (admin spec, Google Ads templates). */
export const OptimizationGoalSchema = z.enum(['increase_conversions', 'improve_ctr', 'reduce_cost', 'expand_reach'], {
  error: 'Choose an optimization goal',
});
export type OptimizationGoal = z.infer<typeof OptimizationGoalSchema>;

/**
 * The one event of a clinic's deletion (admin spec: Delete Client 'removes all
 * client data, services and records'): tenant deletes the clinic and records the
 * event in the same transaction (its outbox, `tenant.client_deletions`); its
 * relay hands the same payload to each owner's `<owner>.client-deleted` queue,
 * and each owner's worker removes what it holds of the clinic, idempotently.
 * A worker that is down finds the job waiting when it starts. What is kept, and
 * why: docs/data-retention.md.
 */
export const ClientDeletedEventSchema = z.strictObject({ clientId: idField('Client id') });
export type ClientDeletedEvent = z.infer<typeof ClientDeletedEventSchema>;

/**
 * A clinic's sign-up, for the services it chose (docs/service-graph.md): tenant
 * stores the submission with its chosen template ids in the sign-up's
 * transaction (its outbox, `tenant.onboarding_submissions`); its worker's relay
 * hands this event to `templates.clinic-onboarded`, and the templates worker
 * activates each template for the clinic (already active is fine; a template
 * retired since, or a clinic deleted since, is skipped). The services become
 * active within seconds of the sign-up; the sign-up's answer does not wait.
 */
export const ClinicOnboardedEventSchema = z.strictObject({
  clientId: idField('Client id'),
  /** The submission's row in tenant's outbox: the job's id, so relaying it twice queues it once. */
  submissionId: idField('Submission id'),
  templateIds: z.array(idField('Template id')).min(1).max(100),
});
export type ClinicOnboardedEvent = z.infer<typeof ClinicOnboardedEventSchema>;

/** An id the API hands out for one queued request before any row needs to exist. */
const requestIdField = z.uuid('Request id must be a UUID');

/**
 * One queue: who consumes it, what a job carries, and the job id that makes
 * adding it twice a no-op. Payloads carry ids and options only: whatever a
 * job needs beyond them (a lead's contact details, a prompt) is read from the
 * owner's tables when the job runs, so nothing personal sits in Redis.
 */
export interface QueueContract<P extends z.ZodObject = z.ZodObject, O extends QueueOwner = QueueOwner> {
  owner: O;
  /** What the worker does, for dashboards and docs. */
  description: string;
  payload: P;
  /**
   * The job id, from the payload: the same entity always gets the same id, so
   * a retried HTTP request or a second outbox sweep does not queue the work
   * twice while the first job is still kept. BullMQ refuses ':' and all-digit
   * custom ids, hence `<word>-<id>`; the words differ per queue, so a job id
   * alone says which queue it belongs to.
   */
  jobId(payload: z.infer<P>): string;
}

const defineQueue = <P extends z.ZodObject, O extends QueueOwner>(contract: QueueContract<P, O>) => contract;

export const queueContracts = {
  'templates.generate': defineQueue({
    owner: 'templates',
    description: "AI writes a new service template's content and stores it",
    payload: z.strictObject({ generationId: idField('Generation id') }),
    jobId: ({ generationId }) => `generation-${generationId}`,
  }),
  'ads.generate': defineQueue({
    owner: 'ads',
    description: 'AI writes Google Ads campaigns for a service template',
    payload: z.strictObject({ requestId: requestIdField, templateId: idField('Template id') }),
    jobId: ({ requestId }) => `ads-generate-${requestId}`,
  }),
  'ads.optimize': defineQueue({
    owner: 'ads',
    description: 'AI rewrites one campaign of a template for a goal',
    payload: z.strictObject({
      requestId: requestIdField,
      templateId: idField('Template id'),
      campaignId: idField('Campaign id'),
      goal: OptimizationGoalSchema,
    }),
    jobId: ({ requestId }) => `ads-optimize-${requestId}`,
  }),
  'ads.launch': defineQueue({
    owner: 'ads',
    description: 'Builds and sends the Google Ads mutate of one launch and records it',
    payload: z.strictObject({ launchId: z.uuid('Launch id must be a UUID') }),
    jobId: ({ launchId }) => `launch-${launchId}`,
  }),
  'ads.performance': defineQueue({
    owner: 'ads',
    description: "Reads one clinic account's Google Ads performance (campaigns and keywords by day) for a day range and stores it",
    payload: z.strictObject({
      clientId: idField('Client id'),
      customerId: z.string().regex(/^\d{10}$/, 'Customer id must be 10 digits'),
      managerId: z.string().regex(/^\d{10}$/, 'Manager id must be 10 digits').nullable(),
      from: isoDay('from'),
      to: isoDay('to'),
    }),
    // Per account and range: a second sync while the first waits adds nothing (finished reads are not kept, so a later one reads again).
    jobId: ({ clientId, customerId, from, to }) => `performance-${clientId}-${customerId}-${from}-${to}`,
  }),
  'ads.performance-sweep': defineQueue({
    owner: 'ads',
    description: 'Queues an ads.performance read of the last `days` days for every clinic with a Google Ads account (hourly; 30 days when Google Ads is connected)',
    payload: z.strictObject({ days: z.number().int().min(1).max(90) }),
    jobId: ({ days }) => `performance-sweep-${days}`,
  }),
  'leads.deliver': defineQueue({
    owner: 'leads',
    description: 'Pushes a stored lead to the CRM, notifies the clinic, uploads an offline conversion',
    payload: z.strictObject({ deliveryId: idField('Delivery id') }),
    jobId: ({ deliveryId }) => `delivery-${deliveryId}`,
  }),
  'tenant.provision': defineQueue({
    owner: 'tenant',
    description: "Creates a clinic's CRM sub-account and loads its snapshots",
    payload: z.strictObject({ clientId: idField('Client id') }),
    jobId: ({ clientId }) => `provision-${clientId}`,
  }),
  'tenant.domain-check': defineQueue({
    owner: 'tenant',
    description: "Checks a claimed custom domain's DNS records (TXT token and routing record); queues the next check with backoff for 72 hours",
    payload: z.strictObject({ domainId: idField('Domain id'), check: z.number().int().min(1).max(1000) }),
    jobId: ({ domainId, check }) => `domain-check-${domainId}-${check}`,
  }),
  'tenant.domain-certificate': defineQueue({
    owner: 'tenant',
    description:
      "Asks the edge (a TLS handshake with the domain's name) for a verified domain's certificate; once it is served, the domain is certificate_issued then active. Queues the next try with backoff for 6 hours",
    payload: z.strictObject({ domainId: idField('Domain id'), attempt: z.number().int().min(1).max(1000) }),
    jobId: ({ domainId, attempt }) => `domain-certificate-${domainId}-${attempt}`,
  }),
  'tenant.domain-health-sweep': defineQueue({
    owner: 'tenant',
    description: 'Daily (a job scheduler): queues one tenant.domain-health check for each active domain and each failing domain that had been active',
    // `daily` from the scheduler (whose jobs get the scheduler's own ids); `now` queued by hand (an operator, a drill).
    payload: z.strictObject({ trigger: z.enum(['daily', 'now']) }),
    jobId: ({ trigger }) => `domain-health-sweep-${trigger}`,
  }),
  'tenant.domain-health': defineQueue({
    owner: 'tenant',
    description: "One domain's health check: DNS still points here, the certificate is valid for more than 14 days, the page answers 200 with the clinic's content",
    payload: z.strictObject({ domainId: idField('Domain id'), day: isoDay('day') }),
    // One check per domain and day: a second sweep the same day adds nothing.
    jobId: ({ domainId, day }) => `domain-health-${domainId}-${day}`,
  }),
  'tenant.client-deleted': defineQueue({
    owner: 'tenant',
    description: "A deleted clinic's files: its uploads (the clinic's folder and the images its record and staff named); its rows went with it",
    payload: ClientDeletedEventSchema,
    jobId: ({ clientId }) => `tenant-client-deleted-${clientId}`,
  }),
  'templates.client-deleted': defineQueue({
    owner: 'templates',
    description: "A deleted clinic's services: its client services, their content and experiments",
    payload: ClientDeletedEventSchema,
    jobId: ({ clientId }) => `templates-client-deleted-${clientId}`,
  }),
  'leads.appointment-notice': defineQueue({
    owner: 'leads',
    description:
      "E-mails a patient of an appointment's version (booked, moved, confirmed, cancelled, with the .ics) and queues its reminders; a reminder 24 h or 2 h before, sent only while that version is live (docs/booking.md#changes)",
    payload: z.strictObject({
      appointmentId: idField('Appointment id'),
      version: z.number().int().min(1),
      notice: z.enum(['change', 'reminder-24h', 'reminder-2h']),
    }),
    jobId: ({ appointmentId, version, notice }) => `appointment-${appointmentId}-${version}-${notice}`,
  }),
  'leads.client-deleted': defineQueue({
    owner: 'leads',
    description: "A deleted clinic's leads with their deliveries (the outbox), and its page view counts",
    payload: ClientDeletedEventSchema,
    jobId: ({ clientId }) => `leads-client-deleted-${clientId}`,
  }),
  'ads.client-deleted': defineQueue({
    owner: 'ads',
    description: "A deleted clinic's launch records and Google Ads sync state; the spend already read is kept (docs/data-retention.md)",
    payload: ClientDeletedEventSchema,
    jobId: ({ clientId }) => `ads-client-deleted-${clientId}`,
  }),
  'templates.clinic-onboarded': defineQueue({
    owner: 'templates',
    description: "Activates the services a clinic chose at its sign-up (already active is fine)",
    payload: ClinicOnboardedEventSchema,
    // Per submission: a repeated sign-up is relayed again (idempotent), a retried relay adds nothing.
    jobId: ({ clientId, submissionId }) => `clinic-onboarded-${clientId}-${submissionId}`,
  }),
  'templates.push': defineQueue({
    owner: 'templates',
    description: "Brings each chosen clinic's service to a template version, merging in the clinic's own changes (docs/template-rollout.md)",
    payload: z.strictObject({ pushId: idField('Push id') }),
    jobId: ({ pushId }) => `template-push-${pushId}`,
  }),
} as const satisfies Record<QueueName, QueueContract>;

type Contracts = typeof queueContracts;

/** Every queue name, in the order of ARCHITECTURE.md#how-parts-talk. */
export const QUEUE_NAMES = Object.keys(queueContracts) as QueueName[];

/** What a job of queue `N` carries. */
export type QueuePayload<N extends QueueName> = z.infer<Contracts[N]['payload']>;

/** The queues `O`'s worker consumes. */
export type QueuesOf<O extends QueueOwner> = { [N in QueueName]: Contracts[N]['owner'] extends O ? N : never }[QueueName];

/** Which service's worker consumes each queue. */
export const queueOwner = Object.fromEntries(QUEUE_NAMES.map((name) => [name, queueContracts[name].owner])) as {
  [N in QueueName]: Contracts[N]['owner'];
};

/** The queues `owner`'s worker consumes. */
export const queuesOwnedBy = <O extends QueueOwner>(owner: O): Array<QueuesOf<O>> =>
  QUEUE_NAMES.filter((name) => queueContracts[name].owner === owner) as Array<QueuesOf<O>>;

export const isQueueName = (value: string): value is QueueName => Object.hasOwn(queueContracts, value);

/** The job id of a (valid) payload of queue `name`. */
export function jobIdOf<N extends QueueName>(name: N, payload: QueuePayload<N>): string {
  const contract = queueContracts[name] as unknown as QueueContract;
  return contract.jobId(payload);
}

/** The queue on which each owner of a clinic's data receives ClientDeletedEvent. */
export const CLIENT_DELETED_QUEUES = {
  tenant: 'tenant.client-deleted',
  templates: 'templates.client-deleted',
  leads: 'leads.client-deleted',
  ads: 'ads.client-deleted',
} as const satisfies Record<QueueOwner, QueueName>;
