import type { EntityManager } from 'typeorm';
import { ErrorCode, Messages, PAGE_MOVE_TEXTS, type PageImpact, type PageMove, type RunningCampaigns } from '@hap/contracts';
import { AppError, assertAdmin, conflict, notFound, type Actor } from '@hap/service-kit';
import type { AdsClient } from '../../clients/ads.client';
import type { ServiceTemplateEntity } from '../catalogue/catalogue.entity';
import type { ServiceTemplateRepository } from '../catalogue/catalogue.repository';
import type { ClientServiceEntity } from '../client-service/client-service.entity';
import type { ClientServiceRepository } from '../client-service/client-service.repository';
import type { PagePathRepository } from './page-path.repository';

/** A clinic's service with its template, as the path rules read it. */
interface Page {
  service: Pick<ClientServiceEntity, 'id' | 'clientId' | 'customPath' | 'isActive' | 'templateId'>;
  template: Pick<ServiceTemplateEntity, 'id' | 'slug'>;
}

const same = (a: string | null | undefined, b: string | null | undefined) => (a ?? '').toLowerCase() === (b ?? '').toLowerCase();

/** The path a page is at: its own path, else its template's slug. */
export const currentPathOf = ({ service, template }: Page) => service.customPath ?? template.slug;

/** Something that writes warnings (the app's logger). */
export interface Warn {
  warn(details: object, message: string): void;
}

/**
 * Page paths (docs/admin.md#page-paths): every path a page has had answers 301 to
 * its current one; before a path changes the editor is told who uses the
 * page; after, running campaigns' final URLs are moved through ads; and a
 * deactivation that running campaigns point to is asked first.
 */
export class PagePathService {
  constructor(
    private readonly paths: PagePathRepository,
    private readonly services: ClientServiceRepository,
    private readonly templates: ServiceTemplateRepository,
    private readonly ads: AdsClient,
    private readonly log: Warn,
  ) {}

  /**
   * The current path of the page this clinic had at `path` (a former slug of one of
   * its templates, or a former path of one of its services), among its `pages`
   * (active ones for visitors); null when none had it or the page is gone.
   */
  async movedPathOf(clientId: number, path: string, pages: readonly Page[]): Promise<string | null> {
    const formers = await this.paths.formerPagesAt(clientId, path);
    for (const former of formers) {
      const page =
        former.clientServiceId !== null ? pages.find((p) => p.service.id === former.clientServiceId) : pages.find((p) => p.template.id === former.templateId);
      if (!page) continue;
      const current = currentPathOf(page);
      if (!same(current, path)) return current;
    }
    return null;
  }

  /**
   * A template's slug changes (inside its transaction): the old slug is kept as a
   * former path of every clinic's page of it; the moves are the pages at the slug
   * (services without a path of their own), for ads once the change has committed.
   */
  async templateSlugChanged(templateId: number, fromSlug: string, toSlug: string, manager: EntityManager): Promise<PageMove[]> {
    if (same(fromSlug, toSlug)) return [];
    await this.paths.recordTemplatePath(templateId, fromSlug, manager);
    const services = await this.services.listByTemplate(templateId, manager);
    return services.filter((s) => !s.customPath).map((s) => ({ clientId: s.clientId, serviceId: s.id, fromPath: fromSlug, toPath: toSlug }));
  }

  /**
   * A client service was changed (inside its transaction): the paths it answered at
   * before (its own path, its template's slug) that it no longer answers at are kept
   * as its former paths; the move of its page (its current path before → after) for ads.
   */
  async serviceChanged(before: Page, after: Page, manager: EntityManager): Promise<PageMove[]> {
    // A service moved to another clinic left its old clinic: nothing of it stays there to redirect to.
    if (before.service.clientId !== after.service.clientId) return [];
    const answersAt = [after.service.customPath, after.template.slug];
    const left = [before.service.customPath, before.template.slug].filter((p): p is string => Boolean(p) && !answersAt.some((a) => same(a, p)));
    for (const path of new Set(left.map((p) => p.toLowerCase()))) await this.paths.recordServicePath(after.service.id, after.service.clientId, path, manager);
    const from = currentPathOf(before);
    const to = currentPathOf(after);
    return same(from, to) ? [] : [{ clientId: after.service.clientId, serviceId: after.service.id, fromPath: from, toPath: to }];
  }

