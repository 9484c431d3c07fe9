import {
  EXPERIMENT_RULE,
  betaCdf,
  betaQuantile,
  estimateArms,
  formatProbability,
  logBeta,
  logGamma,
  pooledPriors,
  posteriorCurves,
  recommend,
  type ArmCounts,
} from '../src';

/** P(pB > pA) for pA ~ Beta(aA, bA), pB ~ Beta(aB, bB), integer aB (Evan Miller's exact sum). */
function exactBBeatsA(aA: number, bA: number, aB: number, bB: number): number {
  let total = 0;
  for (let i = 0; i < aB; i++) {
    total += Math.exp(logBeta(aA + i, bA + bB) - Math.log(bB + i) - logBeta(1 + i, bB) - logBeta(aA, bA));
  }
  return total;
}

const arms = (...counts: [string, number, number][]): ArmCounts[] =>
  counts.map(([variant, trials, conversions]) => ({ variant, trials, conversions }));

describe('Beta special functions', () => {
  it('log-gamma matches factorials and Γ(½) = √π', () => {
    expect(logGamma(1)).toBeCloseTo(0, 12);
    expect(logGamma(6)).toBeCloseTo(Math.log(120), 12);
    expect(logGamma(0.5)).toBeCloseTo(0.5 * Math.log(Math.PI), 12);
    expect(logGamma(1001)).toBeCloseTo(5912.128178488163, 9);
  });

  it('CDF and quantiles match known values (scipy.stats.beta)', () => {
    expect(betaCdf(0.1, 11, 91)).toBeCloseTo(0.4300310224159569, 10);
    expect(betaCdf(0.1, 2, 3)).toBeCloseTo(0.0523, 12);
    expect(betaCdf(0.1, 0.5, 0.5)).toBeCloseTo(0.20483276469913345, 10);
    expect(betaQuantile(0.025, 11, 91)).toBeCloseTo(0.055637223835302965, 10);
    expect(betaQuantile(0.975, 11, 91)).toBeCloseTo(0.17455282607711903, 10);
    expect(betaQuantile(0.025, 2, 3)).toBeCloseTo(0.06758598648854294, 10);
    expect(betaQuantile(0.975, 0.5, 0.5)).toBeCloseTo(0.9984586668665639, 10);
    expect(betaQuantile(0.025, 201, 4801)).toBeCloseTo(0.034918398604795044, 10);
    expect(betaQuantile(0.975, 201, 4801)).toBeCloseTo(0.04579762191874079, 10);
    expect(betaQuantile(0.3, 1, 1)).toBeCloseTo(0.3, 12);
  });
});

