// ABIs of the Balancer V2 Vault and pools, as far as the chain reader uses them (human-readable, parsed by viem).
import { type Abi, type AbiEvent, type Hex, parseAbi, toEventSelector } from 'viem';

export const VAULT_ABI = parseAbi([
  'event PoolRegistered(bytes32 indexed poolId, address indexed poolAddress, uint8 specialization)',
  'event TokensRegistered(bytes32 indexed poolId, address[] tokens, address[] assetManagers)',
  'event TokensDeregistered(bytes32 indexed poolId, address[] tokens)',
  'event Swap(bytes32 indexed poolId, address indexed tokenIn, address indexed tokenOut, uint256 amountIn, uint256 amountOut)',
  'event PoolBalanceChanged(bytes32 indexed poolId, address indexed liquidityProvider, address[] tokens, int256[] deltas, uint256[] protocolFeeAmounts)',
  'event PoolBalanceManaged(bytes32 indexed poolId, address indexed assetManager, address indexed token, int256 cashDelta, int256 managedDelta)',
  'function getPoolTokens(bytes32 poolId) view returns (address[] tokens, uint256[] balances, uint256 lastChangeBlock)',
  'function getPausedState() view returns (bool paused, uint256 pauseWindowEndTime, uint256 bufferPeriodEndTime)',
]);

export const POOL_ABI = parseAbi([
  'function getNormalizedWeights() view returns (uint256[])',
  'function getScalingFactors() view returns (uint256[])',
  'function getSwapFeePercentage() view returns (uint256)',
  'function getAmplificationParameter() view returns (uint256 value, bool isUpdating, uint256 precision)',
  'function getBptIndex() view returns (uint256)',
  'function getActualSupply() view returns (uint256)',
  'function getSwapEnabled() view returns (bool)',
  'function getPausedState() view returns (bool paused, uint256 pauseWindowEndTime, uint256 bufferPeriodEndTime)',
  'event SwapFeePercentageChanged(uint256 swapFeePercentage)',
  'event AmpUpdateStarted(uint256 startValue, uint256 endValue, uint256 startTime, uint256 endTime)',
  'event AmpUpdateStopped(uint256 currentValue)',
  'event TokenRateCacheUpdated(uint256 indexed tokenIndex, uint256 rate)',
  'event TokenRateProviderSet(uint256 indexed tokenIndex, address indexed provider, uint256 cacheDuration)',
  'event PausedStateChanged(bool paused)',
]);

/** Topic 0 of an event of `abi`, by name. */
function selectorOf(abi: Abi, name: string): Hex {
  const event = abi.find((item): item is AbiEvent => item.type === 'event' && item.name === name);
  if (!event) throw new Error(`no event ${name} in the ABI`);
  return toEventSelector(event);
}

export const POOL_REGISTERED = selectorOf(VAULT_ABI, 'PoolRegistered');

/** Vault events whose first topic is the poolId of a pool whose balances (or tokens) they change. */
export const VAULT_POOL_EVENTS: ReadonlySet<Hex> = new Set(
  ['Swap', 'PoolBalanceChanged', 'PoolBalanceManaged', 'TokensRegistered', 'TokensDeregistered'].map((name) =>
    selectorOf(VAULT_ABI, name),
  ),
);

/**
 * A pool's own events that change what a swap pays: fee, amplification (and its ramps), cached token rates, pause.
 * Transfer and protocol-fee cache events are left out: BPT balances and protocol fees do not enter swap maths.
 */
export const POOL_STATE_EVENTS: ReadonlySet<Hex> = new Set(
  [
    'SwapFeePercentageChanged',
    'AmpUpdateStarted',
    'AmpUpdateStopped',
    'TokenRateCacheUpdated',
    'TokenRateProviderSet',
    'PausedStateChanged',
  ].map((name) => selectorOf(POOL_ABI, name)),
);
