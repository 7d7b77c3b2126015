// The reference solver's own float maths of every pool kind: for one direction through one pool, the output f(d) of
// a raw input d, its slope f'(d) and curvature f''(d), the input cap, and the input where the slope falls to a given
// rate. Written from the pools' on-chain formulas and their decoded state, not from src/routing nor the pools' own
// estimateOut; bench/reference/poolCurves.test.ts checks each kind against the exact bigint maths.
import type { GraphView } from '../../src/graph/graphView.ts';
import type { BalV2StableState } from '../../src/pools/balv2/composableStable/data.ts';
import type { BalV2WeightedState } from '../../src/pools/balv2/weighted/data.ts';
import type { BalV3StableState, BalV3WeightedState } from '../../src/pools/balv3/data.ts';
import type { StableState } from '../../src/pools/stable/data.ts';
import type { UniV2State } from '../../src/pools/univ2/data.ts';
import type { UniV3State } from '../../src/pools/univ3/data.ts';

/** One direction through one pool, concave and increasing on [0, cap]. */
export interface Curve {
  /** Largest raw input the pool executes (Infinity when unbounded). */
  cap: number;
  out(d: number): number;
  slope(d: number): number;
  curvature(d: number): number;
  /** The input in (0, cap) where the slope equals r, for slope(cap) < r < slope(0). */
  inputAtSlope(r: number): number;
}

/**
 * The curve of `pool` from pool-local token `i` to `j`, or null when the direction cannot trade (an empty side).
 * @example curveOf(graph, 7, 0, 1)!.out(1e18)
 */
export function curveOf(graph: GraphView, pool: number, i: number, j: number): Curve | null {
  const kind = graph.poolKind(pool);
  const state = (graph.pool(pool) as unknown as { state: unknown }).state;
  switch (kind) {
    case 'univ2': {
      const s = state as UniV2State;
      const [rIn, rOut] = i === 0 ? [s.reserve0, s.reserve1] : [s.reserve1, s.reserve0];
      return v2Curve(Number(rIn), Number(rOut), Number(s.feeNumerator) / Number(s.feeDenominator));
    }
    case 'univ3':
      return v3Curve(state as UniV3State, i === 0);
    case 'balv2Weighted': {
      const s = state as BalV2WeightedState;
      const scale = s.scalingFactors.map((f) => Number(f) / 1e18);
      const w = s.weights.map(Number);
      return weightedCurve(Number(s.balances[i]) * scale[i], Number(s.balances[j]) * scale[j], w[i] / w[j], scale[i], scale[j], 1 - Number(s.swapFeePercentage) / 1e18);
    }
    case 'balv3Weighted': {
      const s = state as BalV3WeightedState;
      const scale = s.decimals.map((d, k) => 10 ** (18 - d) * (Number(s.tokenRates[k]) / 1e18));
      const w = s.weights.map(Number);
      return weightedCurve(Number(s.balancesRaw[i]) * scale[i], Number(s.balancesRaw[j]) * scale[j], w[i] / w[j], scale[i], scale[j], 1 - Number(s.swapFee) / 1e18);
    }
    case 'stable': {
      const s = state as StableState;
      const scale = s.rates.map((r) => Number(r) / 1e18);
      const n = s.balances.length;
      // Curve 3pool: Ann = A·N, fee taken from the output.
      return stableCurve(s.balances.map((b, k) => Number(b) * scale[k]), Number(s.amp) * n, i, j, scale[i], scale[j], 1, 1 - Number(s.fee) / 1e10);
    }
    case 'balv2Stable': {
      const s = state as BalV2StableState;
      const scale = s.scalingFactors.map((f) => Number(f) / 1e18);
      const n = s.balances.length;
      // Balancer: amp carries A·n^(n-1)·1000, so Ann = amp·n/1000; fee taken from the input.
      return stableCurve(s.balances.map((b, k) => Number(b) * scale[k]), (Number(s.amp) * n) / 1000, i, j, scale[i], scale[j], 1 - Number(s.swapFeePercentage) / 1e18, 1);
    }
    case 'balv3Stable': {
      const s = state as BalV3StableState;
      const scale = s.decimals.map((d, k) => 10 ** (18 - d) * (Number(s.tokenRates[k]) / 1e18));
      const n = s.balancesRaw.length;
      return stableCurve(s.balancesRaw.map((b, k) => Number(b) * scale[k]), (Number(s.amp) * n) / 1000, i, j, scale[i], scale[j], 1 - Number(s.swapFee) / 1e18, 1);
    }
    default:
      throw new Error(`reference: no curve for pool kind ${kind}`);
  }
}

