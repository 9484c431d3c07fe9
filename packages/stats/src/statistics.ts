import { betaLogPdf, betaQuantile, logBeta } from './beta';
import { EXPERIMENT_RULE, POOLING, type ExperimentRule } from './rule';

/**
 * Experiment statistics: the numbers the experiments screen and API show
 * for each arm of a same-URL A/B/C test, the rule that recommends a winner, and the optional
 * pooled prior learned from other clinics. The simulation (`npm run sim:experiments`) runs this
 * very code, so the product's numbers are the ones whose false-winner rate it measures.
 *
 * Model. Each arm v has an unknown conversion rate p_v (conversions / trials, trials being
 * the arm's counted views, conversions its leads or bookings: the experiment's goal).
 * Conversions ~ Binomial(trials, p_v), prior p_v ~ Beta(α_v, β_v) (flat Beta(1, 1) unpooled,
 * or the pooled prior below), so the posterior is Beta(α_v + conversions, β_v + trials −
 * conversions). Conversions above trials (leads from pages not counted) count as trials.
 *
 * For each arm, `estimateArms` gives:
 * - `rate`: the posterior mean and the central 95 % interval (exact Beta quantiles);
 * - `probabilityBest`: P(p_v = max_j p_j) = ∫ f_v(x) Π_{j≠v} F_j(x) dx;
 * - `expectedLoss`: E[max_j p_j − p_v] = E[max] − E[p_v], in rate units (0.004 = 0.4
 *   percentage points): what choosing v now is expected to cost if another arm is better.
 * Both integrals are computed on one grid of cells (midpoint rule, step ≤ the smallest
 * posterior sd / 32, densities from log-gamma), never by sampling, so the numbers are
 * deterministic and take well under a millisecond.
 *
 * Pooling across clinics (`pooledPriors`): see its comment.
 */

export interface ArmCounts {
  variant: string;
  /** Views counted in the experiment for this arm. */
  trials: number;
  /** Conversions of the experiment's goal (leads or bookings). */
  conversions: number;
}

export interface BetaPrior {
  alpha: number;
  beta: number;
}

export interface ArmEstimate {
  variant: string;
  /** Posterior mean and central 95 % interval of the conversion rate (0–1). */
  rate: { mean: number; low: number; high: number };
  /** P(this arm's rate is the highest); the arms' values add up to 1. */
  probabilityBest: number;
  /** E[max_j p_j − p_this], in rate units (≥ 0). */
  expectedLoss: number;
  /** The prior used: flat Beta(1, 1) unpooled. */
  prior: BetaPrior;
}

export const FLAT_PRIOR: Readonly<BetaPrior> = Object.freeze({ alpha: 1, beta: 1 });

/** The posterior Beta parameters of one arm. */
export function posteriorOf(arm: ArmCounts, prior: BetaPrior = FLAT_PRIOR): BetaPrior {
  checkCounts(arm);
  checkPrior(arm.variant, prior);
  const conversions = Math.min(arm.conversions, arm.trials);
  return { alpha: prior.alpha + conversions, beta: prior.beta + arm.trials - conversions };
}

function checkCounts(arm: ArmCounts): void {
  const ok = (n: number) => Number.isFinite(n) && n >= 0;
  if (!ok(arm.trials) || !ok(arm.conversions)) {
    throw new RangeError(`arm ${arm.variant}: trials and conversions are counts (≥ 0), got ${arm.trials} and ${arm.conversions}`);
  }
}

function checkPrior(variant: string, prior: BetaPrior): void {
  if (!(prior.alpha > 0 && prior.beta > 0 && Number.isFinite(prior.alpha) && Number.isFinite(prior.beta))) {
    throw new RangeError(`arm ${variant}: a Beta prior needs positive alpha and beta, got ${prior.alpha} and ${prior.beta}`);
  }
}

