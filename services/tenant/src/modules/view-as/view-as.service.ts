import { Redis } from 'ioredis';
import type { DataSource } from 'typeorm';
import { ErrorCode, Messages, VIEW_AS_HOURS, ViewAsSchema, viewAsKey, type ViewAs } from '@hap/contracts';
import { AppError, assertAdmin, notFound, recordAudit, type Actor } from '@hap/service-kit';
import type { ClientRepository } from '../client/client.repository';

export interface ViewAsOptions {
  dataSource: DataSource;
  clients: ClientRepository;
  redisUrl: string;
  redisPrefix: string;
}

const storeDown = (cause: unknown) => {
  const error = new AppError(503, ErrorCode.SERVICE_UNAVAILABLE, 'The view could not be changed (the session store did not answer). Try again.');
  error.cause = cause;
  return error;
};

/**
 * The admin's read-only view of a clinic's portal. The view
 * is kept under the admin's session tag (never the session id) at
 * `<prefix>:viewas:<tag>`, where the gateway reads it for clinic rows; it
 * ends with the session (the key is useless without it) or here. Starting
 * and ending are audited in one transaction with the Redis write: an
 * unrecorded view cannot happen.
 */
export class ViewAsService {
  private redis: Redis | null = null;

  constructor(private readonly options: ViewAsOptions) {}

  private connection(): Redis {
    if (!this.redis) {
      this.redis = new Redis(this.options.redisUrl, { lazyConnect: true, connectTimeout: 2_000, commandTimeout: 2_000, maxRetriesPerRequest: 1, connectionName: 'tenant view-as' });
      this.redis.on('error', () => undefined);
    }
    return this.redis;
  }

  async close(): Promise<void> {
    await this.redis?.quit().catch(() => undefined);
  }

  private keyOf(actor: Actor): string {
    assertAdmin(actor);
    const tag = actor.identity.kind === 'admin' ? actor.identity.session : undefined;
    // Only a signed-in admin's session can view (a backend service has no session to bind it to).
    if (!tag) throw new AppError(403, ErrorCode.FORBIDDEN, 'Viewing a clinic needs an admin’s own session.');
    return viewAsKey(this.options.redisPrefix, tag);
  }

  async current(actor: Actor): Promise<ViewAs | null> {
    const key = this.keyOf(actor);
    let raw: string | null;
    try {
      raw = await this.connection().get(key);
    } catch (err) {
      throw storeDown(err);
    }
    const parsed = raw ? ViewAsSchema.safeParse(JSON.parse(raw)) : null;
    return parsed?.success ? parsed.data : null;
  }

  async start(actor: Actor, clientId: number): Promise<ViewAs> {
    const key = this.keyOf(actor);
    let written = false;
    try {
      return await this.started(actor, clientId, key, () => (written = true));
    } catch (err) {
      // Not recorded (the commit failed after the Redis write): no view either.
      if (written) await this.connection().del(key).catch(() => undefined);
      throw err;
    }
  }

  private started(actor: Actor, clientId: number, key: string, onWritten: () => void): Promise<ViewAs> {
    return this.options.dataSource.transaction(async (manager) => {
      const client = await this.options.clients.findById(clientId, manager);
      if (!client) throw notFound(Messages.clientNotFound(clientId));
      const view: ViewAs = { clientId: client.id, clientName: client.name, since: new Date().toISOString() };
      await recordAudit(manager, actor, { action: 'create', entity: 'view_as', entityId: client.id, changes: { after: view }, names: { client: client.name } });
      try {
        await this.connection().set(key, JSON.stringify(view), 'PX', VIEW_AS_HOURS * 3_600_000);
        onWritten();
      } catch (err) {
        throw storeDown(err);
      }
      return view;
    });
  }

  async end(actor: Actor): Promise<ViewAs | null> {
    const view = await this.current(actor);
    if (!view) return null;
    return this.options.dataSource.transaction(async (manager) => {
      await recordAudit(manager, actor, { action: 'delete', entity: 'view_as', entityId: view.clientId, changes: { before: view }, names: { client: view.clientName } });
      try {
        await this.connection().del(this.keyOf(actor));
      } catch (err) {
        throw storeDown(err);
      }
      return view;
    });
  }
}
