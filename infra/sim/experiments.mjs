#!/usr/bin/env node
/**
 * Proof by simulation of the experiment rule: `npm run sim:experiments`
 * (which builds the servers first; this file imports the built @hap/stats, so the numbers
 * here come from the very code the product runs: estimateArms, pooledPriors, recommend and
 * EXPERIMENT_RULE).
 *
 * Each simulated experiment is one clinic: visits a day ~ Poisson(t) with t uniform in 50–200
 * per clinic, for 30 days, split over the arms with equal weights (2 arms, or 3 with --arms 3);
 * a base conversion rate uniform in 4–12 % (landing pages' usual range). The rule is checked
 * after each day on the counts so far (an admin peeking daily) and a winner is declared on the
 * first day it says so. Two scenarios, 2,000 experiments each (--experiments):
 * - A = A: every arm converts at the base rate; any winner is a false winner.
 * - lift: one arm, picked at random, converts at base × 1.2 (--lift 0.2); power is the share of
 *   experiments that declare that arm within 30 days.
 * Each is judged unpooled (flat priors) and pooled on the same clinic's data: the clinic has a
 * network of 10 other clinics (--network) running the same styles with the same true relative
 * effect, each with its own base rate and traffic, concurrently (the network's counts grow day
 * by day with the clinic's own), and pooledPriors turns them into the clinic's priors.
 *
 * --network-lift 0.2 makes the network's styles differ by that lift in both scenarios (the
 * clinic's own truth unchanged): how far pooling misleads a clinic unlike its network.
 *
 * Everything is drawn from a seeded PRNG (--seed, default 27): the same run prints the same
 * figures. --progress prints a line per 10 % done. The rule can be overridden for tuning:
 * --threshold 0.99, --min-conversions 20, --max-loss 0.002.
 * Exits 1 when false winners exceed 5 % (unpooled or pooled); the last line is
 * `experiments: false winners X% (A=A), power Y% unpooled, Z% pooled`, X being the higher of
 * the unpooled and pooled false-winner rates.
 */
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const require = createRequire(import.meta.url);
const ROOT = join(dirname(fileURLToPath(import.meta.url)), '../..');
const { EXPERIMENT_RULE, estimateArms, pooledPriors, recommend } = require(join(ROOT, 'packages/stats/dist/index.js'));

const { values: opts } = parseArgs({
  options: {
    experiments: { type: 'string', default: '2000' },
    days: { type: 'string', default: '30' },
    arms: { type: 'string', default: '2' },
    lift: { type: 'string', default: '0.2' },
    network: { type: 'string', default: '10' },
    'network-lift': { type: 'string' },
    seed: { type: 'string', default: '27' },
    threshold: { type: 'string' },
    'min-conversions': { type: 'string' },
    'max-loss': { type: 'string' },
    progress: { type: 'boolean', default: false },
  },
});

const EXPERIMENTS = Number(opts.experiments);
const DAYS = Number(opts.days);
const ARMS = Number(opts.arms);
const LIFT = Number(opts.lift);
const NETWORK = Number(opts.network);
/** With --network-lift, the network's styles differ by that lift even where the clinic's do not (A = A). */
const NETWORK_LIFT = opts['network-lift'] === undefined ? null : Number(opts['network-lift']);
const SEED = Number(opts.seed) >>> 0;
const VISITS = [50, 200];
const BASE_RATE = [0.04, 0.12];
const MAX_FALSE_WINNERS = 0.05;
if (![2, 3].includes(ARMS)) throw new Error('--arms is 2 or 3');
if (!(EXPERIMENTS > 0 && DAYS > 0 && LIFT > 0 && NETWORK >= 0)) throw new Error('--experiments, --days and --lift are positive, --network ≥ 0');

