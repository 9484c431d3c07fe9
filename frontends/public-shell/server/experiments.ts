import { createHash, randomInt } from 'node:crypto';
import { armAt, experimentCookieName, keptArm, type ExperimentVariant, type PageExperiment } from '@hap/contracts';

/**
 * Same-URL experiments: which arm of a service page's running
 * experiment a visitor sees. A returning visitor keeps the arm their
 * first-party cookie names (`hap_x{id}`, holding the arm only); a new one is
 * placed by the weights from their privacy-safe visitor hash of the day
 * (page-views.ts), so a visitor whose browser refuses cookies sees the same
 * arm all day; without a hash (Redis away) the place is drawn at random.
 */
export interface ArmChoice {
  id: number;
  variant: ExperimentVariant;
  /** The cookie did not name it: set the cookie with this answer. */
  fresh: boolean;
}

/** A number in [0, 1) from the experiment and the visitor's seed: the same seed, the same arm. */
export function unitOf(experimentId: number, seed: string): number {
  const digest = createHash('sha256').update(`${experimentId}\n${seed}`).digest();
  return digest.readUIntBE(0, 6) / 2 ** 48;
}

export function chooseArm(experiment: PageExperiment, cookies: Record<string, string | undefined>, seed: string | null): ArmChoice | null {
  const kept = keptArm(experiment, cookies[experimentCookieName(experiment.id)]);
  if (kept) return { id: experiment.id, variant: kept, fresh: false };
  const unit = seed ? unitOf(experiment.id, seed) : randomInt(2 ** 48) / 2 ** 48;
  const variant = armAt(experiment.arms, unit);
  return variant ? { id: experiment.id, variant, fresh: true } : null;
}