const GRID_STEPS_PER_SD = 32;
const GRID_MIN_CELLS = 200;
const GRID_MAX_CELLS = 8000;
/** A cell whose log density is this far below the arm's peak holds no mass worth counting (e^-30 ≈ 1e-13). */
const NEGLIGIBLE_LOG_DENSITY = 30;

interface Posterior {
  alpha: number;
  beta: number;
  mean: number;
  sd: number;
  lnB: number;
}

function describe(p: BetaPrior): Posterior {
  const n = p.alpha + p.beta;
  return {
    alpha: p.alpha,
    beta: p.beta,
    mean: p.alpha / n,
    sd: Math.sqrt((p.alpha * p.beta) / (n * n * (n + 1))),
    lnB: logBeta(p.alpha, p.beta),
  };
}

/** Where an arm's posterior has mass: from mean ∓ 6 sd outwards until the density is negligible. */
function massRange(p: Posterior): [number, number] {
  const mode = p.alpha > 1 && p.beta > 1 ? (p.alpha - 1) / (p.alpha + p.beta - 2) : p.alpha <= 1 ? 0 : 1;
  const peak = betaLogPdf(mode, p.alpha, p.beta, p.lnB);
  const negligible = (x: number) => !Number.isFinite(peak) || betaLogPdf(x, p.alpha, p.beta, p.lnB) < peak - NEGLIGIBLE_LOG_DENSITY;
  let lo = Math.max(0, p.mean - 6 * p.sd);
  while (lo > 0 && !negligible(lo)) lo = Math.max(0, lo - 2 * p.sd);
  let hi = Math.min(1, p.mean + 6 * p.sd);
  while (hi < 1 && !negligible(hi)) hi = Math.min(1, hi + 2 * p.sd);
  return [lo, hi];
}

/**
 * P(best) and expected loss of each posterior, on one grid of cells over the union of their
 * mass ranges. Each arm's mass per cell is its density at the cell's midpoint, normalised to 1
 * over the grid; F_j at a midpoint is the mass below plus half the cell's own.
 */
function bestAndLoss(posteriors: Posterior[]): { probabilityBest: number[]; expectedLoss: number[] } {
  const k = posteriors.length;
  let lo = 1;
  let hi = 0;
  let minSd = Infinity;
  for (const p of posteriors) {
    const [l, h] = massRange(p);
    lo = Math.min(lo, l);
    hi = Math.max(hi, h);
    minSd = Math.min(minSd, p.sd);
  }
  const cells = Math.min(GRID_MAX_CELLS, Math.max(GRID_MIN_CELLS, Math.ceil(((hi - lo) / minSd) * GRID_STEPS_PER_SD)));
  const step = (hi - lo) / cells;
  const xs = new Float64Array(cells);
  for (let c = 0; c < cells; c++) xs[c] = lo + (c + 0.5) * step;

  // mass[i][c]: arm i's probability in cell c; below[i][c]: its CDF at the cell's midpoint.
  const mass: Float64Array[] = [];
  const below: Float64Array[] = [];
  const gridMean: number[] = [];
  for (const p of posteriors) {
    const m = new Float64Array(cells);
    let peak = -Infinity;
    for (let c = 0; c < cells; c++) {
      m[c] = betaLogPdf(xs[c], p.alpha, p.beta, p.lnB);
      if (m[c] > peak) peak = m[c];
    }
    let total = 0;
    for (let c = 0; c < cells; c++) {
      m[c] = Math.exp(m[c] - peak);
      total += m[c];
    }
    const f = new Float64Array(cells);
    let cumulative = 0;
    let mean = 0;
    for (let c = 0; c < cells; c++) {
      m[c] /= total;
      f[c] = cumulative + m[c] / 2;
      cumulative += m[c];
      mean += m[c] * xs[c];
    }
    mass.push(m);
    below.push(f);
    gridMean.push(mean);
  }

  const best = new Array<number>(k).fill(0);
  let expectedMax = 0;
  let maxBelowPrevious = 0;
  for (let c = 0; c < cells; c++) {
    let maxBelow = 1; // P(max ≤ right edge of cell c) = Π_j F_j(edge)
    for (let i = 0; i < k; i++) {
      let others = 1;
      for (let j = 0; j < k; j++) if (j !== i) others *= below[j][c];
      best[i] += mass[i][c] * others;
      maxBelow *= below[i][c] + mass[i][c] / 2;
    }
    expectedMax += (maxBelow - maxBelowPrevious) * xs[c];
    maxBelowPrevious = maxBelow;
  }
  const totalBest = best.reduce((s, b) => s + b, 0);
  return {
    probabilityBest: best.map((b) => b / totalBest),
    expectedLoss: gridMean.map((m) => Math.max(0, expectedMax - m)),
  };
}

