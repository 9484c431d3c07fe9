/**
 * The experiments' rule and pooling settings: constants only (no maths), so the admin
 * screens import them (`@hap/stats/rule`) without the statistics' libraries.
 */

/**
 * The pooled prior's settings (see `pooledPriors`).
 * - `minClinics`: other clinics with usable data needed before any pooling (else flat priors).
 * - `minConversionsPerClinic`: a clinic's conversions (all arms) before its lifts count.
 * - `minLiftSd`: floor of the between-clinic sd τ_v of a style's relative effect, so the
 *   network can never claim to know a clinic's effect better than ±6 % of its rate. Tuned by
 *   the simulation (rule 99.5 % / 40): the power to find a 20 % lift pooled is 44 % at 0.05,
 *   41 % at 0.06, 39 % at 0.07; but a clinic whose styles are equal inside a network where one
 *   is 20 % better gets a false winner in 4.3–5.0 % of experiments at 0.05, 3.9–4.4 % at 0.06
 *   and 3.2 % at 0.07 (`--network-lift 0.2`).
 * - `maxWeightPerTrial`: the prior's weight (α + β) is at most this times the clinic's own
 *   trials in that arm: the network can at most double what the clinic's own data says.
 */
export const POOLING = Object.freeze({
  minClinics: 3,
  minConversionsPerClinic: 10,
  minLiftSd: 0.06,
  maxWeightPerTrial: 1,
});

export interface ExperimentRule {
  /** The leading arm's probability of being best must reach this. */
  probabilityBest: number;
  /** Every arm needs at least this many conversions of the goal. */
  minConversionsPerArm: number;
  /** Optionally, the leader's expected loss (rate units) must be at most this. */
  maxExpectedLoss?: number;
}

/**
 * The product's defaults, tuned by `npm run sim:experiments` so that, with the rule checked
 * every day for 30 days (an admin peeking daily), equal arms produce a false winner in ≤ 5 % of
 * experiments at clinic traffic, pooled or not, while finding a true 20 % lift as often as
 * possible (figures in packages/stats/README.md).
 */
export const EXPERIMENT_RULE: Readonly<ExperimentRule> = Object.freeze({
  probabilityBest: 0.995,
  minConversionsPerArm: 40,
});
