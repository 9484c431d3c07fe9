import { z } from 'zod';

/**
 * The service catalogue as the templates service hands it on to tenant
 * (docs/service-graph.md: templates owns the catalogue; tenant never asks it):
 * one Redis hash under the deployment's prefix, rewritten by templates from its
 * tables after every audited write commits (where it clears its page cache) and
 * when its API or worker starts, read by tenant's onboarding (which services
 * may be chosen) and CRM provisioning (each service's GoHighLevel snapshot).
 * Only what tenant needs: id, name, snapshot id. Field `t|<id>` is a template
 * as JSON; field `@` is when templates read them (µs, the database's clock; a
 * newer reading is never overwritten by an older one). No `@`: never published.
 */
export const publishedCatalogueKey = (prefix: string) => `${prefix}:catalogue`;

/** One service template as tenant needs it. */
export interface PublishedTemplate {
  id: number;
  name: string;
  /** The GoHighLevel snapshot of the service's funnels and automations; null when it has none. */
  ghlSnapshotId: string | null;
}

/** A template's field value as templates writes it (the id is in the field's name). */
const PublishedTemplateValueSchema = z.object({ name: z.string(), ghlSnapshotId: z.string().nullable() });

/** The hash fields of the catalogue (without `@`). */
export function publishedCatalogueFields(templates: readonly PublishedTemplate[]): Record<string, string> {
  return Object.fromEntries(templates.map(({ id, name, ghlSnapshotId }) => [`t|${id}`, JSON.stringify({ name, ghlSnapshotId })]));
}

/**
 * The templates of a read hash by id, or null when templates has never published it (no `@`).
 * Throws on a value templates would not write (not JSON, or not a template): the catalogue is unreadable.
 */
export function publishedCatalogueOfHash(hash: Readonly<Record<string, string>>): PublishedTemplate[] | null {
  if (hash['@'] === undefined) return null;
  return Object.entries(hash)
    .filter(([field]) => field.startsWith('t|'))
    .map(([field, value]) => {
      const { name, ghlSnapshotId } = PublishedTemplateValueSchema.parse(JSON.parse(value));
      return { id: Number(field.slice(2)), name, ghlSnapshotId };
    })
    .sort((a, b) => a.id - b.id);
}
