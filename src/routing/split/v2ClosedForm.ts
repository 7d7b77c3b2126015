// Closed-form optimal split across pool-disjoint paths made only of UniV2 pools, in exact rational arithmetic scaled
// by 2^SCALE_BITS: precise to a wei where the float optimiser is precise to about 1e-9 of the input.
//
// A UniV2 hop gives out = R_out·x / (R_in·d/n + x) (fee n/d), a map a·x/(b + x); two such maps compose to one of the
// same form: α = a1·a2/(a1 + b2), β = b1·b2/(a1 + b2). With f_i(x) = α_i x/(β_i + x), equal marginal rates
// f_i'(x_i) = α_i β_i/(β_i + x_i)² = λ give x_i = √(α_i β_i)·(X + Σβ)/Σ√(αβ) − β_i over the paths in use; a path whose
// x_i would be negative is dropped (its rate at zero, α/β, is below λ) and the rest solved again.
import type { GraphView } from '../../graph/graphView.ts';
import type { UniV2Pool } from '../../pools/univ2/univ2Pool.ts';
import type { Hop } from '../types.ts';

const SCALE_BITS = 96n;
const ONE = 1n << SCALE_BITS;

/**
 * Real-valued optimal input of each path, scaled by 2^96, or null when a path has a non-UniV2 hop or two paths share
 * a pool. Paths given no input get 0n.
 * @example v2ClosedForm(graph, [pathA, pathB], 10n ** 21n) // [x_a · 2^96, x_b · 2^96]
 */
export function v2ClosedForm(graph: GraphView, paths: readonly Hop[][], amountIn: bigint): bigint[] | null {
  const pools = new Set<number>();
  const curves: { alpha: bigint; beta: bigint }[] = [];
  for (const hops of paths) {
    let alpha = 0n;
    let beta = 0n;
    for (const [k, h] of hops.entries()) {
      if (graph.poolKind(h.pool) !== 'univ2' || pools.has(h.pool)) return null;
      pools.add(h.pool);
      const { reserve0, reserve1, feeNumerator, feeDenominator } = (graph.pool(h.pool) as UniV2Pool).state;
      const [reserveIn, reserveOut] = h.localIn === 0 ? [reserve0, reserve1] : [reserve1, reserve0];
      if (reserveIn <= 0n || reserveOut <= 0n) return null;
      const a = reserveOut * ONE;
      const b = (reserveIn * feeDenominator * ONE) / feeNumerator;
      if (k === 0) {
        alpha = a;
        beta = b;
      } else {
        const denominator = alpha + b;
        alpha = (alpha * a) / denominator;
        beta = (beta * b) / denominator;
      }
    }
    curves.push({ alpha, beta });
  }
  return solve(curves, amountIn * ONE);
}

function solve(curves: { alpha: bigint; beta: bigint }[], total: bigint): bigint[] {
  const root = curves.map((c) => sqrt(c.alpha * c.beta));
  const active = new Set(curves.keys());
  for (;;) {
    let sumBeta = 0n;
    let sumRoot = 0n;
    for (const i of active) (sumBeta += curves[i].beta), (sumRoot += root[i]);
    const x = curves.map((c, i) => (active.has(i) ? (root[i] * (total + sumBeta)) / sumRoot - c.beta : 0n));
    // Drop the path with the lowest rate at zero (α/β) among those the formula gives a negative input.
    let drop = -1;
    for (const i of active) {
      if (x[i] >= 0n) continue;
      if (drop < 0 || curves[i].alpha * curves[drop].beta < curves[drop].alpha * curves[i].beta) drop = i;
    }
    if (drop < 0) return fixSum(x, total);
    active.delete(drop);
  }
}

/** Integer rounding of the formula can miss the total by a few units of 2^-96 wei: give them to the largest input. */
function fixSum(x: bigint[], total: bigint): bigint[] {
  const sum = x.reduce((a, b) => a + b, 0n);
  let largest = 0;
  for (let i = 1; i < x.length; i++) if (x[i] > x[largest]) largest = i;
  x[largest] += total - sum;
  return x;
}

/** Integer square root (floor): Newton's iteration down from a float start above the root. */
function sqrt(value: bigint): bigint {
  if (value < 2n) return value;
  let x = BigInt(Math.ceil(Math.sqrt(Number(value)) * (1 + 1e-12))) + 1n;
  for (;;) {
    const next = (x + value / x) >> 1n;
    if (next >= x) return x;
    x = next;
  }
}