/**
 * Each arm's posterior rate, probability of being best and expected loss. `priors` by
 * variant (missing ones are flat), e.g. from `pooledPriors`. The answer is in the arms' order.
 */
export function estimateArms(arms: ArmCounts[], priors: Record<string, BetaPrior> = {}): ArmEstimate[] {
  if (arms.length === 0) return [];
  const used = arms.map((arm) => priors[arm.variant] ?? FLAT_PRIOR);
  const posteriors = arms.map((arm, i) => describe(posteriorOf(arm, used[i])));
  const { probabilityBest, expectedLoss } =
    arms.length === 1 ? { probabilityBest: [1], expectedLoss: [0] } : bestAndLoss(posteriors);
  return arms.map((arm, i) => {
    const p = posteriors[i];
    return {
      variant: arm.variant,
      rate: { mean: p.mean, low: betaQuantile(0.025, p.alpha, p.beta), high: betaQuantile(0.975, p.alpha, p.beta) },
      probabilityBest: probabilityBest[i],
      expectedLoss: expectedLoss[i],
      prior: { alpha: used[i].alpha, beta: used[i].beta },
    };
  });
}

// ---------------------------------------------------------------------------------------------
// Pooling across clinics

/** A smoothed rate, so an arm with no conversions still has a positive rate and variance. */
const smoothed = (arm: ArmCounts) => (Math.min(arm.conversions, arm.trials) + 0.5) / (arm.trials + 1);

/** A clinic's reference rate: the plain mean of its arms' rates (weights do not bias it). */
function referenceRate(arms: ArmCounts[]): number {
  const counted = arms.filter((a) => a.trials > 0);
  return counted.reduce((s, a) => s + smoothed(a), 0) / counted.length;
}

/**
 * Hierarchical (empirical-Bayes) priors from other clinics running the same template's styles.
 *
 * Clinics differ in base rate, so what is pooled is each style's *relative* effect. For each
 * other clinic j with at least `minConversionsPerClinic` conversions, its reference rate r_j is
 * the mean of its arms' rates and the lift of style v is l_jv = rate_jv / r_j, with sampling
 * variance s²_jv ≈ rate_jv (1 − rate_jv) / trials_jv / r_j² (rates smoothed by +½ / +1).
 * Per style, a random-effects meta-analysis by the method of moments (DerSimonian–Laird):
 * Q = Σ w_j (l_jv − l̄)², w_j = 1 / s²_jv, and the between-clinic variance
 * τ²_v = max(0, (Q − (k − 1)) / (Σw − Σw² / Σw)), floored at `minLiftSd`²; then the network's
 * mean lift m_v = Σ w*_j l_jv / Σ w*_j with w*_j = 1 / (s²_jv + τ²_v), and its standard error
 * se²_v = 1 / Σ w*_j.
 *
 * This clinic's arm v then gets the prior with mean μ_v = p_own · m_v (p_own: this clinic's
 * own reference rate so far) and variance σ²_v = p_own² (τ²_v + se²_v) + m_v² var(p_own),
 * turned into a Beta by moments: α + β = μ (1 − μ) / σ² − 1, capped at `maxWeightPerTrial` ×
 * the arm's own trials. A style with fewer than `minClinics` usable clinics, or a prior that
 * would be weaker than one conversion and one non-conversion, stays flat Beta(1, 1). So a small
 * clinic's arms are shrunk towards the network's relative effects, never further than its own
 * data weighs, and with no network the answer is the unpooled one.
 */
