// Shared pieces of the UniV3 tests: the @uniswap/v3-sdk reference swap and seeded random states and amounts.
import { TickListDataProvider, v3Swap } from '@uniswap/v3-sdk';
// jsbi is the SDK's own bigint type (a dependency of @uniswap/v3-sdk); needed to call its maths.
import jsbi from 'jsbi';
import type { UniV3State } from '../../../src/pools/univ3/data.ts';
import type { UniV3SwapResult } from '../../../src/pools/univ3/univ3Math.ts';
import { synthesizeUniV3State } from '../../../src/snapshot/synthetic/univ3.ts';

export type Rng = () => number;

/** Fee tier / tick spacing pairs the pool maths must support. */
export const TIERS: readonly (readonly [fee: number, tickSpacing: number])[] = [
  [100, 1],
  [500, 10],
  [2500, 50],
  [3000, 60],
  [10000, 200],
  [20000, 400],
];

// jsbi is CommonJS whose typings declare an ES default export; at runtime the module itself is the class.
type JSBIClass = typeof jsbi.default;
const JSBI = ((jsbi as unknown as { default?: JSBIClass }).default ?? jsbi) as unknown as JSBIClass;
type JSBIValue = ReturnType<JSBIClass['BigInt']>;

export const toJSBI = (x: bigint): JSBIValue => JSBI.BigInt(x.toString());
export const fromJSBI = (x: JSBIValue): bigint => BigInt(x.toString());

export function sdkTickProvider(state: UniV3State): TickListDataProvider {
  return new TickListDataProvider(
    state.ticks.map((t) => ({
      index: t.index,
      liquidityNet: t.liquidityNet.toString(),
      liquidityGross: (t.liquidityNet < 0n ? -t.liquidityNet : t.liquidityNet).toString(),
    })),
    state.tickSpacing,
  );
}

export interface ReferenceSwap {
  amountOut: bigint;
  sqrtPriceX96: bigint;
  tick: number;
  liquidity: bigint;
}

/** The SDK's v3Swap (the same loop as its Pool class, but for any fee) for an exact input. */
export async function sdkSwapExactIn(
  state: UniV3State,
  zeroForOne: boolean,
  amountIn: bigint,
  provider: TickListDataProvider = sdkTickProvider(state),
): Promise<ReferenceSwap> {
  const r = await v3Swap(
    JSBI.BigInt(state.fee),
    toJSBI(state.sqrtPriceX96),
    state.tick,
    toJSBI(state.liquidity),
    state.tickSpacing,
    provider,
    zeroForOne,
    toJSBI(amountIn),
  );
  return {
    amountOut: -fromJSBI(r.amountCalculated),
    sqrtPriceX96: fromJSBI(r.sqrtRatioX96),
    tick: r.tickCurrent,
    liquidity: fromJSBI(r.liquidity),
  };
}

export function pick<T>(rng: Rng, choices: readonly T[]): T {
  return choices[Math.floor(rng() * choices.length)];
}

export function logUniform(rng: Rng, lo: number, hi: number): number {
  return Math.exp(Math.log(lo) + rng() * (Math.log(hi) - Math.log(lo)));
}

/** A bigint near `x` (a positive float) with random low digits, so amounts are not round numbers. */
export function jitteredBigint(rng: Rng, x: number): bigint {
  const base = BigInt(Math.floor(x));
  return base + BigInt(Math.floor(rng() * 1e6)) % (base / 1000n + 1n);
}

/**
 * A random pool: any tier, prices from 1e-14 to 1e14 raw units (6/8/18-decimal pairs) and now and then
 * extreme ones, each token from ~1e2 to ~1e24 raw units deep.
 */
export function randomState(rng: Rng): UniV3State {
  const [fee, tickSpacing] = pick(rng, TIERS);
  const price = rng() < 0.1 ? logUniform(rng, 1e-36, 1e36) : logUniform(rng, 1e-14, 1e14);
  // Both tokens at least ~100 raw units deep: L / sqrtP and L * sqrtP.
  const sqrtPrice = Math.sqrt(price);
  const liquidityScale = Math.max(sqrtPrice, 1 / sqrtPrice) * logUniform(rng, 1e2, 1e24);
  return synthesizeUniV3State({ rng, fee, tickSpacing, price, liquidityScale });
}

/**
 * An input amount for a state: mostly scaled to the pool's depth (from dust to past exhaustion), with some
 * tiny integer amounts that exercise rounding.
 */
export function randomAmount(rng: Rng, state: UniV3State, zeroForOne: boolean): bigint {
  if (rng() < 0.08) return BigInt(1 + Math.floor(rng() * 1000));
  const sqrtPrice = Number(state.sqrtPriceX96) / 2 ** 96;
  const liquidity = Number(state.liquidity);
  // Token amount that moves the price by ~100% within the current liquidity.
  const depth = zeroForOne ? liquidity / sqrtPrice : liquidity * sqrtPrice;
  const amount = depth * logUniform(rng, 1e-9, 20);
  return amount < 1 ? 1n : jitteredBigint(rng, amount);
}

/**
 * Whether an exact swap is a normal one for comparing float estimates with: its own rounding stays well below 1e-6.
 * Each step (one per tick or bitmap word, dozens in a long swap) rounds its input up by up to 2 wei and its output
 * down by 1, so >= 1e9 units of each token; and the final sqrt price by one Q96 unit, so the price must move >= 1e9
 * units (at extreme prices a whole swap can move it by fewer).
 */
export function isNormalSwap(state: UniV3State, amountIn: bigint, swap: UniV3SwapResult): boolean {
  const priceMove = swap.sqrtPriceX96 - state.sqrtPriceX96;
  return swap.amountOut >= 10n ** 9n && amountIn >= 10n ** 9n && (priceMove < 0n ? -priceMove : priceMove) >= 10n ** 9n;
}
