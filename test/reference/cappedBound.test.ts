// The benchmark's reference bound within a gas cap (bench/reference/cappedBound.ts), on a hand-built graph where the
// best routing within the cap is known in closed form: identical two-hop routes through distinct intermediates, of
// which the cap admits a whole number. Equal shares of the routes the cap admits are then optimal.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { cappedBound, pathCharges } from '../../bench/reference/cappedBound.ts';
import { solveReference } from '../../bench/reference/dualSolver.ts';
import { type ReferenceProblem, referenceProblem } from '../../bench/reference/referenceProblem.ts';
import { HOP_GAS, REPEATED_POOL_SAVING, ROUTER_OVERHEAD_GAS, SPLIT_GAS, SPLIT_TX_BASE_GAS, TX_BASE_GAS, estimateSplitGas, hopGas, repeatedHopGas } from '../../src/routing/gasModel.ts';
import { createRandom } from '../../src/snapshot/random.ts';
import { handGraph } from '../support/graphs.ts';

const ROUTES = 6;
const DEPTH = 1e24;
const middles = Array.from({ length: ROUTES }, (_, i) => `MID${i}`);
const h = handGraph(
  [{ symbol: 'WPLS', decimals: 18 }, { symbol: 'USDC', decimals: 6 }, ...middles.map((symbol) => ({ symbol, decimals: 18 }))],
  middles.flatMap((mid) => [
    { tokens: ['WPLS', mid] as [string, string], reserves: [BigInt(DEPTH), BigInt(DEPTH)] as [bigint, bigint] },
    { tokens: [mid, 'USDC'] as [string, string], reserves: [BigInt(DEPTH), 10n ** 12n] as [bigint, bigint] },
  ]),
);
const problem = referenceProblem(h.graph, h.token('WPLS'), h.token('USDC'), -1, 32);
const amountIn = 0.6 * DEPTH;
const uncapped = solveReference(h.graph, problem, amountIn);

/** Float output of one route (dexa_v2 pairs keep 9971/10000 of the input) for input x. */
function routeOut(x: number): number {
  const gamma = 0.9971;
  const mid = (DEPTH * gamma * x) / (DEPTH + gamma * x);
  return (1e12 * gamma * mid) / (DEPTH + gamma * mid);
}

/** Gas of a transaction over `routes` of these routes: base, a split's for each route after the first, two hops each. */
const gasOf = (routes: number) => TX_BASE_GAS + ROUTER_OVERHEAD_GAS + (routes - 1) * SPLIT_GAS + routes * 2 * HOP_GAS.univ2;

test('within a cap that admits 3 of 6 identical routes, the bound is the 3-route optimum (to 1e-4), well below the 6-route one', () => {
  const sixRoutes = ROUTES * routeOut(amountIn / ROUTES);
  const threeRoutes = 3 * routeOut(amountIn / 3);
  assert.ok(Math.abs(uncapped.upperBound / sixRoutes - 1) < 1e-9, `uncapped bound ${uncapped.upperBound} vs ${sixRoutes}`);
  const capped = cappedBound(h.graph, problem, amountIn, gasOf(3), uncapped);
  assert.equal(capped.uncappedGas, gasOf(ROUTES));
  assert.ok(capped.gasPrice > 0);
  // Valid: no routing within the cap yields more. Tight: three routes is what the cap admits (the solves stop within
  // about 1e-4 at the fixed charges' kinks; see cappedBound.ts).
  assert.ok(capped.upperBound >= threeRoutes * (1 - 1e-9), `bound ${capped.upperBound} below the 3-route optimum ${threeRoutes}`);
  assert.ok(capped.upperBound <= threeRoutes * (1 + 1e-4), `bound ${capped.upperBound} vs the 3-route optimum ${threeRoutes}`);
  assert.ok(threeRoutes < sixRoutes * 0.99);
});

