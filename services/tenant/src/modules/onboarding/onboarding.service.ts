import type { DataSource } from 'typeorm';
import {
  DEFAULT_BRAND_BG_COLOR,
  IdempotencyKeySchema,
  Messages,
  ONBOARDING_BRAND_COLOR,
  type OnboardingResult,
  type OnboardingSubmit,
} from '@hap/contracts';
import { badRequest, conflict, isUniqueViolation, recordAudit, unprocessable, type Actor, type JobQueue } from '@hap/service-kit';
import type { FastifyBaseLogger } from 'fastify';
import type { CatalogueReader } from '../catalogue/catalogue.reader';
import type { ClientRepository } from '../client/client.repository';
import type { SiteClaims } from '../client/client.service';
import type { ClinicUserService, LinkContext } from '../clinic-user/clinic-user.service';
import { OnboardingSubmissionRepository } from './onboarding-submission.repository';
import { businessKeyOf, onboardingHash, unknownServiceIds } from './onboarding.rules';

export interface OnboardingContext {
  actor: Actor;
  idempotencyKey: string | undefined;
  log: FastifyBaseLogger;
  /** The origin the sign-up came in through: the owner's invitation link uses it when PUBLIC_BASE_URL is unset. */
  link?: LinkContext;
}

/** Makes the sign-up's owner user; absent in processes that do not (tests of the sign-up alone). */
export type OnboardingOwners = Pick<ClinicUserService, 'addOnboardingOwner' | 'mailOnboardingInvitation'>;

/**
 * POST /api/onboarding (docs/public-site.md#pages-and-routes, docs/public-site.md#states-and-fallbacks; ARCHITECTURE.md#who-owns-what): one public call does
 * what the spec's browser did with admin calls. The clinic, its domain
 * mapping and the submission are one transaction; the submission is also the
 * outbox of the ClinicOnboardedEvent that has templates activate the chosen
 * services (the tenant worker relays it: docs/service-graph.md), so they become
 * active within seconds of the sign-up and the answer does not wait for them.
 * Then the CRM sub-account is queued. The answer comes once the clinic is
 * committed. A retry (same key, or the same business within a day) finds the
 * clinic and finishes what is missing, so a failure half-way loses nothing and
 * never makes a second clinic.
 */
