import type { BoardQuery } from '@hap/contracts';
import { leadFilter, type SqlFilter } from '../admin/lead-admin.rules';

/**
 * The pipeline board's rules that need no database (docs/leads.md#pipeline-board):
 * what a lead's source is, and the board's filter as one parameterised WHERE.
 */

/** A lead's source over `leads.leads` (alias `l`): google (a Google click id or utm_source google), direct (nothing), else its utm_source. */
export const SOURCE_SQL = `CASE
  WHEN l."gclid" IS NOT NULL OR l."gbraid" IS NOT NULL OR l."wbraid" IS NOT NULL OR lower(l."utm_source") = 'google' THEN 'google'
  WHEN l."utm_source" IS NULL OR btrim(l."utm_source") = '' THEN 'direct'
  ELSE l."utm_source" END`;

/** The list's filter (clinic, service, period) and the source, compared without case. */
export function boardFilter(query: BoardQuery): SqlFilter {
  const base = leadFilter({ clientId: query.clientId, serviceId: query.serviceId, from: query.from, to: query.to, assigneeId: query.assigneeId });
  if (query.source === undefined) return base;
  const params = [...base.params, query.source];
  return { where: `${base.where} AND lower(${SOURCE_SQL}) = lower($${params.length})`, params };
}