test('a cap the uncapped optimum fits leaves the bound as it is', () => {
  const capped = cappedBound(h.graph, problem, amountIn, gasOf(ROUTES), uncapped);
  assert.equal(capped.upperBound, uncapped.upperBound);
  assert.equal(capped.gasPrice, 0);
  assert.equal(capped.solves, 0);
});

// A star: one deep pool from WPLS to STAR, then identical shallow pools from STAR to USDC. Every route reuses the
// first pool, so a route beyond the first costs a split, a repeated hop and a hop (the pool charges alone count only
// the last), and the path charges make each routing's charges its transaction's gas exactly.
const STAR_ROUTES = 6;
const star = handGraph(
  [{ symbol: 'WPLS', decimals: 18 }, { symbol: 'USDC', decimals: 6 }, { symbol: 'STAR', decimals: 18 }],
  [
    { tokens: ['WPLS', 'STAR'], reserves: [BigInt(DEPTH) * 10n ** 6n, BigInt(DEPTH) * 10n ** 6n] },
    ...Array.from({ length: STAR_ROUTES }, () => ({ tokens: ['STAR', 'USDC'] as [string, string], reserves: [BigInt(DEPTH), 10n ** 12n] as [bigint, bigint] })),
  ],
);
const starProblem = referenceProblem(star.graph, star.token('WPLS'), star.token('USDC'), -1, 32);
const starUncapped = solveReference(star.graph, starProblem, amountIn);

/** Float output of `routes` star routes for input x: the deep pool, then an equal share of its output on each. */
function starOut(x: number, routes: number): number {
  const gamma = 0.9971;
  const deep = DEPTH * 1e6;
  const mid = (deep * gamma * x) / (deep + gamma * x) / routes;
  return (routes * 1e12 * gamma * mid) / (DEPTH + gamma * mid);
}

/** Gas of a transaction over `routes` star routes, by the production gas model (the first pool repeated on each). */
const starGas = (routes: number) =>
  estimateSplitGas({
    splits: Array.from({ length: routes }, () => ['univ2', 'univ2']),
    repeatedHopKinds: Array.from({ length: routes - 1 }, () => 'univ2'),
    ticksCrossed: 0,
    wrapIn: false,
    unwrapOut: false,
  });

test('path charges sum to a star routing transaction gas exactly, beyond its base', () => {
  const charged = pathCharges(starProblem, starProblem.trades.map((_, k) => k));
  for (const routes of [1, 3, STAR_ROUTES]) {
    const used = charged.trades.filter((t) => t.u === 0 || t.v === 1).filter((t) => t.u === 0 || t.pool <= routes);
    assert.equal(used.length, routes + 1);
    assert.equal(SPLIT_TX_BASE_GAS + used.reduce((sum, t) => sum + t.gas, 0), starGas(routes));
  }
  // The pool charges count the repeated first pool and the extra splits nowhere.
  const poolCharged = starProblem.trades.reduce((sum, t) => sum + t.gas, 0);
  assert.equal(starGas(STAR_ROUTES) - SPLIT_TX_BASE_GAS - poolCharged, (STAR_ROUTES - 1) * (HOP_GAS.univ2 - REPEATED_POOL_SAVING.univ2 + SPLIT_GAS));
});

test('within a cap that admits 3 star routes, the path charges rule out a fourth, which the pool charges alone do not', () => {
  const [three, four] = [starOut(amountIn, 3), starOut(amountIn, 4)];
  assert.ok(Math.abs(starUncapped.upperBound / starOut(amountIn, STAR_ROUTES) - 1) < 1e-9);
  const capped = cappedBound(star.graph, starProblem, amountIn, starGas(3), starUncapped);
  assert.ok(capped.upperBound >= three * (1 - 1e-9), `bound ${capped.upperBound} below the 3-route optimum ${three}`);
  assert.ok(capped.upperBound < four, `bound ${capped.upperBound} admits a fourth route (${four})`);
  // Charged each pool once, the cap's gas would buy (starGas(3) − 55,700) / 52,300 ≈ 3.9 routes.
  assert.ok(capped.poolChargeBound > four, `pool charges' bound ${capped.poolChargeBound} vs 4 routes' ${four}`);
  // What is left above three routes is the relaxation's own gap (fixed charges priced by one λ, the shared pool's
  // paths not enforced): about 2% on this instance, within 3%.
  assert.ok(capped.upperBound <= three * 1.03, `bound ${capped.upperBound} vs the 3-route optimum ${three}`);
  assert.ok(four > three * 1.03);
});