describe('estimateArms', () => {
  it('posterior mean and central 95 % interval of Beta(1 + conversions, 1 + failures)', () => {
    const [a] = estimateArms(arms(['A', 100, 10], ['B', 100, 12]));
    expect(a.prior).toEqual({ alpha: 1, beta: 1 });
    expect(a.rate.mean).toBeCloseTo(11 / 102, 12);
    expect(a.rate.low).toBeCloseTo(0.055637223835302965, 9);
    expect(a.rate.high).toBeCloseTo(0.17455282607711903, 9);
    // No data: the flat prior itself.
    const [empty] = estimateArms(arms(['A', 0, 0], ['B', 0, 0]));
    expect(empty.rate).toEqual({ mean: 0.5, low: expect.closeTo(0.025, 10), high: expect.closeTo(0.975, 10) });
  });

  it('P(best) of two arms equals the exact sum formula', () => {
    for (const [nA, cA, nB, cB] of [
      [500, 20, 500, 35],
      [1000, 40, 1000, 52],
      [60, 3, 75, 6],
      [3000, 240, 2900, 250],
    ]) {
      const [a, b] = estimateArms(arms(['A', nA, cA], ['B', nB, cB]));
      const exact = exactBBeatsA(1 + cA, 1 + nA - cA, 1 + cB, 1 + nB - cB);
      expect(b.probabilityBest).toBeCloseTo(exact, 4);
      expect(a.probabilityBest + b.probabilityBest).toBeCloseTo(1, 12);
    }
    // And an independent value (scipy quad).
    expect(estimateArms(arms(['A', 500, 20], ['B', 500, 35]))[1].probabilityBest).toBeCloseTo(0.9808685778459134, 4);
  });

  it('equal counts give each arm 1/n', () => {
    const two = estimateArms(arms(['A', 800, 40], ['B', 800, 40]));
    two.forEach((e) => expect(e.probabilityBest).toBeCloseTo(1 / 2, 10));
    const three = estimateArms(arms(['A', 800, 40], ['B', 800, 40], ['C', 800, 40]));
    three.forEach((e) => expect(e.probabilityBest).toBeCloseTo(1 / 3, 10));
    expect(three[0].expectedLoss).toBeCloseTo(three[2].expectedLoss, 12);
  });

  it('three arms: P(best) adds up to 1 and orders the arms', () => {
    const [a, b, c] = estimateArms(arms(['A', 900, 50], ['B', 900, 70], ['C', 900, 58]));
    expect(a.probabilityBest + b.probabilityBest + c.probabilityBest).toBeCloseTo(1, 12);
    expect(b.probabilityBest).toBeGreaterThan(c.probabilityBest);
    expect(c.probabilityBest).toBeGreaterThan(a.probabilityBest);
    expect(b.expectedLoss).toBeLessThan(c.expectedLoss);
  });

  it('expected loss is ≥ 0, matches the integral, and is 0 for a certain winner', () => {
    const [a, b] = estimateArms(arms(['A', 500, 20], ['B', 500, 35]));
    // scipy: E[max] − E[p] for each arm.
    expect(a.expectedLoss).toBeCloseTo(0.02998300909756777, 6);
    expect(b.expectedLoss).toBeCloseTo(0.00010253100991836073, 6);
    const [loser, winner] = estimateArms(arms(['A', 2000, 0], ['B', 2000, 1000]));
    expect(winner.probabilityBest).toBe(1);
    expect(winner.expectedLoss).toBeLessThan(1e-12);
    expect(loser.expectedLoss).toBeCloseTo(1001 / 2002 - 1 / 2002, 5);
    for (const e of estimateArms(arms(['A', 10, 0], ['B', 10, 0], ['C', 5, 5]))) expect(e.expectedLoss).toBeGreaterThanOrEqual(0);
  });

  it('uses given priors and refuses impossible counts', () => {
    const [a] = estimateArms(arms(['A', 100, 10], ['B', 100, 10]), { A: { alpha: 5, beta: 45 } });
    expect(a.prior).toEqual({ alpha: 5, beta: 45 });
    expect(a.rate.mean).toBeCloseTo(15 / 150, 12);
    expect(() => estimateArms(arms(['A', -1, 0], ['B', 1, 0]))).toThrow(RangeError);
    // More conversions than views count as views.
    expect(estimateArms(arms(['A', 10, 12], ['B', 10, 1]))[0].rate.mean).toBeCloseTo(11 / 12, 12);
  });
});

describe('recommend', () => {
  const rule = { probabilityBest: 0.95, minConversionsPerArm: 20 };

  it('keeps running while any arm has fewer conversions than the minimum', () => {
    const counts = arms(['A', 1000, 20], ['B', 1000, 60], ['C', 1000, 4]);
    expect(recommend(counts, estimateArms(counts), rule)).toEqual({
      kind: 'keep-running',
      reason: 'Keep running: C has 4 conversions; each arm needs 20.',
    });
    const two = arms(['A', 1000, 19], ['B', 1000, 1]);
    expect(recommend(two, estimateArms(two), rule).reason).toBe('Keep running: A has 19 conversions and B has 1; each arm needs 20.');
  });

  it('declares a winner exactly at the thresholds', () => {
    // P(B best) here is about 0.981.
    const counts = arms(['A', 500, 20], ['B', 500, 35]);
    const estimates = estimateArms(counts);
    expect(recommend(counts, estimates, rule)).toEqual({
      kind: 'winner',
      variant: 'B',
      reason: 'B is best with 98% probability and every arm has at least 20 conversions.',
    });
    expect(recommend(counts, estimates, { ...rule, probabilityBest: estimates[1].probabilityBest })).toMatchObject({ kind: 'winner' });
    expect(recommend(counts, estimates, { ...rule, probabilityBest: 0.99 })).toEqual({
      kind: 'keep-running',
      reason: 'Keep running: no arm is best with 99% probability yet (B leads with 98%).',
    });
    expect(recommend(counts, estimates, { ...rule, minConversionsPerArm: 21 })).toMatchObject({ kind: 'keep-running' });
    expect(recommend(counts, estimates, { ...rule, minConversionsPerArm: 20 })).toMatchObject({ kind: 'winner' });
  });

  it('holds back a winner whose expected loss is above the limit', () => {
    const counts = arms(['A', 500, 20], ['B', 500, 35]);
    const estimates = estimateArms(counts);
    expect(recommend(counts, estimates, { ...rule, maxExpectedLoss: 0.00005 })).toEqual({
      kind: 'keep-running',
      reason: 'Keep running: choosing B could still cost 0.01 percentage points of conversion rate; the limit is 0.01 percentage points.',
    });
    expect(recommend(counts, estimates, { ...rule, maxExpectedLoss: 0.001 })).toMatchObject({ kind: 'winner', variant: 'B' });
  });

  it('needs two arms; the default rule is the documented one', () => {
    const one = arms(['A', 100, 50]);
    expect(recommend(one, estimateArms(one))).toMatchObject({ kind: 'keep-running' });
    expect(EXPERIMENT_RULE.probabilityBest).toBeGreaterThanOrEqual(0.95);
    expect(EXPERIMENT_RULE.minConversionsPerArm).toBeGreaterThanOrEqual(10);
  });

  it('never overstates a probability', () => {
    expect(formatProbability(0.9749)).toBe('97.4%');
    expect(formatProbability(0.97)).toBe('97%');
    expect(formatProbability(0.99995)).toBe('more than 99.9%');
  });
});

