// Works out how a snapshot UniV3 pool is rebuilt on the devnet: token order there, the initial price, the positions
// that give its liquidity profile and the tokens they cost. Pure: no chain access.
import type { UniV3State } from '../../../src/pools/univ3/data.ts';
import { MAX_SQRT_RATIO, MIN_SQRT_RATIO, getTickAtSqrtRatio } from '../../../src/pools/univ3/tickMath.ts';
import type { SnapshotPool, SnapshotToken } from '../../../src/snapshot/types.ts';
import { type UniV3Position, positionsForProfile } from './liquidityPositions.ts';
import { mintAmounts } from './mintAmounts.ts';

export interface UniV3PoolPlan {
  /** Indices into the devnet token list, token0 first (lower address). */
  tokens: [number, number];
  fee: number;
  tickSpacing: number;
  /** True when the devnet orders the snapshot's tokens the other way round. */
  flipped: boolean;
  sqrtPriceX96: bigint;
  /** slot0.tick that initialize() will set. */
  tick: number;
  positions: UniV3Position[];
  /** Tokens owed for minting the positions, token0 then token1. */
  amounts: [bigint, bigint];
}

const Q192 = 1n << 192n;

/**
 * The plan for one snapshot pool. Where the token order flips, the price inverts: sqrtPrice' = floor(2^192 / sqrtPrice)
 * (one wei of Q64.96 rounding away from the exact inverse) and each tick t becomes -t.
 * @example const plan = planUniV3Pool(seed.pools[0], tokens.list)
 */
export function planUniV3Pool(pool: SnapshotPool, devnetTokens: readonly SnapshotToken[]): UniV3PoolPlan {
  const state = pool.state as unknown as UniV3State;
  const [a, b] = pool.tokens;
  const flipped = BigInt(devnetTokens[a].address) > BigInt(devnetTokens[b].address);
  for (const t of state.ticks) {
    if (t.index % state.tickSpacing !== 0) throw new RangeError(`${pool.address}: tick ${t.index} is off the spacing`);
  }
  const sqrtPriceX96 = flipped ? Q192 / state.sqrtPriceX96 : state.sqrtPriceX96;
  if (sqrtPriceX96 < MIN_SQRT_RATIO || sqrtPriceX96 >= MAX_SQRT_RATIO) {
    throw new RangeError(`${pool.address}: sqrtPriceX96 ${sqrtPriceX96} is outside the pool's range`);
  }
  const tick = getTickAtSqrtRatio(sqrtPriceX96);
  const positions = positionsForProfile(state.ticks, flipped);
  return {
    tokens: flipped ? [b, a] : [a, b],
    fee: state.fee,
    tickSpacing: state.tickSpacing,
    flipped,
    sqrtPriceX96,
    tick,
    positions,
    amounts: mintAmounts(positions, sqrtPriceX96, tick),
  };
}