/** UniswapV2: f(d) = γd·R_out/(R_in + γd). */
export function v2Curve(rIn: number, rOut: number, gamma: number): Curve | null {
  if (!(rIn > 0 && rOut > 0)) return null;
  return {
    cap: Infinity,
    out: (d) => (gamma * d * rOut) / (rIn + gamma * d),
    slope: (d) => (gamma * rIn * rOut) / (rIn + gamma * d) ** 2,
    curvature: (d) => (-2 * gamma * gamma * rIn * rOut) / (rIn + gamma * d) ** 3,
    inputAtSlope: (r) => (Math.sqrt((gamma * rIn * rOut) / r) - rIn) / gamma,
  };
}

/**
 * Balancer weighted: b_out·(1 − (b_in/(b_in + a))^w) on 18-decimal balances, a = γ·s_in·d, w = w_in/w_out, output
 * divided by s_out; the pool takes at most 30% of b_in per swap.
 */
function weightedCurve(bIn: number, bOut: number, w: number, sIn: number, sOut: number, gamma: number): Curve | null {
  if (!(bIn > 0 && bOut > 0)) return null;
  const k = gamma * sIn;
  const slope = (d: number) => (k * bOut * w * Math.pow(bIn / (bIn + k * d), w)) / ((bIn + k * d) * sOut);
  return {
    cap: (0.3 * bIn) / k,
    out: (d) => (bOut * -Math.expm1(-w * Math.log1p((k * d) / bIn))) / sOut,
    slope,
    curvature: (d) => (-(w + 1) * k * slope(d)) / (bIn + k * d),
    inputAtSlope: (r) => (bIn * (Math.pow((k * bOut * w) / (r * sOut * bIn), 1 / (w + 1)) - 1)) / k,
  };
}

/**
 * StableSwap (Curve and Balancer): Ann·S + D = Ann·D + D^(n+1)/(n^n·P) on 18-decimal balances x. Coin j's balance y
 * after coin i rises by a solves y² + (S' + D/Ann − D)·y = D^(n+1)/(n^n·P'·Ann) (S', P' over the other coins); the
 * output d = y0 − y is taken as the small root of its own quadratic, so small trades keep full precision.
 */
function stableCurve(x: number[], Ann: number, i: number, j: number, sIn: number, sOut: number, gammaIn: number, gammaOut: number): Curve | null {
  if (x.some((v) => !(v > 0)) || !(Ann > 0)) return null;
  // Work in units of the mean balance, so D^(n+1) stays far from float overflow.
  const unit = x.reduce((a, b) => a + b, 0) / x.length;
  const xs = x.map((v) => v / unit);
  const n = xs.length;
  const D = invariant(xs, Ann);
  let others = 0;
  let product = 1;
  for (let k = 0; k < n; k++) if (k !== j) (others += xs[k]), (product *= xs[k]);
  const c0 = D ** (n + 1) / (n ** n * product * Ann);
  const y0 = xs[j];
  const B0 = others + D / Ann - D;
  const xi = xs[i];
  // In scaled units: a = gammaIn·sIn·d/unit; C(a) = a·y0 + c0·a/(xi + a); dy² − (2y0 + B0 + a)·dy + C = 0.
  const k = (gammaIn * sIn) / unit;
  const back = (gammaOut * unit) / sOut;
  const parts = (a: number) => {
    const Q = 2 * y0 + B0 + a;
    const C = a * y0 + (c0 * a) / (xi + a);
    const dy = (2 * C) / (Q + Math.sqrt(Math.max(0, Q * Q - 4 * C)));
    const N = y0 + (c0 * xi) / (xi + a) ** 2 - dy;
    const M = Q - 2 * dy;
    return { dy, N, M };
  };
  const slope = (d: number) => {
    const { N, M } = parts(k * d);
    return (k * back * N) / M;
  };
  return {
    cap: Infinity,
    out: (d) => parts(k * d).dy * back,
    slope,
    curvature: (d) => {
      const a = k * d;
      const { N, M } = parts(a);
      const dyPrime = N / M;
      const NPrime = (-2 * c0 * xi) / (xi + a) ** 3 - dyPrime;
      const MPrime = 1 - 2 * dyPrime;
      return (k * k * back * (NPrime * M - N * MPrime)) / (M * M);
    },
    inputAtSlope: (r) => monotoneSolve(slope, r, (unit * xs[j]) / (k * unit)),
  };
}

/** D by Newton's method from D = S (the contracts' iteration, in floats, to full precision). */
function invariant(x: number[], Ann: number): number {
  const n = x.length;
  const S = x.reduce((a, b) => a + b, 0);
  let D = S;
  for (let it = 0; it < 256; it++) {
    let DP = D;
    for (const v of x) DP = (DP * D) / (v * n);
    const next = ((Ann * S + DP * n) * D) / ((Ann - 1) * D + (n + 1) * DP);
    if (Math.abs(next - D) <= 1e-15 * D) return next;
    D = next;
  }
  return D;
}

