import { z } from 'zod';

/**
 * Each clinic's active services as the templates service hands them on to
 * tenant (docs/service-graph.md: templates owns the activations; tenant never
 * asks it): one Redis hash under the deployment's prefix, rewritten whole by
 * templates from templates.client_services after every audited write commits
 * (activations, deactivations, a sign-up's services, a deleted clinic's
 * removal: each records an audit row) and when its API or worker starts, read
 * by tenant's CRM provisioning (whose snapshots to load). Field `c|<clientId>`
 * is the clinic's active template ids as a JSON array (no field: none active);
 * field `@` is when templates read them (µs, the database's clock; a newer
 * reading is never overwritten by an older one). No `@`: never published.
 */
export const publishedActiveServicesKey = (prefix: string) => `${prefix}:active-services`;

/** The hash field of one clinic. */
export const publishedActiveServicesField = (clientId: number) => `c|${clientId}`;

/** The hash fields (without `@`) of the active template ids by clinic; a clinic with none has no field. */
export function publishedActiveServicesFields(activeByClient: ReadonlyMap<number, readonly number[]>): Record<string, string> {
  return Object.fromEntries(
    [...activeByClient]
      .filter(([, templateIds]) => templateIds.length > 0)
      .map(([clientId, templateIds]) => [publishedActiveServicesField(clientId), JSON.stringify([...templateIds].sort((a, b) => a - b))]),
  );
}

/** A clinic's field value as templates writes it: its active template ids. */
const PublishedActiveServicesValueSchema = z.array(z.number().int());

/**
 * A clinic's active template ids from the hash's `@` and its field, or null when templates has never published it (no `@`).
 * Throws on a field templates would not write (not JSON, or not a list of ids): the active services are unreadable.
 */
export function publishedActiveServicesOf(at: string | null | undefined, field: string | null | undefined): number[] | null {
  if (at === null || at === undefined) return null;
  return field ? PublishedActiveServicesValueSchema.parse(JSON.parse(field)) : [];
}
