import type { DataSource, EntityManager } from 'typeorm';
import {
  ClientBrandingSchema,
  DEFAULT_BRAND_BG_COLOR,
  DEFAULT_BRAND_COLOR,
  ErrorCode,
  Messages,
  type Client,
  type ClientBranding,
  type ClientCreate,
  type ClientListQuery,
  type ClientPage,
  type Projected,
  type routes,
  type ClientUpdate,
  type ClinicAdBudget,
  type ClinicAdsAccount,
  type TrackingSettings,
} from '@hap/contracts';
import { randomBytes } from 'node:crypto';
import { AppError, assertAdmin, auditedTransaction, forbidden, isPrivileged, isService, notFound, type Actor } from '@hap/service-kit';
import { NO_SITE_VIEW, toAuditedClient, toClientDto, toTrackingSettingsDto, type ClientSiteView } from './client.dto';
import type { ClientEntity } from './client.entity';
import type { ClientRepository, ClientValues } from './client.repository';
import type { AuthVersions } from '../clinic-user/auth-versions';
import { ClientDeletionRepository } from '../client-deletion/client-deletion.repository';
import { clinicUploadFolder, UPLOADS_PREFIX } from '../upload/upload.service';
import { isStoredName } from '../upload/upload.storage';
import { UserRepository } from '../user/user.repository';

/** A webhook signing secret: 32 random bytes, prefixed so people recognise it when pasted. */
const newWebhookSecret = () => `whsec_${randomBytes(32).toString('base64url')}`;

/**
 * Validated input → column values; a cleared brand colour falls back to the
 * default. A webhook URL gets a secret when it has none; clearing the URL
 * drops the secret, so a URL set later never signs with an old one.
 */
function toRowValues(input: ClientUpdate, before: { webhookSecret: string | null } | null = null): ClientValues {
  const { brandColor, brandBgColor, ...rest } = input;
  const values: ClientValues = { ...rest };
  if (brandColor !== undefined) values.brandColor = brandColor ?? DEFAULT_BRAND_COLOR;
  if (brandBgColor !== undefined) values.brandBgColor = brandBgColor ?? DEFAULT_BRAND_BG_COLOR;
  if (input.webhookUrl === null) values.webhookSecret = null;
  else if (input.webhookUrl && !before?.webhookSecret) values.webhookSecret = newWebhookSecret();
  return values;
}

/** What GET /api/clients/{id} answers: one projection, named. */
export type ClientProjection = Projected<typeof routes.getClient>;

const pick = (dto: Client, keys: string[]): Partial<Client> =>
  Object.fromEntries(keys.map((k) => [k, (dto as Record<string, unknown>)[k]]));

/** An update of client `id`: the answer, and its audit row with the changed fields before and after (secrets redacted). */
const clientUpdated = (id: number, after: Client, changedBefore: Partial<Client>, changedAfter: Partial<Client>) => ({
  result: after,
  audit: { action: 'update' as const, entity: 'client', entityId: id, changes: { before: toAuditedClient(changedBefore), after: toAuditedClient(changedAfter) } },
});

/**
 * The custom domains module as the client's `domain` field meets it
 * (ClientDomainService): one fact, the clinic's site address. Setting the
 * field starts (or keeps) its claim; reads say how the claim stands and where
 * the pages are live.
 */
export interface SiteClaims {
  claimSite(manager: EntityManager, actor: Actor, clientId: number, input: string | null, previous: string | null): Promise<{ domain: string | null; claimId: number | null }>;
  started(claimId: number): Promise<void>;
  siteFacts(clients: ReadonlyArray<{ id: number; domain: string | null }>, manager?: EntityManager): Promise<Map<number, ClientSiteView>>;
}

