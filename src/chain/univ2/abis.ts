// ABIs of the Uniswap V2 factory and pair functions and events the reader uses, with their event topics.
// Human-readable rather than @uniswap/v2-core's build JSON: that package is a dev dependency, and src ships without it.
import { parseAbi, toEventSelector } from 'viem';

export const univ2FactoryAbi = parseAbi([
  'function allPairsLength() view returns (uint256)',
  'function allPairs(uint256) view returns (address)',
  'event PairCreated(address indexed token0, address indexed token1, address pair, uint256 pairCount)',
]);

export const univ2PairAbi = parseAbi([
  'function token0() view returns (address)',
  'function token1() view returns (address)',
  'function getReserves() view returns (uint112 reserve0, uint112 reserve1, uint32 blockTimestampLast)',
  'event Sync(uint112 reserve0, uint112 reserve1)',
]);

export const PAIR_CREATED_EVENT = univ2FactoryAbi[2];
export const PAIR_CREATED_TOPIC = toEventSelector(PAIR_CREATED_EVENT);
/** Every change of a pair's reserves (mint, burn, swap, sync) ends with Sync. */
export const SYNC_TOPIC = toEventSelector(univ2PairAbi[3]);
