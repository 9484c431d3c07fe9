import type { DataSource } from 'typeorm';
import {
  ClientBrandingSchema,
  ClientPublicSchema,
  DEFAULT_BRAND_BG_COLOR,
  DEFAULT_BRAND_COLOR,
  Messages,
  type Client,
  type ClientBranding,
  type ClientCreate,
  type ClientPublic,
  type ClientUpdate,
  type TrackingSettings,
} from '@hap/contracts';
import { notFound } from '@hap/service-kit';
import { assertAdmin, isPrivileged, type Actor } from '../../shared/actor';
import type { AuditLogRepository } from '../audit-log/audit-log.repository';
import { toClientDto, toTrackingSettingsDto } from './client.dto';
import type { ClientEntity } from './client.entity';
import type { ClientRepository, ClientValues } from './client.repository';

/** Validated input → column values; a cleared brand colour falls back to the default. */
function toRowValues(input: ClientUpdate): ClientValues {
  const { brandColor, brandBgColor, ...rest } = input;
  const values: ClientValues = { ...rest };
  if (brandColor !== undefined) values.brandColor = brandColor ?? DEFAULT_BRAND_COLOR;
  if (brandBgColor !== undefined) values.brandBgColor = brandBgColor ?? DEFAULT_BRAND_BG_COLOR;
  return values;
}

const pick = (dto: Client, keys: string[]) =>
  Object.fromEntries(keys.map((k) => [k, (dto as Record<string, unknown>)[k]]));

/** Clients: who may see which projection, and every admin write with its audit row. */
export class ClientService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly clients: ClientRepository,
    private readonly audit: AuditLogRepository,
  ) {}

  async list(actor: Actor): Promise<Client[]> {
    assertAdmin(actor);
    return (await this.clients.list()).map(toClientDto);
  }

  /** Admins get the full client; pages get the public projection or, optimised, the branding. */
  async get(actor: Actor, id: number, optimized: boolean): Promise<Client | ClientPublic | ClientBranding> {
    const dto = toClientDto(await this.require(id));
    if (optimized) return ClientBrandingSchema.parse(dto);
    return isPrivileged(actor.identity) ? dto : ClientPublicSchema.parse(dto);
  }

  async trackingSettings(id: number): Promise<TrackingSettings> {
    return toTrackingSettingsDto(await this.require(id));
  }

  async create(actor: Actor, input: ClientCreate): Promise<Client> {
    assertAdmin(actor);
    return this.dataSource.transaction(async (manager) => {
      const dto = toClientDto(await this.clients.insert(toRowValues(input), manager));
      await this.audit.record(manager, actor, { action: 'create', entity: 'client', entityId: dto.id, changes: { after: dto } });
      return dto;
    });
  }

  async update(actor: Actor, id: number, input: ClientUpdate): Promise<Client> {
    assertAdmin(actor);
    return this.dataSource.transaction(async (manager) => {
      const before = await this.clients.findByIdForWrite(id, manager, 'update');
      if (!before) throw notFound(Messages.clientNotFound(id));
      const after = toClientDto(await this.clients.update(id, toRowValues(input), manager));
      const keys = Object.keys(input);
      await this.audit.record(manager, actor, {
        action: 'update',
        entity: 'client',
        entityId: id,
        changes: { before: pick(toClientDto(before), keys), after: pick(after, keys) },
      });
      return after;
    });
  }

  /** Staff and domain mappings go with the client (ON DELETE CASCADE). */
  async remove(actor: Actor, id: number): Promise<{ id: number }> {
    assertAdmin(actor);
    return this.dataSource.transaction(async (manager) => {
      const before = await this.clients.findByIdForWrite(id, manager, 'delete');
      if (!before || !(await this.clients.delete(id, manager))) throw notFound(Messages.clientNotFound(id));
      await this.audit.record(manager, actor, {
        action: 'delete',
        entity: 'client',
        entityId: id,
        changes: { before: toClientDto(before) },
      });
      return { id };
    });
  }

  private async require(id: number): Promise<ClientEntity> {
    const row = await this.clients.findById(id);
    if (!row) throw notFound(Messages.clientNotFound(id));
    return row;
  }
}