/** A trade through its own pool of `kind` for the random routings below, its gas as referenceProblem gives it. */
function randomTrade(pool: number, u: number, v: number, kind: string) {
  const split = u === 0 ? SPLIT_GAS : 0;
  return { pool, u, v, kind, gas: hopGas(kind) + split, repeatGas: repeatedHopGas(kind) + split };
}

test('path charges never exceed the gas of a routing, whatever routing sets their potentials (2,000 random routings)', () => {
  const rng = createRandom(404);
  const pick = <T>(list: readonly T[]) => list[Math.floor(rng() * list.length)];
  const kinds = ['univ2', 'univ3', 'stable', 'balv2Weighted'];
  let tight = 0;
  for (let trial = 0; trial < 2000; trial++) {
    // Tokens in a topological order: the source (0) first, the target (1) last; every token has a trade to a later one,
    // and some pairs have several pools.
    const n = 2 + Math.floor(rng() * 6);
    const order = [0, ...Array.from({ length: n - 2 }, (_, i) => i + 2), 1];
    const trades: ReturnType<typeof randomTrade>[] = [];
    const add = (u: number, v: number) => trades.push(randomTrade(trades.length, u, v, pick(kinds)));
    order.forEach((u, i) => {
      if (u === 1) return;
      add(u, pick(order.slice(i + 1)));
      for (const v of order.slice(i + 1)) if (rng() < 0.4) add(u, v);
    });
    const problem = { tokens: order, trades } as unknown as ReferenceProblem;
    const randomRouting = () =>
      Array.from({ length: 1 + Math.floor(rng() * 8) }, () => {
        const path: number[] = [];
        for (let at = 0; at !== 1; ) {
          const k = pick(trades.map((t, i) => (t.u === at ? i : -1)).filter((i) => i >= 0));
          path.push(k);
          at = trades[k].v;
        }
        return path;
      });
    const paths = randomRouting();
    const seen = new Set<number>();
    const repeated: string[] = [];
    for (const path of paths) for (const k of path) (seen.has(k) ? repeated.push(trades[k].kind) : seen.add(k));
    const gas = estimateSplitGas({ splits: paths.map((path) => path.map((k) => trades[k].kind)), repeatedHopKinds: repeated, ticksCrossed: 0, wrapIn: false, unwrapOut: false });
    const charged = pathCharges(problem, [...new Set((rng() < 0.5 ? paths : randomRouting()).flat())]);
    const chargedGas = SPLIT_TX_BASE_GAS + [...seen].reduce((sum, k) => sum + charged.trades[k].gas, 0);
    assert.ok(chargedGas <= gas, `trial ${trial}: charges ${chargedGas} above the routing's gas ${gas}`);
    if (chargedGas === gas) tight++;
  }
  // Where the routing sets the potentials and its paths repeat no more than they must, the charges are its gas.
  assert.ok(tight > 400, `${tight} tight routings`);
});