export class OnboardingService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly clients: ClientRepository,
    private readonly catalogue: CatalogueReader,
    /** tenant.provision; null when this process has no queue (tests that do not need it). */
    private readonly provisioning: Pick<JobQueue<'tenant.provision'>, 'add'> | null,
    private readonly owners: OnboardingOwners | null = null,
    /** The custom domains module: the sign-up's domain starts a claim (docs/public-site.md#self-onboarding-and-the-crm-sub-account); absent in tests of the sign-up alone. */
    private readonly site: Pick<SiteClaims, 'claimSite' | 'started'> | null = null,
    /** Relays the stored sign-ups to templates at once (onboarding.relay.ts); null leaves them to the tenant worker's relay. */
    private readonly handOn: (() => Promise<number>) | null = null,
  ) {}

  private readonly submissions = new OnboardingSubmissionRepository();

  async submit(input: OnboardingSubmit, context: OnboardingContext): Promise<OnboardingResult> {
    const key = this.idempotencyKey(context.idempotencyKey);
    // Checked before anything is written: a retired service is the visitor's to fix, and an
    // unreadable catalogue (AppError 503) leaves nothing half-made.
    const offered = new Set((await this.catalogue.templates()).map((t) => t.id));
    const unknown = unknownServiceIds(input.selectedServiceIds, offered);
    if (unknown.length > 0) throw unprocessable(Messages.onboardingUnknownServices(unknown));

    const { clientId, name, serviceIds, created, owner, claimId } = await this.store(input, key, context.actor);
    // The services' activation, handed to templates now rather than at the worker's next scan, which mends a failure here.
    await this.handOn?.().catch((err: unknown) => context.log.warn({ err, clientId }, 'sign-up not handed to templates yet; the tenant worker will'));
    if (claimId !== null) await this.site?.started(claimId);
    if (owner && context.link) await this.owners?.mailOnboardingInvitation(owner, name, context.link);

    try {
      await this.provisioning?.add({ clientId });
    } catch (err) {
      context.log.error({ err, clientId }, 'tenant.provision could not be queued');
      // A repeated sign-up leaves an earlier outcome (a CRM account made meanwhile) as it is.
      if (created) await this.clients.update(clientId, { crmStatus: 'failed', crmError: 'The CRM sub-account could not be queued; use Create CRM Account.', crmUpdatedAt: new Date() });
    }
    return { clientId, name, activatedServiceIds: serviceIds, created };
  }

  private idempotencyKey(header: string | undefined): string | null {
    if (header === undefined) return null;
    const parsed = IdempotencyKeySchema.safeParse(header);
    if (!parsed.success) throw badRequest(parsed.error.issues[0]?.message ?? Messages.validationFailed);
    return parsed.data;
  }

  private async store(input: OnboardingSubmit, key: string | null, actor: Actor) {
    const businessKey = businessKeyOf(input);
    const hash = onboardingHash(input);
    try {
      return await this.dataSource.transaction(async (manager) => {
        // One sign-up of a business at a time: two quick presses find one clinic.
        await this.submissions.lockBusiness(manager, businessKey);
        const earlier = await this.submissions.earlier(manager, key, businessKey);
        if (earlier) {
          if (key && earlier.byKey && earlier.row.request_hash !== hash) throw conflict(Messages.onboardingIdempotencyMismatch);
          // The same business again: its clinic as it was. Nothing here changes it: the e-mail and
          // name of a business are public, so a stranger repeating them must not add services.
          const serviceIds = earlier.row.service_ids;
          await this.submissions.record(manager, { clientId: earlier.row.client_id, key, businessKey, hash, serviceIds }, { repeat: true });
          return { clientId: earlier.row.client_id, name: earlier.row.name, serviceIds, created: false, owner: null, claimId: null };
        }
        let client = await this.clients.insert(
          {
            name: input.name,
            address: input.address,
            phone: input.phone,
            email: input.email,
            website: input.website,
            domain: this.site ? null : input.domain,
            // docs/public-site.md#onboarding: the onboarding's brand colours.
            brandColor: ONBOARDING_BRAND_COLOR,
            brandBgColor: DEFAULT_BRAND_BG_COLOR,
            crmStatus: 'pending',
            crmUpdatedAt: new Date(),
          },
          manager,
        );
        // The requested domain is the clinic's site address and starts its claim (pending, with its DNS
        // records, on the Domains screen). It is not mapped: anyone can type any host, and a mapping
        // wins over every other way a page finds its clinic. A claim maps nothing until DNS proves the
        // clinic holds the name (docs/public-site.md#self-onboarding-and-the-crm-sub-account).
        let claimId: number | null = null;
        if (this.site && input.domain) {
          const claimed = await this.site.claimSite(manager, actor, client.id, input.domain, null);
          claimId = claimed.claimId;
          client = await this.clients.update(client.id, { domain: claimed.domain }, manager);
        }
        await this.submissions.record(manager, { clientId: client.id, key, businessKey, hash, serviceIds: input.selectedServiceIds }, { repeat: false });
        await recordAudit(manager, actor, {
          action: 'create',
          entity: 'client',
          entityId: client.id,
          changes: { after: { name: client.name, email: client.email, domain: client.domain, source: 'onboarding', serviceIds: input.selectedServiceIds } },
        });
        // The sign-up's e-mail becomes the clinic's owner.
        const owner = (await this.owners?.addOnboardingOwner(manager, client.id, input.email)) ?? null;
        return { clientId: client.id, name: client.name, serviceIds: input.selectedServiceIds, created: true, owner, claimId };
      });
    } catch (err) {
      // The key was taken by another business's sign-up in the meantime.
      if (isUniqueViolation(err)) throw conflict(Messages.onboardingIdempotencyMismatch);
      throw err;
    }
  }
}