export function pooledPriors(own: ArmCounts[], network: ArmCounts[][]): Record<string, BetaPrior> {
  const priors: Record<string, BetaPrior> = {};
  for (const arm of own) {
    checkCounts(arm);
    priors[arm.variant] = { ...FLAT_PRIOR };
  }
  const ownCounted = own.filter((a) => a.trials > 0);
  if (ownCounted.length === 0) return priors;
  const pOwn = referenceRate(own);
  const pOwnVariance = ownCounted.reduce((s, a) => s + (smoothed(a) * (1 - smoothed(a))) / a.trials, 0) / ownCounted.length ** 2;

  const clinics = network.filter((arms) => {
    arms.forEach(checkCounts);
    const conversions = arms.reduce((s, a) => s + Math.min(a.conversions, a.trials), 0);
    return conversions >= POOLING.minConversionsPerClinic && arms.some((a) => a.trials > 0);
  });

  for (const arm of ownCounted) {
    const lifts: { y: number; v: number }[] = [];
    for (const arms of clinics) {
      const theirs = arms.find((a) => a.variant === arm.variant && a.trials > 0);
      if (!theirs) continue;
      const ref = referenceRate(arms);
      const rate = smoothed(theirs);
      lifts.push({ y: rate / ref, v: (rate * (1 - rate)) / theirs.trials / (ref * ref) });
    }
    if (lifts.length < POOLING.minClinics) continue;
    const { mean: lift, tau2, se2 } = randomEffects(lifts);
    const mu = pOwn * lift;
    if (!(mu > 0 && mu < 1)) continue;
    const variance = pOwn * pOwn * (tau2 + se2) + lift * lift * pOwnVariance;
    const weight = Math.min((mu * (1 - mu)) / variance - 1, POOLING.maxWeightPerTrial * arm.trials);
    const alpha = mu * weight;
    const beta = (1 - mu) * weight;
    if (alpha >= 1 && beta >= 1) priors[arm.variant] = { alpha, beta };
  }
  return priors;
}

/** DerSimonian–Laird: the mean, between-study variance (floored) and standard error² of the mean. */
function randomEffects(studies: { y: number; v: number }[]): { mean: number; tau2: number; se2: number } {
  const w = studies.map((s) => 1 / s.v);
  const sw = w.reduce((s, x) => s + x, 0);
  const sw2 = w.reduce((s, x) => s + x * x, 0);
  const fixed = studies.reduce((s, st, i) => s + w[i] * st.y, 0) / sw;
  const q = studies.reduce((s, st, i) => s + w[i] * (st.y - fixed) ** 2, 0);
  const moments = (q - (studies.length - 1)) / (sw - sw2 / sw);
  const tau2 = Math.max(moments, POOLING.minLiftSd ** 2);
  const wStar = studies.map((s) => 1 / (s.v + tau2));
  const swStar = wStar.reduce((s, x) => s + x, 0);
  const mean = studies.reduce((s, st, i) => s + wStar[i] * st.y, 0) / swStar;
  return { mean, tau2, se2: 1 / swStar };
}

// ---------------------------------------------------------------------------------------------
// The rule

export type Recommendation = { kind: 'winner'; variant: string; reason: string } | { kind: 'keep-running'; reason: string };

/** A probability as an admin reads it: floored to 0.1 % (never overstated), '99.9%' at most. */
export function formatProbability(p: number): string {
  if (p >= 0.999) return 'more than 99.9%';
  const tenths = Math.floor(p * 1000 + 1e-9);
  return `${tenths % 10 === 0 ? tenths / 10 : (tenths / 10).toFixed(1)}%`;
}