const rule = {
  probabilityBest: opts.threshold ? Number(opts.threshold) : EXPERIMENT_RULE.probabilityBest,
  minConversionsPerArm: opts['min-conversions'] ? Number(opts['min-conversions']) : EXPERIMENT_RULE.minConversionsPerArm,
  ...(opts['max-loss'] ? { maxExpectedLoss: Number(opts['max-loss']) } : EXPERIMENT_RULE.maxExpectedLoss !== undefined ? { maxExpectedLoss: EXPERIMENT_RULE.maxExpectedLoss } : {}),
};
const VARIANTS = ['A', 'B', 'C'].slice(0, ARMS);

// --- seeded randomness -----------------------------------------------------------------------

/** mulberry32: a small, fast 32-bit PRNG; one stream per experiment and scenario. */
function mulberry32(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A stream's seed from the run's seed and the stream's numbers (murmur3's finaliser). */
function streamSeed(...parts) {
  let h = SEED ^ 0x9e3779b9;
  for (const p of parts) {
    h = Math.imul(h ^ (p >>> 0), 0x85ebca6b);
    h ^= h >>> 13;
    h = Math.imul(h, 0xc2b2ae35);
    h ^= h >>> 16;
  }
  return h >>> 0;
}

const uniform = (rng, [lo, hi]) => lo + (hi - lo) * rng();

/** Poisson(λ) by inversion (λ ≤ a few hundred). */
function poisson(rng, lambda) {
  let p = Math.exp(-lambda);
  let cdf = p;
  const u = rng();
  let k = 0;
  while (u > cdf && p > 0) {
    k++;
    p *= lambda / k;
    cdf += p;
  }
  return k;
}

/** Binomial(n, p) by inversion (n ≤ a few hundred). */
function binomial(rng, n, p) {
  if (n === 0 || p <= 0) return 0;
  if (p >= 1) return n;
  if (p > 0.5) return n - binomial(rng, n, 1 - p);
  const ratio = p / (1 - p);
  let prob = (1 - p) ** n;
  let cdf = prob;
  const u = rng();
  let k = 0;
  while (u > cdf && k < n) {
    prob *= (ratio * (n - k)) / (k + 1);
    k++;
    cdf += prob;
  }
  return k;
}

// --- one clinic --------------------------------------------------------------------------------

/** A clinic's daily counts per arm: days × arms of [visits, conversions]. */
function clinicDays(rng, rates) {
  const traffic = uniform(rng, VISITS);
  const days = [];
  for (let d = 0; d < DAYS; d++) {
    let left = poisson(rng, traffic);
    const day = [];
    for (let i = 0; i < rates.length; i++) {
      // Equal weights: the multinomial split as a chain of binomials.
      const visits = i === rates.length - 1 ? left : binomial(rng, left, 1 / (rates.length - i));
      left -= visits;
      day.push([visits, binomial(rng, visits, rates[i])]);
    }
    days.push(day);
  }
  return days;
}

function cumulative(days, upTo) {
  return VARIANTS.map((variant, i) => {
    let trials = 0;
    let conversions = 0;
    for (let d = 0; d < upTo; d++) {
      trials += days[d][i][0];
      conversions += days[d][i][1];
    }
    return { variant, trials, conversions };
  });
}

/** The first day's winner under the rule, or null; `priorsFor(day, arms)` gives the priors. */
function decide(days, priorsFor) {
  for (let d = 1; d <= DAYS; d++) {
    const arms = cumulative(days, d);
    // The rule's first test is the minimum of conversions, before any estimate is looked at:
    // skipping the estimates until then changes no answer and saves most of the work.
    const ready = arms.every((a) => a.conversions >= rule.minConversionsPerArm);
    const recommendation = recommend(arms, ready ? estimateArms(arms, priorsFor(d, arms)) : [], rule);
    if (recommendation.kind === 'winner') return { variant: recommendation.variant, day: d };
  }
  return null;
}