  /**
   * After the change committed: running campaigns' final URLs follow the pages
   * through ads' audited path. Ads away or Google refusing is logged, not an error
   * of the edit: the old URLs keep working through the 301.
   */
  async moveCampaigns(actor: Actor, moves: PageMove[]): Promise<void> {
    if (moves.length === 0) return;
    try {
      const result = await this.ads.movePages({ moves, actorEmail: actor.identity.email ?? null }, actor.requestId);
      if (result.failed.length) this.log.warn({ failed: result.failed }, 'some campaigns’ final URLs were not moved; their old URLs answer 301');
    } catch (err) {
      this.log.warn({ err, moves: moves.length }, 'campaigns’ final URLs were not moved (ads did not answer); their old URLs answer 301');
    }
  }

  /** Running campaigns of these services, from ads; 503 in words when ads does not answer. */
  private async running(actor: Actor, services: Array<Page['service']>): Promise<RunningCampaigns> {
    try {
      return await this.ads.runningCampaigns(
        services.map((s) => ({ serviceId: s.id, clientId: s.clientId })),
        actor.requestId,
      );
    } catch (err) {
      throw Object.assign(new AppError(503, ErrorCode.SERVICE_UNAVAILABLE, Messages.serviceUnavailable('ads')), { cause: err });
    }
  }

  private impactOf(path: string, clinics: number, running: RunningCampaigns): PageImpact {
    const message = PAGE_MOVE_TEXTS.impact(path, clinics, running.campaigns.length);
    return {
      path,
      clinics,
      runningCampaigns: running.campaigns.length,
      campaigns: running.campaigns,
      campaignsChecked: running.checked,
      message: running.checked ? message : `${message} ${PAGE_MOVE_TEXTS.campaignsUnchecked}`,
    };
  }

  /** Who uses a template's page (its clinics' services without a path of their own) before its slug changes. */
  async templateImpact(actor: Actor, templateId: number): Promise<PageImpact> {
    assertAdmin(actor);
    const template = await this.templates.findById(templateId);
    if (!template) throw notFound(Messages.serviceTemplateNotFound(templateId));
    const atSlug = (await this.services.listByTemplate(templateId)).filter((s) => !s.customPath);
    const clinics = new Set(atSlug.filter((s) => s.isActive).map((s) => s.clientId)).size;
    return this.impactOf(template.slug, clinics, await this.running(actor, atSlug));
  }

  /** Who uses a client service's page before its path changes or it is deactivated. */
  async serviceImpact(actor: Actor, serviceId: number): Promise<PageImpact> {
    assertAdmin(actor);
    const service = await this.services.findById(serviceId);
    if (!service) throw notFound(Messages.clientServiceNotFound(serviceId));
    const template = await this.templates.findById(service.templateId);
    if (!template) throw notFound(Messages.serviceTemplateNotFound(service.templateId));
    return this.impactOf(currentPathOf({ service, template }), service.isActive ? 1 : 0, await this.running(actor, [service]));
  }

  /**
   * Deactivating an active service that running campaigns point to: 409 in words
   * (how many), the issue at `field`, unless the caller confirmed.
   */
  async assertDeactivationAsked(actor: Actor, service: Page['service'], confirmed: boolean, field: string): Promise<void> {
    if (confirmed || !service.isActive) return;
    const template = await this.templates.findById(service.templateId);
    const path = template ? currentPathOf({ service, template }) : String(service.id);
    let running: RunningCampaigns;
    try {
      running = await this.running(actor, [service]);
    } catch {
      // Not known is not "none": ask first all the same.
      const message = PAGE_MOVE_TEXTS.deactivateUnchecked(path);
      throw conflict(message, [{ path: field, message }]);
    }
    if (running.campaigns.length === 0) return;
    const message = PAGE_MOVE_TEXTS.deactivateRunning(path, running.campaigns.length);
    throw conflict(message, [{ path: field, message }]);
  }
}
