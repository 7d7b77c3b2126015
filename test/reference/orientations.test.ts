// The benchmark's reference over several orientations (bench/reference/orientations.ts), on a hand-built graph where
// the rule's orientation forbids the best route: AAA is the most liquid token, so the rule lets BBB trade into AAA but
// not AAA into BBB, and the source reaches the target through AAA's shallow USDC pool only. Oriented by the first
// solve's potentials, the reference reaches the deep route through BBB, and its bound is the optimum of the split
// between the two routes (found here by golden-section search on the share, independently of the solver).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { solveReference } from '../../bench/reference/dualSolver.ts';
import { type TokenLink, highestBound, payingPotentials, routingPotentials, solveOrientations, tokenPotentials, witnessPotentials } from '../../bench/reference/orientations.ts';
import { referenceProblem } from '../../bench/reference/referenceProblem.ts';
import { handGraph } from '../support/graphs.ts';
import { payingAgainstPricesGraph, premiumPoolsGraph } from '../support/premiumPools.ts';

const h = handGraph(
  [
    { symbol: 'WPLS', decimals: 18 },
    { symbol: 'USDC', decimals: 6 },
    { symbol: 'AAA', decimals: 18 },
    { symbol: 'BBB', decimals: 18 },
  ],
  [
    { tokens: ['WPLS', 'AAA'], reserves: [10n ** 24n, 10n ** 24n] },
    { tokens: ['AAA', 'BBB'], reserves: [10n ** 23n, 10n ** 23n] },
    { tokens: ['BBB', 'USDC'], reserves: [10n ** 23n, 10n ** 11n] },
    { tokens: ['AAA', 'USDC'], reserves: [10n ** 20n, 10n ** 8n] },
  ],
);
const [wpls, usdc, aaa, bbb] = ['WPLS', 'USDC', 'AAA', 'BBB'].map(h.token);
const amountIn = 1e22;
const reorient = (potentials: ReadonlyMap<number, number>) => referenceProblem(h.graph, wpls, usdc, -1, 32, true, potentials);

/** Float output of a dexa_v2 pair (it keeps 9971/10000 of the input). */
const pairOut = (x: number, reserveIn: number, reserveOut: number) => (reserveOut * 0.9971 * x) / (reserveIn + 0.9971 * x);

/** The best split at AAA between its shallow USDC pool and the route through BBB, by golden section on the share. */
function bestSplit(): number {
  const atAaa = pairOut(amountIn, 1e24, 1e24);
  const output = (shallow: number) => pairOut(shallow, 1e20, 1e8) + pairOut(pairOut(atAaa - shallow, 1e23, 1e23), 1e23, 1e11);
  const golden = (Math.sqrt(5) - 1) / 2;
  let [lo, hi] = [0, atAaa];
  for (let step = 0; step < 200; step++) {
    const a = hi - golden * (hi - lo);
    const b = lo + golden * (hi - lo);
    if (output(a) < output(b)) lo = a;
    else hi = b;
  }
  return output((lo + hi) / 2);
}

const hasTrade = (problem: ReturnType<typeof reorient>, u: number, v: number) =>
  problem.trades.some((t) => problem.tokens[t.u] === u && problem.tokens[t.v] === v);

test('the rule forbids AAA → BBB: its bound is the shallow route alone, far below the split through BBB', () => {
  const rule = referenceProblem(h.graph, wpls, usdc, -1, 32);
  assert.equal(hasTrade(rule, aaa, bbb), false);
  assert.equal(rule.tokens.includes(bbb), false, 'BBB lies on no source → target path of the rule');
  const shallowOnly = pairOut(pairOut(amountIn, 1e24, 1e24), 1e20, 1e8);
  const { upperBound } = solveReference(h.graph, rule, amountIn);
  assert.ok(Math.abs(upperBound / shallowOnly - 1) < 1e-9, `rule bound ${upperBound} vs shallow route ${shallowOnly}`);
  assert.ok(upperBound < bestSplit() / 50);
});

test('re-oriented by potentials, the reference reaches the split through BBB: bound and routing within 1e-9 of it', () => {
  const solves = solveOrientations(h.graph, referenceProblem(h.graph, wpls, usdc, -1, 32), reorient, amountIn, {});
  // The rule's, three by potentials, then the rounds keeping the best routing, which stop once one adds nothing.
  assert.ok(solves.length > 4 && solves.length < 12, `${solves.length} solves`);
  const [before, last] = solves.slice(-2).map((s) => s.result.upperBound);
  assert.ok(last <= before * (1 + 1e-7), `the last round raised the bound from ${before} to ${last}`);
  const best = highestBound(solves);
  assert.notEqual(best, solves[0]);
  assert.equal(hasTrade(best.problem, aaa, bbb), true);
  assert.equal(hasTrade(best.problem, bbb, aaa), false, 'one way only: the trades stay acyclic');
  const optimum = bestSplit();
  assert.ok(Math.abs(best.result.upperBound / optimum - 1) < 1e-9, `bound ${best.result.upperBound} vs optimum ${optimum}`);
  assert.ok(Math.abs(best.result.lowerBound / optimum - 1) < 1e-9, `routing ${best.result.lowerBound} vs optimum ${optimum}`);
});