// A chain that fans out two tokens on: WPLS → A (one pool), A → B (one pool), B → USDC (four pools) and A → USDC (one
// pool). Five paths all take the first pool and four the second; A's own fan-out shows only one of the repeats.
test('path charges count the repeats upstream of a fan-out: a chain routing is charged its transaction gas exactly', () => {
  const chain = handGraph(
    ['WPLS', 'A', 'B'].map((symbol) => ({ symbol, decimals: 18 })).concat([{ symbol: 'USDC', decimals: 6 }]),
    [
      { tokens: ['WPLS', 'A'], reserves: [BigInt(DEPTH), BigInt(DEPTH)] },
      { tokens: ['A', 'B'], reserves: [BigInt(DEPTH), BigInt(DEPTH)] },
      ...Array.from({ length: 4 }, () => ({ tokens: ['B', 'USDC'] as [string, string], reserves: [BigInt(DEPTH), 10n ** 12n] as [bigint, bigint] })),
      { tokens: ['A', 'USDC'], reserves: [BigInt(DEPTH), 10n ** 12n] },
    ],
  );
  const problem = referenceProblem(chain.graph, chain.token('WPLS'), chain.token('USDC'), -1, 32);
  assert.equal(problem.trades.length, 7);
  const charged = pathCharges(problem, problem.trades.map((_, k) => k));
  const chargedGas = SPLIT_TX_BASE_GAS + charged.trades.reduce((sum, t) => sum + t.gas, 0);
  const gas = estimateSplitGas({
    splits: [...Array.from({ length: 4 }, () => ['univ2', 'univ2', 'univ2']), ['univ2', 'univ2']],
    repeatedHopKinds: Array.from({ length: 4 + 3 }, () => 'univ2'),
    ticksCrossed: 0,
    wrapIn: false,
    unwrapOut: false,
  });
  assert.equal(chargedGas, gas);
  const poolCharged = SPLIT_TX_BASE_GAS + problem.trades.reduce((sum, t) => sum + t.gas, 0);
  assert.equal(gas - poolCharged, 7 * (HOP_GAS.univ2 - REPEATED_POOL_SAVING.univ2) + 4 * SPLIT_GAS);
});

test('path charges of the routing that sets them are its least repeat gas: brute force over path counts (300 small routings)', () => {
  const rng = createRandom(405);
  const kinds = ['univ2', 'univ3', 'stable'];
  for (let trial = 0; trial < 300; trial++) {
    // 2–3 intermediate tokens between the source (0) and the target (1), 3–6 trades forward in that order.
    const order = [0, ...Array.from({ length: 2 + Math.floor(rng() * 2) }, (_, i) => i + 2), 1];
    const trades: ReturnType<typeof randomTrade>[] = [];
    const add = (u: number, v: number) => trades.push(randomTrade(trades.length, u, v, kinds[Math.floor(rng() * kinds.length)]));
    // A chain through every token, so each lies on a path, then random shortcuts and parallel pools.
    for (let i = 0; i + 1 < order.length; i++) add(order[i], order[i + 1]);
    while (trades.length < 3 + Math.floor(rng() * 4)) {
      const i = Math.floor(rng() * (order.length - 1));
      add(order[i], order[i + 1 + Math.floor(rng() * (order.length - 1 - i))]);
    }
    const problem = { tokens: order, trades } as unknown as ReferenceProblem;
    const charged = pathCharges(problem, trades.map((_, k) => k));
    const chargedRepeats = charged.trades.reduce((sum, t, k) => sum + t.gas - trades[k].gas, 0);
    // Every assignment of 1–5 paths to each trade that conserves paths at the intermediate tokens.
    let least = Infinity;
    const count = new Array<number>(trades.length).fill(1);
    for (;;) {
      const net = new Map<number, number>();
      trades.forEach((t, k) => net.set(t.u, (net.get(t.u) ?? 0) - count[k]).set(t.v, (net.get(t.v) ?? 0) + count[k]));
      if (order.slice(1, -1).every((t) => net.get(t) === 0)) least = Math.min(least, trades.reduce((sum, t, k) => sum + (count[k] - 1) * t.repeatGas, 0));
      let k = 0;
      while (k < trades.length && count[k] === 5) count[k++] = 1;
      if (k === trades.length) break;
      count[k]++;
    }
    assert.equal(chargedRepeats, least, `trial ${trial}`);
  }
});