describe('pooledPriors', () => {
  /** A network of clinics with their own base rates and B performing `lift` × A. */
  const network = (lift: number, trials: number, clinics = 10): ArmCounts[][] =>
    Array.from({ length: clinics }, (_, j) => {
      const base = 0.04 + (0.08 * j) / (clinics - 1);
      return arms(['A', trials, Math.round(trials * base)], ['B', trials, Math.round(trials * base * lift)]);
    });

  it('is flat without a network, with too few clinics, or without own data', () => {
    const own = arms(['A', 300, 15], ['B', 300, 18]);
    expect(pooledPriors(own, [])).toEqual({ A: { alpha: 1, beta: 1 }, B: { alpha: 1, beta: 1 } });
    expect(pooledPriors(own, network(1.2, 1000, 2))).toEqual({ A: { alpha: 1, beta: 1 }, B: { alpha: 1, beta: 1 } });
    expect(pooledPriors(arms(['A', 0, 0], ['B', 0, 0]), network(1.2, 1000))).toEqual({ A: { alpha: 1, beta: 1 }, B: { alpha: 1, beta: 1 } });
  });

  it("carries the network's relative effect at this clinic's own rate, weighing at most its own trials", () => {
    const own = arms(['A', 300, 15], ['B', 300, 15]);
    const priors = pooledPriors(own, network(1.2, 3000));
    const mean = (v: 'A' | 'B') => priors[v].alpha / (priors[v].alpha + priors[v].beta);
    expect(mean('B') / mean('A')).toBeCloseTo(1.2, 1);
    expect((mean('A') + mean('B')) / 2).toBeCloseTo(0.05, 2);
    expect(priors.A.alpha + priors.A.beta).toBeLessThanOrEqual(300 + 1e-9);
  });

  it("shrinks a small clinic's estimates towards a consistent network", () => {
    // Own data says B is worse; ten clinics say B is 20 % better.
    const own = arms(['A', 400, 24], ['B', 400, 18]);
    const flat = estimateArms(own);
    const pooled = estimateArms(own, pooledPriors(own, network(1.2, 3000)));
    expect(pooled[1].rate.mean).toBeGreaterThan(flat[1].rate.mean);
    expect(pooled[0].rate.mean).toBeLessThan(flat[0].rate.mean);
    expect(pooled[1].probabilityBest).toBeGreaterThan(flat[1].probabilityBest);
    expect(pooled[1].rate.high - pooled[1].rate.low).toBeLessThan(flat[1].rate.high - flat[1].rate.low);
    // A network that agrees A = B pulls the arms together.
    const same = estimateArms(own, pooledPriors(own, network(1, 3000)));
    expect(Math.abs(same[0].rate.mean - same[1].rate.mean)).toBeLessThan(Math.abs(flat[0].rate.mean - flat[1].rate.mean));
  });
});

describe('posteriorCurves', () => {
  it('gives each arm a density that integrates to about 1 over the shared x', () => {
    const counts = arms(['A', 700, 35], ['B', 700, 49], ['C', 650, 40]);
    const curves = posteriorCurves(estimateArms(counts), counts);
    expect(curves.x).toHaveLength(60);
    expect(curves.series.map((s) => s.variant)).toEqual(['A', 'B', 'C']);
    for (const { density } of curves.series) {
      let area = 0;
      for (let i = 1; i < curves.x.length; i++) area += ((density[i] + density[i - 1]) / 2) * (curves.x[i] - curves.x[i - 1]);
      expect(area).toBeGreaterThan(0.98);
      expect(area).toBeLessThan(1.01);
    }
    expect(posteriorCurves(estimateArms(counts), counts, 120).x).toHaveLength(120);
  });
});