test("potentials are the solve's prices over the market prices: the target's 1, rising from the source along the route", () => {
  const rule = referenceProblem(h.graph, wpls, usdc, -1, 32);
  const potentials = tokenPotentials({ problem: rule, result: solveReference(h.graph, rule, amountIn) });
  assert.equal(potentials.get(usdc), 1);
  assert.equal(potentials.has(bbb), false, 'a token the problem left out has none (the next orientation gives it 1)');
  assert.ok(potentials.get(wpls)! < potentials.get(aaa)! && potentials.get(aaa)! < 1, `${[...potentials]}`);
});

test("the routing's rounds keep its trades that pay above the market rate, which the potentials alone would forbid", () => {
  // BBB → AAA pays above the market rate, and the rule lets BBB trade into AAA but not AAA into CCC.
  const { h: g, amountIn: raw } = premiumPoolsGraph();
  const amount = Number(raw);
  const [from, to, a, b, c] = ['WPLS', 'USDC', 'AAA', 'BBB', 'CCC'].map(g.token);
  const reorientHere = (potentials: ReadonlyMap<number, number>) => referenceProblem(g.graph, from, to, -1, 32, true, potentials);
  const rule = referenceProblem(g.graph, from, to, -1, 32);
  const first = { problem: rule, result: solveReference(g.graph, rule, amount) };
  const potentials = tokenPotentials(first);
  const routed = (u: number, v: number) => first.result.chosenTrades.some((i) => rule.tokens[rule.trades[i].u] === u && rule.tokens[rule.trades[i].v] === v);
  assert.ok(routed(b, a) && potentials.get(b)! > potentials.get(a)!, 'the routing sells BBB into AAA, down the potentials');
  assert.equal(hasTrade(reorientHere(potentials), b, a), false);
  const keeping = reorientHere(routingPotentials(first));
  assert.equal(hasTrade(keeping, b, a), true);
  assert.equal(hasTrade(keeping, a, c), true, 'and AAA into CCC, up them');
  // It admits the first routing, so its bound is at least that routing's output, and the extension raises it.
  const next = solveReference(g.graph, keeping, amount);
  assert.ok(next.upperBound > first.result.lowerBound * (1 + 1e-4), `${next.upperBound} vs ${first.result.lowerBound}`);
});

test("the paying rounds admit a trade that pays at the solve's prices against the routing's order, and raise the bound", () => {
  // HHH → CCC pays 3% above par, from HHH, which every solve prices above CCC (test/support/premiumPools.ts).
  const { h: g, amountIn: raw } = payingAgainstPricesGraph();
  const amount = Number(raw);
  const [from, to, hhh, ccc] = ['WPLS', 'USDC', 'HHH', 'CCC'].map(g.token);
  const reorientHere = (potentials: ReadonlyMap<number, number>) => referenceProblem(g.graph, from, to, -1, 32, true, potentials);
  const solves = solveOrientations(g.graph, referenceProblem(g.graph, from, to, -1, 32), reorientHere, amount, {});
  const paid = solves.filter((s) => hasTrade(s.problem, hhh, ccc));
  assert.ok(paid.length > 0 && paid.length < solves.length, `${paid.length} of ${solves.length} solves admit HHH → CCC`);
  const potentials = tokenPotentials(solves[0]);
  assert.ok(potentials.get(hhh)! > potentials.get(ccc)!, 'HHH is priced above CCC');
  assert.equal(hasTrade(reorientHere(routingPotentials(solves[0])), hhh, ccc), false);
  assert.equal(hasTrade(reorientHere(payingPotentials(g.graph, solves[0])), hhh, ccc), true);
  // The best bound is an orientation's that admits the trade, above every other orientation's by over 0.1%.
  const best = highestBound(solves);
  const others = solves.filter((s) => !hasTrade(s.problem, hhh, ccc)).map((s) => s.result.upperBound);
  assert.ok(paid.includes(best) && best.result.upperBound > Math.max(...others) * 1.001, `${best.result.upperBound} vs ${Math.max(...others)}`);
});

test('a witness routing is admitted: the orientation made to rise along its trades, and solved last', () => {
  const { h: g, amountIn: raw } = payingAgainstPricesGraph();
  const amount = Number(raw);
  const [from, to, hhh, ccc] = ['WPLS', 'USDC', 'HHH', 'CCC'].map(g.token);
  const reorientHere = (potentials: ReadonlyMap<number, number>) => referenceProblem(g.graph, from, to, -1, 32, true, potentials);
  const rule = referenceProblem(g.graph, from, to, -1, 32);
  const first = { problem: rule, result: solveReference(g.graph, rule, amount) };
  const witness: TokenLink[] = [[from, hhh], [hhh, ccc], [ccc, to]];
  assert.equal(hasTrade(reorientHere(routingPotentials(first)), hhh, ccc), false, 'the routing alone does not admit HHH → CCC');
  assert.equal(hasTrade(reorientHere(witnessPotentials(first, witness)), hhh, ccc), true);
  // A link that would close a cycle with the ones before it is left out: CCC → HHH after HHH → CCC.
  const cyclic = reorientHere(witnessPotentials(first, [...witness, [ccc, hhh]]));
  assert.equal(hasTrade(cyclic, hhh, ccc), true);
  assert.equal(hasTrade(cyclic, ccc, hhh), false);
  const solves = solveOrientations(g.graph, rule, reorientHere, amount, {}, witness);
  const plain = solveOrientations(g.graph, rule, reorientHere, amount, {});
  assert.equal(solves.length, plain.length + 1, 'one more solve, the last');
  assert.equal(hasTrade(solves[solves.length - 1].problem, hhh, ccc), true);
});