/** The input where a decreasing slope equals r: bracket by doubling from `scale`, then Newton safeguarded by bisection. */
function monotoneSolve(slope: (d: number) => number, r: number, scale: number): number {
  let low = 0;
  let high = scale;
  while (slope(high) > r) (low = high), (high *= 2);
  let d = (low + high) / 2;
  for (let it = 0; it < 200 && high - low > 1e-15 * high; it++) {
    const s = slope(d) - r;
    if (s > 0) low = d;
    else high = d;
    // Secant on the bracket keeps the step inside it.
    const h = Math.max(d * 1e-7, 1e-300);
    const ds = (slope(d + h) - slope(d)) / h;
    let next = ds < 0 ? d - s / ds : NaN;
    if (!(next > low && next < high)) next = (low + high) / 2;
    if (Math.abs(next - d) <= 1e-15 * d) return next;
    d = next;
  }
  return d;
}

/**
 * UniswapV3: within a range of liquidity L the sqrt price s moves as 1/s (token0 in) or s (token1 in) by γd/L, the
 * output is L·Δs (token1) or L·Δ(1/s) (token0); ranges follow the initialized ticks. Works in the direction's own
 * coordinate u (= 1/s for token0 in, s for token1 in), along which input and output are both linear in L.
 */
function v3Curve(state: UniV3State, zeroForOne: boolean): Curve | null {
  const gamma = 1 - state.fee / 1e6;
  const s0 = Number(state.sqrtPriceX96) / 2 ** 96;
  const ticks = state.ticks;
  // Current range: the last initialized tick at or below state.tick starts it.
  let current = -1;
  for (let k = 0; k < ticks.length; k++) if (ticks[k].index <= state.tick) current = k;
  // Segments from the current price outwards: [u at start, u at end, L], u increasing.
  const segments: { u0: number; u1: number; L: number }[] = [];
  let liquidity = state.liquidity;
  if (zeroForOne) {
    let s = s0;
    for (let k = current; k >= -1; k--) {
      const sNext = k >= 0 ? Math.pow(1.0001, ticks[k].index / 2) : 0;
      if (liquidity > 0n && sNext < s) segments.push({ u0: 1 / s, u1: sNext > 0 ? 1 / sNext : Infinity, L: Number(liquidity) });
      if (k < 0) break;
      liquidity -= ticks[k].liquidityNet;
      s = Math.min(s, sNext);
    }
  } else {
    let s = s0;
    for (let k = current + 1; k <= ticks.length; k++) {
      const sNext = k < ticks.length ? Math.pow(1.0001, ticks[k].index / 2) : Infinity;
      if (liquidity > 0n && sNext > s) segments.push({ u0: s, u1: sNext, L: Number(liquidity) });
      if (k >= ticks.length) break;
      liquidity += ticks[k].liquidityNet;
      s = Math.max(s, sNext);
    }
  }
  // Drop the unbounded tail: past the last initialized tick the exact swap would run out of ticks.
  while (segments.length > 0 && !Number.isFinite(segments[segments.length - 1].u1)) segments.pop();
  if (segments.length === 0) return null;
  // Cumulative curve input (after fee) and output at each segment start.
  const inAt = [0];
  const outAt = [0];
  for (const g of segments) {
    inAt.push(inAt[inAt.length - 1] + g.L * (g.u1 - g.u0));
    outAt.push(outAt[outAt.length - 1] + g.L * (1 / g.u0 - 1 / g.u1));
  }
  const total = inAt[inAt.length - 1];
  const find = (a: number) => {
    let lo = 0;
    let hi = segments.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (inAt[mid] <= a) lo = mid;
      else hi = mid - 1;
    }
    return lo;
  };
  /** u after a curve input a: along u input is L·Δu and output L·Δ(1/u); the marginal rate is 1/u². */
  const uAt = (a: number) => {
    const k = find(a);
    return { k, u: segments[k].u0 + (a - inAt[k]) / segments[k].L };
  };
  return {
    cap: (total / gamma) * (1 - 1e-12),
    out: (d) => {
      const { k, u } = uAt(gamma * d);
      const g = segments[k];
      return outAt[k] + (g.L * (u - g.u0)) / (g.u0 * u);
    },
    slope: (d) => gamma / uAt(gamma * d).u ** 2,
    curvature: (d) => {
      const { k, u } = uAt(gamma * d);
      return (-2 * gamma * gamma) / (segments[k].L * u ** 3);
    },
    inputAtSlope: (r) => {
      const u = Math.sqrt(gamma / r);
      for (let k = 0; k < segments.length; k++) {
        const g = segments[k];
        if (u < g.u0) return inAt[k] / gamma;
        if (u <= g.u1) return (inAt[k] + g.L * (u - g.u0)) / gamma;
      }
      return total / gamma;
    },
  };
}
