import type { DataSource } from 'typeorm';
import {
  ErrorCode,
  Messages,
  type CrmAccountResult,
  type GhlCreateSubaccount,
  type GhlLoadSnapshots,
  type GhlSnapshotsResult,
  type GhlSubaccountResult,
} from '@hap/contracts';
import { AppError, assertAdmin, recordAudit, type Actor } from '@hap/service-kit';
import { GhlError, GHL_NOT_CONFIGURED, type GhlBusiness, type GoHighLevel } from '@hap/service-kit/gohighlevel';
import type { CatalogueReader } from '../catalogue/catalogue.reader';
import type { ClientEntity } from '../client/client.entity';
import { OnboardingSubmissionRepository } from '../onboarding/onboarding-submission.repository';
import { CrmProvisionRepository } from './crm-provision.repository';
import type { ClientRepository } from '../client/client.repository';

/** Why one provisioning attempt stopped; `retryable` when trying again later may help. */
export class ProvisionError extends Error {
  constructor(
    message: string,
    readonly retryable: boolean,
    readonly status: 404 | 409 | 502 | 503 = 502,
  ) {
    super(message);
    this.name = 'ProvisionError';
  }
}

/** The snapshot ids to load: one per active or chosen service that has one, each once, in service order. */
export function snapshotsToLoad(templateIds: readonly number[], templates: ReadonlyArray<{ id: number; ghlSnapshotId: string | null }>): string[] {
  const byId = new Map(templates.map((t) => [t.id, t.ghlSnapshotId]));
  return [...new Set(templateIds.map((id) => byId.get(id)).filter((s): s is string => Boolean(s)))];
}

/**
 * A clinic's CRM sub-account (docs/public-site.md#states-and-fallbacks onboarding; docs/admin.md#clients Create CRM Account): creates the GoHighLevel
 * location from the clinic's details, stores its id at once (a later failure
 * never makes a second one), then loads the snapshot of each service the
 * clinic has active or its sign-ups chose (tenant.onboarding_submissions: a
 * sign-up whose event templates has not handled yet); the active ids and the
 * snapshot ids from what templates keeps in Redis (docs/service-graph.md).
 * Templates activates the chosen services from the sign-up's event, not this. One attempt per clinic at a time (a
 * PostgreSQL advisory lock held on its own connection, freed if the process
 * dies). The tenant.provision job and the admin's button both run it, and
 * so do the public spec's two CRM calls, each its own step (admin-only).
 */
export class CrmProvisioning {
  constructor(
    private readonly dataSource: DataSource,
    private readonly clients: ClientRepository,
    private readonly catalogue: CatalogueReader,
    private readonly crm: GoHighLevel | null,
  ) {}

  /** Create CRM Account: one attempt now; the answer carries GoHighLevel's words when it fails. */
  async createForAdmin(actor: Actor, clientId: number): Promise<CrmAccountResult> {
    assertAdmin(actor);
    return answered(() => this.attempt(actor, clientId, true));
  }

  /**
   * `POST /api/ghl-create-subaccount`: the sub-account step alone, named from
   * the details given (the clinic's own where left out). A clinic that has one
   * answers it: a sub-account is never made twice. It counts as `created`;
   * snapshots are the next call's.
   */
  async createSubaccount(actor: Actor, input: GhlCreateSubaccount): Promise<GhlSubaccountResult> {
    assertAdmin(actor);
    return answered(() =>
      this.locked(input.clientId, async () => {
        const client = await this.clinic(input.clientId);
        if (client.ghlSubaccountId) return { subaccountId: client.ghlSubaccountId, subaccountName: client.ghlSubaccountName ?? client.name, created: false };
        const crm = await this.configured(actor, client);
        const business: GhlBusiness = {
          name: input.name ?? client.name,
          address: input.address ?? client.address,
          phone: input.phone ?? client.phone,
          email: input.email ?? client.email,
          website: input.website ?? client.website,
        };
        try {
          const location = await this.newLocation(actor, client, crm, business);
          await this.record(actor, client, { crmStatus: 'created', crmError: null });
          return { subaccountId: location.id, subaccountName: location.name, created: true };
        } catch (err) {
          throw await this.failed(actor, client, err, true);
        }
      }),
    );
  }

