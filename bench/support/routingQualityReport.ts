// The routing-quality benchmark's section of RESULTS.md, from its rows (bench/routingQuality.ts), so that a change of
// wording can be rendered again from the saved figures without the solves (most of an hour).
type Row = Record<string, unknown>;

export interface ReportSettings {
  referenceMajors: number;
  maxSplitGas: number;
  advancedRuns: number;
}

/**
 * The markdown lines of the section.
 * @example routingQualityReport(figures.cases, { referenceMajors: 32, maxSplitGas: 15_000_000, advancedRuns: 3 })
 */
export function routingQualityReport(rows: Row[], settings: ReportSettings): string[] {
  const pct = (v: number) => `${(v * 100).toFixed(4)}%`;
  const num = (r: Row, key: string) => r[key] as number;
  const met = rows.filter((r) => num(r, 'advancedOverOptimum') >= 0.9999).length;
  const metUncapped = rows.filter((r) => num(r, 'advancedOverUncapped') >= 0.9999).length;
  const neverBelow = rows.every((r) => BigInt(r.advanced as string) >= BigInt(r.quotes as string) && BigInt(r.advanced as string) >= BigInt(r.grid5 as string));
  const raised = rows.filter((r) => num(r, 'optimumUpperBound') > num(r, 'ruleUpperBound')).length;
  const fromWitness = rows.filter((r) => r.witnessOrientation === true).length;
  return [
    '## Routing quality of /quotes/advanced (default snapshot, no gas priced)',
    '',
    'Exact outputs as a share of the reference optimum within the split gas cap. The reference (bench/reference) is a',
    `dual decomposition over every pool among the endpoints, the ${settings.referenceMajors} most liquid tokens and the endpoints' neighbours,`,
    'one token pair per pool (branch and bound on contested multi-token pools), with the trades oriented so that no',
    'cycle can pay (the generated pools carry price noise: a cycle would count arbitrage as output). It is solved for',
    'several orientations (bench/reference/orientations.ts): a fixed rule (source side → majors, nearer the target by',
    'hops → target side), then three times by the last solve\'s token potentials (a token\'s price in the solve over its',
    'market price, which rises along nearly every trade of an optimal routing), then, from the highest bound so far,',
    'by those potentials made to rise along every trade of the last solve\'s routing (a pool paying above the market',
    'rate keeps trading down the potentials), until a round adds nothing, then likewise with the trades that pay at the',
    'last solve\'s prices added where they close no cycle (a pool whose rate beats the market\'s pays from a higher-priced',
    'token into a lower one); these admit routings the rule forbids. Last, it is solved for an',
    'orientation that admits advanced\'s own answer (its routes\' trades made to rise in the potentials of the highest',
    'bound): the heuristics choose among orientations that cannot all be solved, and advanced\'s flow chooses by other',
    'steps, so its routing can lie in none of them; the bound is then that of the best orientation found either way. Each',
    'orientation\'s upper bound caps the output of any one-pair-per-pool routing it admits. "Reference upper" is the',
    'highest of them and "orientations" how much it exceeds the rule\'s own; "reference lower" is the output of the best',
    'feasible routing the solves recovered (pools\' float estimates), and the gap is (upper − lower) / upper (a negative',
    'gap is float noise of the numeric pools). That optimum spreads over hundreds to thousands of pools ("its gas": the',
    'least gas a transaction through its pools would spend), more than one transaction within the split gas cap',
    `(${settings.maxSplitGas.toLocaleString('en-US')}, half a block) can swap through in nearly every case. The denominator is therefore the reference's`,
    'bound within the cap ("bound in cap", bench/reference/cappedBound.ts) for the orientation of the highest bound (or',
    'for the one admitting advanced\'s answer, where that is higher; "in cap from advanced\'s orientation" below): a',
    'Lagrangian relaxation of the cap, minimised over the price of gas, with the lower of two charges: each pool the',
    'least gas a hop through it costs and each UniV3 pool the ticks its input crosses (pool charges; "advanced, pool',
    'charges" is the share of that bound alone), and those plus the least gas of the hops and splits its paths must',
    'repeat (where more pools leave a token than reach it, paths repeat pools upstream; priced by token potentials from',
    'a min-cost flow, exact for the pool charges\' best routing and never above any routing\'s repeats); no routing',
    'within the cap that this orientation admits yields more. "Advanced, no cap" is the share of the uncapped upper',
    'bound. Shares above 100% are routes through pools the reference leaves out (tokens beyond its set, which the deep',
    'single-path search reaches).',
    '"5% grid" is a Uniswap-style split (up to 3 pool-disjoint routes, 5% steps) over the same candidate paths as',
    '/quotes/advanced. Advanced ran with its default 25 ms budget and its gas cap (estimated), after a JIT warm-up and',
    `before the reference solves; each figure is the median of ${settings.advancedRuns} runs, as the cases that reach the budget (the`,
    'price-moving ones) vary between runs with the machine\'s speed.',
    '',
    '"Searched tokens" is the reference problem of the highest bound (no cap) with only the trades among the tokens the',
    'split search searched (the connectors and the tokens of each end\'s deepest pools; see README): the share of the',
    'uncapped optimum that token set holds.',
    '',
    '| Pair | Group | Size USD | /quotes impact | /quotes | 5% grid | advanced (splits) | advanced, pool charges | advanced, no cap | searched tokens | its gas (M) | bound in cap | reference upper | orientations | reference lower | reference gap |',
    '|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|',
    ...rows.map(
      (r) =>
        `| ${r.pair} | ${r.group} | ${r.usd} | ${(num(r, 'priceImpactOfQuotes') * 100).toFixed(2)}% | ${pct(num(r, 'quotesOverOptimum'))} | ` +
        `${pct(num(r, 'gridOverOptimum'))} | ${pct(num(r, 'advancedOverOptimum'))} (${r.advancedSplits}) | ${pct(num(r, 'advancedOverPoolCharges'))} | ` +
        `${pct(num(r, 'advancedOverUncapped'))} | ${pct(num(r, 'searchedTokensOptimum'))} | ${(num(r, 'optimumGas') / 1e6).toFixed(1)} | ` +
        `${num(r, 'cappedUpperBound').toExponential(9)} | ${num(r, 'optimumUpperBound').toExponential(9)} | ` +
        `+${((num(r, 'optimumUpperBound') / num(r, 'ruleUpperBound') - 1) * 100).toFixed(4)}% | ${num(r, 'optimumLowerBound').toExponential(9)} | ` +
        `${num(r, 'referenceGap').toExponential(1)} |`,
    ),
    '',
    `The orientations by potentials raised the uncapped bound above the rule's on ${raised} of ${rows.length} cases.`,
    `Bound in cap from advanced's orientation (higher than the best heuristic orientation's): ${fromWitness} of ${rows.length} cases.`,
    `Target advanced ≥ 99.99% of the optimum (within the cap): met on ${met} of ${rows.length} cases${met === rows.length ? '' : ' (**not met** on the others)'}; of the uncapped optimum: ${metUncapped} of ${rows.length}.`,
    `Never below /quotes nor the 5% grid: ${neverBelow ? 'met' : '**not met**'}.`,
    '',
  ];
}
