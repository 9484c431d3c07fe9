import { EXPERIMENT_VARIANTS, type Experiment, type ExperimentArm, type ExperimentVariant } from '@hap/contracts';
import { EXPERIMENT_RULE } from '@hap/stats/rule';

/** The styles by the words the admin knows them by (docs/public-site.md#page-styles). */
export const STYLE_NAMES: Readonly<Record<ExperimentVariant, string>> = {
  A: 'Style A · standard',
  B: 'Style B · find a provider',
  C: 'Style C · urgency',
};

export const STATUS_WORDS: Readonly<Record<Experiment['status'], string>> = { running: 'Running', paused: 'Paused', stopped: 'Stopped' };

export const GOAL_WORDS: Readonly<Record<Experiment['goal'], string>> = { leads: 'Leads', bookings: 'Bookings' };

/** A rate as a percentage with one decimal: 0.0734 → '7.3%'. */
export const percent = (value: number, digits = 1) => `${(value * 100).toFixed(digits)}%`;

/** A rate's interval: '7.3% (5.1–9.8%)'. */
export const rateWords = (rate: { mean: number; low: number; high: number }) => `${percent(rate.mean)} (${percent(rate.low)}–${percent(rate.high)})`;

/** A probability as the screen says it: '97%', '< 1%', '> 99%'. */
export function probabilityWords(p: number): string {
  if (p < 0.01) return '< 1%';
  if (p > 0.99) return '> 99%';
  return `${Math.round(p * 100)}%`;
}

/** The expected loss in percentage points: 0.0012 → '0.12 pts'. */
export const lossWords = (loss: number) => `${(loss * 100).toFixed(2)} pts`;

/** Each arm's share of new visitors by the weights: [{ variant, share }] (0 when every weight is 0). */
export function shares(arms: ReadonlyArray<{ variant: ExperimentVariant; weight: number }>): Array<{ variant: ExperimentVariant; share: number }> {
  const total = arms.reduce((sum, arm) => sum + Math.max(0, arm.weight), 0);
  return arms.map((arm) => ({ variant: arm.variant, share: total > 0 ? Math.max(0, arm.weight) / total : 0 }));
}

/** The start form's arms as the API takes them: the styles ticked, with their weights. */
export interface ArmDraft {
  variant: ExperimentVariant;
  on: boolean;
  weight: string;
}

export const initialArms = (): ArmDraft[] => EXPERIMENT_VARIANTS.map((variant) => ({ variant, on: variant !== 'C', weight: '50' }));

export const armsOfDraft = (drafts: readonly ArmDraft[]) =>
  drafts.filter((d) => d.on).map((d) => ({ variant: d.variant, weight: d.weight.trim() === '' ? Number.NaN : Number(d.weight) }));

/** An arm's conversions of the experiment's goal. */
export const conversionsOf = (arm: Pick<ExperimentArm, 'leads' | 'bookings'>, goal: Experiment['goal']) => (goal === 'leads' ? arm.leads : arm.bookings);

/**
 * Until every arm has the rule's minimum conversions (EXPERIMENT_RULE, the one the
 * recommendation uses), the rates, chances and losses are mostly the prior's: the screen
 * shows each arm's progress instead ('not enough data yet (12 of 40 conversions)'), per arm
 * in its order, or null once every arm has enough.
 */
export function notEnoughData(experiment: { goal: Experiment['goal']; arms: ReadonlyArray<Pick<ExperimentArm, 'leads' | 'bookings'>> }, need = EXPERIMENT_RULE.minConversionsPerArm): string[] | null {
  const counts = experiment.arms.map((arm) => conversionsOf(arm, experiment.goal));
  if (counts.every((n) => n >= need)) return null;
  return counts.map((n) => (n < need ? `not enough data yet (${n} of ${need} conversions)` : `${n} conversions: waiting for the other styles`));
}