  /**
   * `POST /api/ghl-load-service-snapshots`: loads the snapshot of each chosen
   * service template that has one into a clinic's sub-account. A failure is
   * kept on the clinic (`failed`, GoHighLevel's words), where Create CRM
   * Account finishes the job.
   */
  async loadServiceSnapshots(actor: Actor, input: GhlLoadSnapshots): Promise<GhlSnapshotsResult> {
    assertAdmin(actor);
    const owner = await this.clients.findBySubaccount(input.subaccountId);
    if (!owner) throw new AppError(404, ErrorCode.NOT_FOUND, Messages.crmSubaccountNotFound(input.subaccountId));
    return answered(() =>
      this.locked(owner.id, async () => {
        const client = await this.clinic(owner.id);
        // Moved on while we waited for the lock.
        if (client.ghlSubaccountId !== input.subaccountId) throw new ProvisionError(Messages.crmSubaccountNotFound(input.subaccountId), false, 404);
        const crm = await this.configured(actor, client);
        try {
          const snapshotIds = snapshotsToLoad(input.selectedServiceIds, await this.catalogue.templates());
          for (const snapshotId of snapshotIds) await crm.loadSnapshot(input.subaccountId, snapshotId);
          await this.record(actor, client, { crmStatus: 'created', crmError: null });
          return { subaccountId: input.subaccountId, clientId: client.id, snapshotIds, snapshotsLoaded: snapshotIds.length };
        } catch (err) {
          throw await this.failed(actor, client, err, true);
        }
      }),
    );
  }

  /**
   * One attempt of the tenant.provision job. A retryable failure is thrown for
   * BullMQ to try again with backoff; the last attempt, or one that cannot
   * succeed, leaves the clinic `failed` with the reason for admins.
   */
  async runJob(actor: Actor, clientId: number, final: boolean): Promise<CrmAccountResult | null> {
    try {
      return await this.attempt(actor, clientId, final);
    } catch (err) {
      // The clinic was deleted, or already has its account: nothing left to do.
      if (err instanceof ProvisionError && (err.status === 404 || (err.status === 409 && !err.retryable))) return null;
      throw err;
    }
  }

  private attempt(actor: Actor, clientId: number, final: boolean): Promise<CrmAccountResult> {
    return this.locked(clientId, () => this.provision(actor, clientId, final));
  }

  /** Runs `work` holding the clinic's provisioning lock; 409 (retryable) while another attempt holds it. */
  private async locked<T>(clientId: number, work: () => Promise<T>): Promise<T> {
    return new CrmProvisionRepository(this.dataSource).holdingLock(clientId, () => new ProvisionError(Messages.crmAccountBusy, true, 409), work);
  }

  private async clinic(clientId: number): Promise<ClientEntity> {
    const client = await this.clients.findById(clientId);
    if (!client) throw new ProvisionError(Messages.clientNotFound(clientId), false, 404);
    return client;
  }

  /** The CRM adapter; without the agency's credentials the clinic records why, and the answer is 503. */
  private async configured(actor: Actor, client: ClientEntity): Promise<GoHighLevel> {
    if (this.crm) return this.crm;
    await this.record(actor, client, { crmStatus: 'not_configured', crmError: GHL_NOT_CONFIGURED });
    throw new ProvisionError(GHL_NOT_CONFIGURED, false, 503);
  }

  /** Creates the clinic's location and stores its id at once: a later failure never makes a second one. */
  private async newLocation(actor: Actor, client: ClientEntity, crm: GoHighLevel, business: GhlBusiness): Promise<{ id: string; name: string }> {
    const location = await crm.createLocation(business).catch((err: unknown) => {
      throw unconfirmedLocation(err);
    });
    await this.record(actor, client, { ghlSubaccountId: location.id, ghlSubaccountName: location.name, ghlCreatedAt: new Date(), crmStatus: 'pending', crmError: null });
    return location;
  }

