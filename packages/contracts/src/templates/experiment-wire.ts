/**
 * Experiments, zod-free: what the public pages and the shell's
 * server need to place a visitor in an arm and tell a lead's arm. The API's
 * schemas are `./experiment.ts`.
 */

/** The page styles an experiment compares (docs/public-site.md#page-styles): A default, B find-a-provider, C urgency. */
export const EXPERIMENT_VARIANTS = ['A', 'B', 'C'] as const;
export type ExperimentVariant = (typeof EXPERIMENT_VARIANTS)[number];

/** A running experiment as the shell places visitors by it: its arms and their weights. */
export interface ExperimentArms {
  id: number;
  arms: ReadonlyArray<{ variant: ExperimentVariant; weight: number }>;
}

/**
 * A lead's experiment arm as the page gives it: the arm and the page server's
 * signed token of it (`{id}.{variant}.{clientId}.{expires}.{mac}`, service-kit
 * experiment-arm.ts). Only an arm whose token the leads service verifies is
 * kept with the lead and counted; the id and variant alone count for nothing.
 */
export interface ExperimentArmRefWire {
  id: number;
  variant: ExperimentVariant;
  token?: string | null;
}

const isVariant = (value: string): value is ExperimentVariant => (EXPERIMENT_VARIANTS as readonly string[]).includes(value);

/**
 * The form's hidden `experiment` field (the arm's token) → the arm it names,
 * with the token for the leads service to verify; null for anything else (an
 * old `12:B` field counts for nothing: it was never signed).
 */
export function experimentArmOfText(text: string | null | undefined): ExperimentArmRefWire | null {
  const token = (text ?? '').trim();
  const match = /^(\d{1,10})\.([ABC])\.\d{1,10}\.\d{1,12}\.[A-Za-z0-9_-]{43}$/.exec(token);
  if (!match) return null;
  const id = Number(match[1]);
  return id > 0 && id <= 2147483647 && isVariant(match[2]!) ? { id, variant: match[2], token } : null;
}

/** The hidden field's value: the arm's token (null when the page has none, and then no field is sent). */
export const experimentArmText = (arm: ExperimentArmRefWire) => arm.token ?? null;

/** The first-party cookie holding a visitor's arm of experiment `id`: its value is the arm only. */
export const experimentCookieName = (id: number) => `hap_x${id}`;
/** A visitor keeps an arm this long after their last visit. */
export const EXPERIMENT_COOKIE_MAX_AGE_SECONDS = 90 * 24 * 3600;

/**
 * The arm a visitor falls in by the arms' weights, from a number in [0, 1)
 * (the shell derives it from the visitor's hash or draws it); null when every
 * weight is 0. Pure, so the split is unit-tested.
 */
export function armAt(arms: ExperimentArms['arms'], unit: number): ExperimentVariant | null {
  const total = arms.reduce((sum, arm) => sum + Math.max(0, arm.weight), 0);
  if (total <= 0) return null;
  let point = Math.min(Math.max(unit, 0), 1 - Number.EPSILON) * total;
  for (const arm of arms) {
    const weight = Math.max(0, arm.weight);
    if (point < weight) return arm.variant;
    point -= weight;
  }
  return [...arms].reverse().find((arm) => arm.weight > 0)!.variant;
}

/**
 * A returning visitor's arm: their cookie's, while it names one of the
 * experiment's arms (whatever its weight now: changing weights keeps
 * visitors where they are); null otherwise.
 */
export function keptArm(experiment: ExperimentArms, cookie: string | undefined): ExperimentVariant | null {
  const value = (cookie ?? '').trim().toUpperCase();
  return isVariant(value) && experiment.arms.some((arm) => arm.variant === value) ? value : null;
}
