// L2 normalization, RMSNorm and LayerNorm of one vector, in float64, as
// normviz computes them (normviz/norms.py):
//
//   l2Normalize(x, eps)              y = x / max(||x||, eps)
//   rmsNorm(x, eps, gamma)           y = x / sqrt(mean(x²) + eps) * gamma
//   layerNorm(x, eps, gamma, beta)   y = (x - mean(x)) / sqrt(var(x) + eps) * gamma + beta
//
// - var is the biased variance (divide by n), taken in a second pass over
//   x - mean(x); eps sits inside the square root for RMSNorm and LayerNorm.
// - The mean of a constant vector is that constant exactly, so it centres to
//   exactly 0 (LayerNorm at eps = 0 then gives 0/0 = NaN, as it should).
// - Sums of squares are taken in units of max|xᵢ| when x is very large or very
//   small (like hypot), so 1e300 does not overflow and 1e-300 does not
//   underflow. In the ordinary range the arithmetic is the direct formula.
// - NaN and ±inf in x propagate as IEEE says. gamma and beta are optional
//   (null/undefined: 1 and 0). x, gamma, beta: arrays (or typed arrays) of
//   numbers; the result is a new plain array.
//
// No DOM, no Plotly: this module is tested against normviz in Chromium
// (tests/browser/test_live.py).

// Between 2^-500 and 2^500 the squares of n < 2^20 components can neither
// overflow nor lose precision to underflow; outside it we scale.
const LOW = 2 ** -500;
const HIGH = 2 ** 500;

/** The scale to divide v by before squaring it: 1 in the ordinary range, else max|vᵢ|. */
function scaleOf(v) {
  let m = 0;
  for (let i = 0; i < v.length; i++) {
    const a = Math.abs(v[i]);
    if (!(a <= Number.MAX_VALUE)) return 1; // NaN or ±inf: the direct formula propagates it
    if (a > m) m = a;
  }
  return m === 0 || (m >= LOW && m <= HIGH) ? 1 : m;
}

function sumSquares(v, s) {
  let acc = 0;
  for (let i = 0; i < v.length; i++) {
    const t = v[i] / s;
    acc += t * t;
  }
  return acc;
}

function checkVector(x) {
  if (x == null || typeof x.length !== "number" || x.length === 0) {
    throw new TypeError("x must be a non-empty array of numbers");
  }
}

function affine(y, gamma, beta) {
  if (gamma != null) for (let i = 0; i < y.length; i++) y[i] *= gamma[i];
  if (beta != null) for (let i = 0; i < y.length; i++) y[i] += beta[i];
  return y;
}

/**
 * y = v / sqrt(sum(v²)/n + eps), with v given as (d, s): v = d·s. Returns a new array.
 * If eps/s² overflows, sum(v²)/n is negligible next to eps.
 */
function divideByRoot(d, s, n, eps) {
  const y = new Array(d.length);
  const e = eps / s / s;
  if (Number.isFinite(e)) {
    const root = Math.sqrt(sumSquares(d, 1) / n + e);
    // root 0 with eps > 0: eps/s² underflowed and every d is 0, so y = 0/sqrt(eps) = 0.
    const divisor = root === 0 && eps > 0 ? 1 : root;
    for (let i = 0; i < d.length; i++) y[i] = d[i] / divisor;
  } else {
    const root = Math.sqrt(eps);
    for (let i = 0; i < d.length; i++) y[i] = (d[i] * s) / root;
  }
  return y;
}

/** L2 normalization: x / max(||x||₂, eps), like torch.nn.functional.normalize. */
export function l2Normalize(x, eps = 1e-12) {
  checkVector(x);
  const s = scaleOf(x);
  const y = new Array(x.length);
  const floor = eps / s;
  if (Number.isFinite(floor)) {
    const norm = Math.sqrt(sumSquares(x, s)); // ||x|| / s
    const denom = Math.max(norm, floor); // NaN propagates
    for (let i = 0; i < x.length; i++) y[i] = x[i] / s / denom;
  } else {
    // ||x|| <= sqrt(n)·s is far below eps: the floor wins.
    for (let i = 0; i < x.length; i++) y[i] = x[i] / eps;
  }
  return y;
}

/** RMSNorm: x / sqrt(mean(x²) + eps) · gamma. */
export function rmsNorm(x, eps = 1e-6, gamma = null) {
  checkVector(x);
  const n = x.length;
  const s = scaleOf(x);
  const d = new Array(n);
  for (let i = 0; i < n; i++) d[i] = x[i] / s;
  return affine(divideByRoot(d, s, n, eps), gamma, null);
}

/** LayerNorm: (x - mean) / sqrt(var + eps) · gamma + beta, biased variance, two passes. */
export function layerNorm(x, eps = 1e-5, gamma = null, beta = null) {
  checkVector(x);
  const n = x.length;
  // Pass 1: the mean, in units of s so that sum(x) cannot overflow, and taken of x - x₀ as
  // normviz does: a constant vector centres to exactly 0, and (1, 1 + 2⁻⁵²) to ±2⁻⁵³.
  const s = scaleOf(x);
  const first = x[0] / s;
  let sum = 0;
  for (let i = 0; i < n; i++) sum += x[i] / s - first;
  const mean = sum / n;
  // Pass 2: deviations (in units of s), rescaled by their own size when tiny.
  const d = new Array(n);
  for (let i = 0; i < n; i++) d[i] = x[i] / s - first - mean;
  const sd = scaleOf(d);
  if (sd !== 1) for (let i = 0; i < n; i++) d[i] /= sd;
  return affine(divideByRoot(d, s * sd, n, eps), gamma, beta);
}

/** The three methods by normviz's keys. */
export const METHODS = Object.freeze({
  l2: (x, eps) => l2Normalize(x, eps),
  rms: (x, eps, gamma) => rmsNorm(x, eps, gamma),
  ln: (x, eps, gamma, beta) => layerNorm(x, eps, gamma, beta),
});