const formatThreshold = (p: number) => `${+(p * 100).toFixed(2)}%`;
const formatPoints = (rate: number) => `${+(rate * 100).toFixed(2)} percentage points`;

function listOf(items: string[]): string {
  return items.length <= 1 ? items.join('') : `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}

/**
 * The winner when the rule is met, else why to keep running, as a sentence for an admin.
 * `estimates` are `estimateArms(arms, …)` (matched by variant).
 */
export function recommend(arms: ArmCounts[], estimates: ArmEstimate[], rule: ExperimentRule = EXPERIMENT_RULE): Recommendation {
  if (arms.length < 2) return { kind: 'keep-running', reason: 'Keep running: an experiment needs at least two arms.' };
  const need = rule.minConversionsPerArm;
  const short = arms.filter((a) => a.conversions < need);
  if (short.length > 0) {
    const each = short.map((a, i) => `${a.variant} has ${a.conversions}${i === 0 ? ` conversion${a.conversions === 1 ? '' : 's'}` : ''}`);
    return { kind: 'keep-running', reason: `Keep running: ${listOf(each)}; each arm needs ${need}.` };
  }
  const byVariant = new Map(estimates.map((e) => [e.variant, e]));
  const scored = arms.map((a) => byVariant.get(a.variant));
  if (scored.some((e) => e === undefined)) throw new RangeError('recommend needs an estimate for every arm');
  const leader = (scored as ArmEstimate[]).reduce((best, e) => (e.probabilityBest > best.probabilityBest ? e : best));
  if (leader.probabilityBest < rule.probabilityBest) {
    return {
      kind: 'keep-running',
      reason: `Keep running: no arm is best with ${formatThreshold(rule.probabilityBest)} probability yet (${leader.variant} leads with ${formatProbability(leader.probabilityBest)}).`,
    };
  }
  if (rule.maxExpectedLoss !== undefined && leader.expectedLoss > rule.maxExpectedLoss) {
    return {
      kind: 'keep-running',
      reason: `Keep running: choosing ${leader.variant} could still cost ${formatPoints(leader.expectedLoss)} of conversion rate; the limit is ${formatPoints(rule.maxExpectedLoss)}.`,
    };
  }
  return {
    kind: 'winner',
    variant: leader.variant,
    reason: `${leader.variant} is best with ${formatProbability(leader.probabilityBest)} probability and every arm has at least ${need} conversions.`,
  };
}

// ---------------------------------------------------------------------------------------------
// The chart

/**
 * Each arm's posterior density for the screen's chart: `points` x values (rates, 0–1) evenly
 * over the union of the arms' central 99.9 % ranges, and each arm's density at them.
 */
export function posteriorCurves(
  estimates: ArmEstimate[],
  arms: ArmCounts[],
  points = 60,
): { x: number[]; series: { variant: string; density: number[] }[] } {
  const byVariant = new Map(arms.map((a) => [a.variant, a]));
  const posteriors = estimates.map((e) => {
    const arm = byVariant.get(e.variant);
    if (!arm) throw new RangeError(`posteriorCurves: no counts for arm ${e.variant}`);
    return { variant: e.variant, ...describe(posteriorOf(arm, e.prior)) };
  });
  if (posteriors.length === 0) return { x: [], series: [] };
  const n = Math.max(2, Math.floor(points));
  const lo = Math.min(...posteriors.map((p) => betaQuantile(0.0005, p.alpha, p.beta)));
  const hi = Math.max(...posteriors.map((p) => betaQuantile(0.9995, p.alpha, p.beta)));
  const x = Array.from({ length: n }, (_, i) => lo + ((hi - lo) * i) / (n - 1));
  return {
    x,
    series: posteriors.map((p) => ({
      variant: p.variant,
      density: x.map((v) => {
        const d = Math.exp(betaLogPdf(v, p.alpha, p.beta, p.lnB));
        return Number.isFinite(d) ? d : 0;
      }),
    })),
  };
}
