// Human-readable ABIs the UniV3 reader uses: the factory's PoolCreated event and the pool's state getters and events.
// @uniswap/v3-core is a dev dependency only, so the production reader cannot import its artifacts.
import { parseAbi, toEventSelector } from 'viem';

export const univ3FactoryAbi = parseAbi([
  'event PoolCreated(address indexed token0, address indexed token1, uint24 indexed fee, int24 tickSpacing, address pool)',
]);

// slot0 and ticks declare only the leading outputs the reader needs: forks (PancakeSwap V3) widen later fields such as
// feeProtocol, and ABI decoding ignores trailing return words, so one ABI reads both.
export const univ3PoolAbi = parseAbi([
  'function slot0() view returns (uint160 sqrtPriceX96, int24 tick)',
  'function liquidity() view returns (uint128)',
  'function tickBitmap(int16 wordPosition) view returns (uint256)',
  'function ticks(int24 tick) view returns (uint128 liquidityGross, int128 liquidityNet)',
]);

export const univ3PoolEventsAbi = parseAbi([
  'event Initialize(uint160 sqrtPriceX96, int24 tick)',
  'event Mint(address sender, address indexed owner, int24 indexed tickLower, int24 indexed tickUpper, uint128 amount, uint256 amount0, uint256 amount1)',
  'event Burn(address indexed owner, int24 indexed tickLower, int24 indexed tickUpper, uint128 amount, uint256 amount0, uint256 amount1)',
  'event Swap(address indexed sender, address indexed recipient, int256 amount0, int256 amount1, uint160 sqrtPriceX96, uint128 liquidity, int24 tick)',
]);

/** PancakeSwap V3 pools add the protocol fees to Swap, which changes the event's topic. */
const PANCAKE_SWAP_EVENT =
  'event Swap(address indexed sender, address indexed recipient, int256 amount0, int256 amount1, uint160 sqrtPriceX96, uint128 liquidity, int24 tick, uint128 protocolFeesToken0, uint128 protocolFeesToken1)';

export const POOL_CREATED_TOPIC = toEventSelector(univ3FactoryAbi[0]);

/** Topics of the pool events after which slot0, liquidity or the initialized ticks may differ. */
export const STATE_CHANGING_TOPICS: ReadonlySet<string> = new Set([
  ...univ3PoolEventsAbi.map((event) => toEventSelector(event)),
  toEventSelector(PANCAKE_SWAP_EVENT),
]);