/** Clients: who may see which projection, and every admin write with its audit row. */
export class ClientService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly clients: ClientRepository,
    /** Ends the sessions of a deleted clinic's users; absent where nothing signs in. */
    private readonly versions: AuthVersions | null = null,
    /** The custom domains module; absent where no claim is made (then `domain` is kept as typed). */
    private readonly site: SiteClaims | null = null,
  ) {}

  /** Rows as the API answers them, with what the custom domains module says of each address. */
  private async withSite(rows: readonly ClientEntity[], manager?: EntityManager): Promise<Client[]> {
    const facts = this.site ? await this.site.siteFacts(rows, manager) : new Map<number, ClientSiteView>();
    return rows.map((row) => toClientDto(row, facts.get(row.id) ?? NO_SITE_VIEW));
  }

  private async oneWithSite(row: ClientEntity, manager?: EntityManager): Promise<Client> {
    return (await this.withSite([row], manager))[0]!;
  }

  /** After a write committed: a claim it started gets its first DNS check queued. */
  private async afterClaim(claimId: number | null): Promise<void> {
    if (claimId !== null) await this.site?.started(claimId);
  }

  async list(actor: Actor): Promise<Client[]> {
    assertAdmin(actor);
    return this.withSite(await this.clients.list());
  }

  /** The ads worker's clinics with a Google Ads account; only the ads service asks. */
  async adsAccounts(actor: Actor): Promise<ClinicAdsAccount[]> {
    if (!isService(actor.identity, 'ads')) throw forbidden('Only the ads service may list Google Ads accounts.');
    return (await this.clients.withAdsAccount()).map((c) => ({
      clientId: c.id,
      name: c.name,
      googleAdsAccountId: c.googleAdsAccountId!.replace(/\D/g, ''),
      googleAdsManagerId: c.googleAdsManagerId ? c.googleAdsManagerId.replace(/\D/g, '') : null,
    }));
  }

  /** The clinics with a monthly Google Ads budget, for the leads service's pacing (docs/campaigns.md#budget-pacing). */
  async adBudgets(actor: Actor): Promise<ClinicAdBudget[]> {
    if (!isService(actor.identity, 'leads')) throw forbidden('Only the leads service may list Google Ads budgets.');
    return (await this.clients.withAdBudget()).map((c) => ({ clientId: c.id, name: c.name, monthlyAdBudget: c.monthlyAdBudget!, targetCostPerBooking: c.targetCostPerBooking }));
  }

  /** A page of the Clients list: searched, sorted and paged in SQL (client.repository.ts). */
  async search(actor: Actor, query: ClientListQuery): Promise<ClientPage> {
    assertAdmin(actor);
    const { rows, total } = await this.clients.search(query);
    const { page, pageSize } = query;
    return { items: await this.withSite(rows), total, page, pageSize, pageCount: Math.max(1, Math.ceil(total / pageSize)) };
  }

  /**
   * Admins get the full client; pages get the public projection or, optimised,
   * the branding. The route serializes by the named projection's own schema.
   */
  async get(actor: Actor, id: number, optimized: boolean): Promise<ClientProjection> {
    const row = await this.require(id);
    if (optimized) return { projection: 'branding', data: toClientDto(row) };
    return isPrivileged(actor.identity) ? { projection: 'admin', data: await this.oneWithSite(row) } : { projection: 'public', data: toClientDto(row) };
  }

  /** What a public page needs of its clinic from one read: the branding and the tracking settings; null when it does not exist. */
  async forPage(id: number): Promise<{ client: ClientBranding; tracking: TrackingSettings } | null> {
    const row = await this.clients.findById(id);
    return row ? { client: ClientBrandingSchema.parse(toClientDto(row)), tracking: toTrackingSettingsDto(row) } : null;
  }

  async trackingSettings(id: number): Promise<TrackingSettings> {
    return toTrackingSettingsDto(await this.require(id));
  }

  async create(actor: Actor, input: ClientCreate): Promise<Client> {
    assertAdmin(actor);
    let claimId: number | null = null;
    const created = await auditedTransaction(this.dataSource, actor, async (manager) => {
      let row = await this.clients.insert(toRowValues({ ...input, domain: this.site ? null : input.domain }), manager);
      if (this.site && input.domain) {
        // The site address is the claim's (custom domains module): stored as the claim holds it.
        const claimed = await this.site.claimSite(manager, actor, row.id, input.domain, null);
        claimId = claimed.claimId;
        row = await this.clients.update(row.id, { domain: claimed.domain }, manager);
      }
      const dto = await this.oneWithSite(row, manager);
      return { result: dto, audit: { action: 'create', entity: 'client', entityId: dto.id, changes: { after: toAuditedClient(dto) } } };
    });
    await this.afterClaim(claimId);
    return created;
  }

  async update(actor: Actor, id: number, input: ClientUpdate): Promise<Client> {
    assertAdmin(actor);
    return this.write(actor, id, input);
  }

  /** The full client (the portal's profile is cut from it); 404 when it does not exist. Callers check access. */
  async record(id: number): Promise<Client> {
    return this.oneWithSite(await this.require(id));
  }

  /**
   * The update path for every caller that may change a client (the admin's
   * PATCH, the clinic portal's profile with the clinic fixed): one audited
   * transaction. `check` sees the locked row first and may refuse the change.
   * Callers check access.
   */
  async write(actor: Actor, id: number, input: ClientUpdate, check?: (before: ClientEntity) => void): Promise<Client> {
    let claimId: number | null = null;
    const written = await auditedTransaction(this.dataSource, actor, async (manager) => {
      const before = await this.clients.findByIdForWrite(id, manager, 'update');
      if (!before) throw notFound(Messages.clientNotFound(id));
      check?.(before);
      const values = toRowValues(input, before);
      if (this.site && input.domain !== undefined) {
        // Setting the site address starts (or keeps) its claim; it is stored as the claim holds it.
        const claimed = await this.site.claimSite(manager, actor, id, input.domain, before.domain);
        claimId = claimed.claimId;
        values.domain = claimed.domain;
      }
      const after = await this.oneWithSite(await this.clients.update(id, values, manager), manager);
      const keys = Object.keys(values);
      return clientUpdated(id, after, pick(toClientDto(before), keys), pick(after, keys));
    });
    await this.afterClaim(claimId);
    return written;
  }

  /** A new signing secret for the clinic's webhook; the old one stops verifying at once. */
  async rotateWebhookSecret(actor: Actor, id: number): Promise<Client> {
    assertAdmin(actor);
    return auditedTransaction(this.dataSource, actor, async (manager) => {
      const before = await this.clients.findByIdForWrite(id, manager, 'update');
      if (!before) throw notFound(Messages.clientNotFound(id));
      if (!before.webhookUrl) throw new AppError(422, ErrorCode.VALIDATION_FAILED, Messages.webhookNotSet);
      const after = await this.oneWithSite(await this.clients.update(id, { webhookSecret: newWebhookSecret() }, manager), manager);
      return clientUpdated(id, after, { webhookSecret: before.webhookSecret }, { webhookSecret: after.webhookSecret });
    });
  }

  /**
   * Admin spec: Delete Client 'removes all client data, services and records'.
   * Tenant's own rows go with the client (staff, users, domain mappings and
   * custom domains: ON DELETE CASCADE); the deletion is recorded in the same
   * transaction (the outbox `client_deletions`, with the uploads the clinic
   * named), and the tenant worker's relay hands `client.deleted` to every
   * service that holds the clinic's data (docs/data-retention.md).
   */
  async remove(actor: Actor, id: number): Promise<{ id: number }> {
    assertAdmin(actor);
    const work = (bump: ((manager: EntityManager, userId: number) => Promise<number>) | null) =>
      auditedTransaction(this.dataSource, actor, async (manager) => {
        const before = await this.clients.findByIdForWrite(id, manager, 'delete');
        if (!before) throw notFound(Messages.clientNotFound(id));
        // Its users go with it (ON DELETE CASCADE): their live sessions end first.
        if (bump) {
          for (const userId of await new UserRepository(this.dataSource).lockClinicUserIds(id, manager)) await bump(manager, userId);
        }
        const deletions = new ClientDeletionRepository(this.dataSource);
        await deletions.record(id, await clinicFilesOf(deletions, id, manager), manager);
        if (!(await this.clients.delete(id, manager))) throw notFound(Messages.clientNotFound(id));
        return {
          result: { id },
          audit: {
            action: 'delete',
            entity: 'client',
            entityId: id,
            changes: { before: toAuditedClient(toClientDto(before)) },
          },
        };
      });
    return this.versions ? this.versions.guard(work) : work(null);
  }

  private async require(id: number): Promise<ClientEntity> {
    const row = await this.clients.findById(id);
    if (!row) throw notFound(Messages.clientNotFound(id));
    return row;
  }
}

/**
 * The uploads a deleted clinic's record and staff name that are its own: uploaded
 * images (random names under /uploads/, not the template art's folder) that no
 * other clinic names. The clinic's own folder goes whole in any case.
 */
async function clinicFilesOf(deletions: ClientDeletionRepository, clientId: number, manager: EntityManager): Promise<string[]> {
  const own = (await deletions.imagesOf(clientId, manager))
    .filter((path) => path.startsWith(`${UPLOADS_PREFIX}/`))
    .map((path) => path.slice(UPLOADS_PREFIX.length + 1).split(/[?#]/)[0])
    .filter((relative) => isStoredName(relative) && !relative.startsWith('templates/') && !relative.startsWith(`${clinicUploadFolder(clientId)}/`));
  const shared = await deletions.namedByOthers(clientId, own.map((relative) => `${UPLOADS_PREFIX}/${relative}`), manager);
  return [...new Set(own.filter((relative) => !shared.has(`${UPLOADS_PREFIX}/${relative}`)))];
}