function experiment(scenario, index) {
  const rng = mulberry32(streamSeed(scenario === 'equal' ? 1 : 2, index));
  const pick = Math.floor(rng() * ARMS);
  const lifted = scenario === 'equal' ? -1 : pick;
  const ratesAt = (base, arm = lifted, lift = LIFT) => VARIANTS.map((_, i) => (i === arm ? base * (1 + lift) : base));
  const own = clinicDays(rng, ratesAt(uniform(rng, BASE_RATE)));
  const networkRates = NETWORK_LIFT === null ? (base) => ratesAt(base) : (base) => ratesAt(base, pick, NETWORK_LIFT);
  const network = Array.from({ length: NETWORK }, () => clinicDays(rng, networkRates(uniform(rng, BASE_RATE))));
  const unpooled = decide(own, () => ({}));
  const pooled = decide(own, (d, arms) => pooledPriors(arms, network.map((days) => cumulative(days, d))));
  return { truth: lifted === -1 ? null : VARIANTS[lifted], unpooled, pooled };
}

// --- the run -------------------------------------------------------------------------------------

const pct = (n, of) => `${((100 * n) / of).toFixed(1)}%`;
const started = process.hrtime.bigint();
const tally = {};
const total = 2 * EXPERIMENTS;
let done = 0;
for (const scenario of ['equal', 'lift']) {
  const t = (tally[scenario] = { unpooled: { right: 0, wrong: 0, days: [] }, pooled: { right: 0, wrong: 0, days: [] } });
  for (let i = 0; i < EXPERIMENTS; i++) {
    const result = experiment(scenario, i);
    for (const mode of ['unpooled', 'pooled']) {
      const found = result[mode];
      if (!found) continue;
      if (found.variant === result.truth) t[mode].right++;
      else t[mode].wrong++;
      t[mode].days.push(found.day);
    }
    done++;
    if (opts.progress && done % Math.max(1, Math.floor(total / 10)) === 0) console.log(`  ${pct(done, total)} done`);
  }
}
const seconds = Number(process.hrtime.bigint() - started) / 1e9;

const median = (xs) => (xs.length === 0 ? '–' : [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)]);
console.log(
  `sim:experiments: ${EXPERIMENTS} experiments per scenario, ${ARMS} arms with equal weights, ${DAYS} days, ` +
    `${VISITS[0]}–${VISITS[1]} visits a day, base rates ${BASE_RATE[0] * 100}–${BASE_RATE[1] * 100} %, true lift ${LIFT * 100} %, ` +
    `network of ${NETWORK} clinics` +
    (NETWORK_LIFT === null ? '' : ` whose styles differ by ${NETWORK_LIFT * 100} % whatever the clinic's`) +
    `, seed ${SEED}`,
);
console.log(
  `rule: P(best) ≥ ${rule.probabilityBest}, ≥ ${rule.minConversionsPerArm} conversions per arm` +
    (rule.maxExpectedLoss !== undefined ? `, expected loss ≤ ${rule.maxExpectedLoss}` : '') +
    ', checked daily',
);
for (const mode of ['unpooled', 'pooled']) {
  const eq = tally.equal[mode];
  const lift = tally.lift[mode];
  console.log(
    `  ${mode.padEnd(8)}  A=A: false winners ${pct(eq.wrong, EXPERIMENTS)}` +
      `   lift: true winner found ${pct(lift.right, EXPERIMENTS)} (median day ${median(lift.days)}), wrong winner ${pct(lift.wrong, EXPERIMENTS)}`,
  );
}
console.log(`ran in ${seconds.toFixed(1)} s`);
const falseWinners = Math.max(tally.equal.unpooled.wrong, tally.equal.pooled.wrong);
console.log(
  `experiments: false winners ${pct(falseWinners, EXPERIMENTS)} (A=A), power ${pct(tally.lift.unpooled.right, EXPERIMENTS)} unpooled, ${pct(tally.lift.pooled.right, EXPERIMENTS)} pooled`,
);
if (falseWinners / EXPERIMENTS > MAX_FALSE_WINNERS) process.exitCode = 1;