  /** A failed step, recorded on the clinic for admins (a job that will try again says so), as the error to throw. */
  private async failed(actor: Actor, client: ClientEntity, err: unknown, final: boolean): Promise<unknown> {
    if (err instanceof ProvisionError) return err;
    const retryable = err instanceof GhlError ? err.retryable : true;
    const message = err instanceof Error ? err.message : String(err);
    const giveUp = final || !retryable;
    await this.record(actor, client, { crmStatus: giveUp ? 'failed' : 'pending', crmError: giveUp ? message : `Retrying: ${message}` });
    return new ProvisionError(message, retryable && !final, 502);
  }

  private async provision(actor: Actor, clientId: number, final: boolean): Promise<CrmAccountResult> {
    const client = await this.clinic(clientId);
    if (client.ghlSubaccountId && client.crmStatus === 'created') {
      throw new ProvisionError(Messages.crmAccountExists(client.ghlSubaccountName ?? client.ghlSubaccountId), false, 409);
    }
    try {
      const crm = await this.configured(actor, client);
      const location = client.ghlSubaccountId
        ? { id: client.ghlSubaccountId, name: client.ghlSubaccountName ?? client.name }
        : await this.newLocation(actor, client, crm, { name: client.name, email: client.email, phone: client.phone, address: client.address, website: client.website });
      const [active, chosen, templates] = await Promise.all([this.catalogue.activeTemplateIds(clientId), this.chosenServices(clientId), this.catalogue.templates()]);
      // Its active services (an admin-created clinic has only these) and its sign-ups' choices (an event templates has not handled yet).
      const snapshots = snapshotsToLoad([...active, ...chosen], templates);
      for (const snapshotId of snapshots) await crm.loadSnapshot(location.id, snapshotId);
      await this.record(actor, client, { crmStatus: 'created', crmError: null });
      return { subaccountId: location.id, subaccountName: location.name, snapshotsLoaded: snapshots.length };
    } catch (err) {
      throw await this.failed(actor, client, err, final);
    }
  }

  private async chosenServices(clientId: number): Promise<number[]> {
    return new OnboardingSubmissionRepository().chosenServices(this.dataSource.manager, clientId);
  }

  /** The clinic's CRM columns and an audit row, in one transaction. */
  private async record(actor: Actor, client: ClientEntity, values: Partial<Pick<ClientEntity, 'ghlSubaccountId' | 'ghlSubaccountName' | 'ghlCreatedAt' | 'crmStatus' | 'crmError'>>) {
    await this.dataSource.transaction(async (manager) => {
      await this.clients.update(client.id, { ...values, crmUpdatedAt: new Date() }, manager);
      await recordAudit(manager, actor, { action: 'update', entity: 'client', entityId: client.id, changes: { after: { ...values } } });
    });
    Object.assign(client, values);
  }
}

/** An admin's attempt: a ProvisionError becomes its answer (GoHighLevel's words, 502; not configured, 503; busy, 409). */
async function answered<T>(attempt: () => Promise<T>): Promise<T> {
  try {
    return await attempt();
  } catch (err) {
    if (!(err instanceof ProvisionError)) throw err;
    const code = { 404: ErrorCode.NOT_FOUND, 409: ErrorCode.CONFLICT, 502: ErrorCode.SERVICE_UNAVAILABLE, 503: ErrorCode.NOT_CONFIGURED }[err.status];
    throw new AppError(err.status, code, err.message);
  }
}

/**
 * Creating a location is not idempotent: after a timeout, a 5xx or an answer
 * without an id, GoHighLevel may have made it anyway, and trying again could
 * make a second, billed sub-account. Only a refusal (4xx: nothing was made)
 * and a 429 (not processed) keep their meaning; anything else stops for an
 * admin to check GoHighLevel first.
 */
export function unconfirmedLocation(err: unknown): unknown {
  if (err instanceof GhlError && err.status !== null && err.status < 500) return err;
  const message = err instanceof Error ? err.message : String(err);
  return new GhlError(`${message}. GoHighLevel may still have made the sub-account: check it in GoHighLevel before Create CRM Account.`, err instanceof GhlError ? err.status : null, false);
}
