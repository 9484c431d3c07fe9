import type { ExperimentCounts } from '../templates/experiment';
import { EXPERIMENT_VARIANTS, type ExperimentVariant } from '../templates/experiment-wire';

/**
 * An experiment's counts as the leads service keeps them for templates
 * (docs/service-graph.md): one Redis hash per experiment, under the
 * deployment's prefix, rewritten by leads from its tables after every write
 * that moves a count (a lead with the arm stored, a lead's status set, page
 * views folded) and read by templates. Views and visitors are the arm's
 * (`v|A`, `u|A`); leads and bookings are also by the lead's clinic
 * (`l|12|A`, `b|12|A`), since only the experiment's own clinic's leads count.
 * Field `@` is when leads read them (a newer reading is never overwritten by
 * an older one).
 */
export const experimentCountsKey = (prefix: string, experimentId: number) => `${prefix}:xc:${experimentId}`;

/** An arm's page views and visitors, from leads.experiment_view_rollups. */
export interface ArmViews {
  variant: ExperimentVariant;
  views: number;
  visitors: number;
}

/** An arm's leads and bookings from one clinic's leads. */
export interface ArmConversions {
  clientId: number;
  variant: ExperimentVariant;
  leads: number;
  bookings: number;
}

/** The hash fields of an experiment's counts. */
export function experimentCountsFields(views: readonly ArmViews[], conversions: readonly ArmConversions[]): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const v of views) Object.assign(fields, { [`v|${v.variant}`]: String(v.views), [`u|${v.variant}`]: String(v.visitors) });
  for (const c of conversions) Object.assign(fields, { [`l|${c.clientId}|${c.variant}`]: String(c.leads), [`b|${c.clientId}|${c.variant}`]: String(c.bookings) });
  return fields;
}

/**
 * The arms of experiment `id` of clinic `clientId` that have views or that
 * clinic's leads, in variant order, from its hash (empty when it has none).
 */
export function experimentCountsOfHash(experiment: { id: number; clientId: number }, hash: Readonly<Record<string, string>>): ExperimentCounts[] {
  const count = (field: string) => (hash[field] === undefined ? null : Number(hash[field]));
  return EXPERIMENT_VARIANTS.flatMap((variant) => {
    const views = count(`v|${variant}`);
    const leads = count(`l|${experiment.clientId}|${variant}`);
    if (views === null && leads === null) return [];
    return [
      {
        experimentId: experiment.id,
        variant,
        views: views ?? 0,
        visitors: count(`u|${variant}`) ?? 0,
        leads: leads ?? 0,
        bookings: count(`b|${experiment.clientId}|${variant}`) ?? 0,
      },
    ];
  });
}
