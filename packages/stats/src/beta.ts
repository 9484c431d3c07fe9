import betainc from '@stdlib/math-base-special-betainc';
import betaincinv from '@stdlib/math-base-special-betaincinv';
import betaln from '@stdlib/math-base-special-betaln';
import gammaln from '@stdlib/math-base-special-gammaln';
import normalQuantileOf from '@stdlib/stats-base-dists-normal-quantile';

/**
 * The Beta distribution's special functions for the experiment statistics, on stdlib's
 * (ports of Boost and Cephes, accurate to a few ulps): log-gamma, log-beta, the regularized
 * incomplete beta function I_x(a, b) and its inverse, the standard normal quantile. Only the
 * log density, which takes a precomputed ln B(a, b) for the grid in statistics.ts, is ours.
 */

/** ln Γ(x) for x > 0. */
export function logGamma(x: number): number {
  if (!(x > 0)) throw new RangeError(`logGamma needs a positive number, got ${x}`);
  return gammaln(x);
}

/** ln B(a, b) = ln Γ(a) + ln Γ(b) − ln Γ(a + b). */
export function logBeta(a: number, b: number): number {
  return betaln(a, b);
}

/** ln of the Beta(a, b) density at x (−Infinity outside (0, 1) unless a or b is 1 at that edge). */
export function betaLogPdf(x: number, a: number, b: number, lnB = logBeta(a, b)): number {
  if (x < 0 || x > 1) return -Infinity;
  const left = a === 1 ? 0 : x === 0 ? (a > 1 ? -Infinity : Infinity) : (a - 1) * Math.log(x);
  const right = b === 1 ? 0 : x === 1 ? (b > 1 ? -Infinity : Infinity) : (b - 1) * Math.log1p(-x);
  return left + right - lnB;
}

/** The regularized incomplete beta function I_x(a, b) = P(X ≤ x) for X ~ Beta(a, b). */
export function betaCdf(x: number, a: number, b: number): number {
  if (x <= 0) return 0;
  if (x >= 1) return 1;
  return betainc(x, a, b);
}

/** The p-quantile of Beta(a, b): the x with I_x(a, b) = p. */
export function betaQuantile(p: number, a: number, b: number): number {
  if (!(p >= 0 && p <= 1)) throw new RangeError(`a probability is between 0 and 1, got ${p}`);
  if (p === 0) return 0;
  if (p === 1) return 1;
  return betaincinv(p, a, b);
}

/** The standard normal p-quantile. */
export function normalQuantile(p: number): number {
  if (p <= 0) return -Infinity;
  if (p >= 1) return Infinity;
  return normalQuantileOf(p, 0, 1);
}
