// Human-readable ABIs of the Balancer V3 Vault and pools for the chain reader (the npm packages ship no JSON
// artifacts). User-defined types appear as their ABI types: IERC20 and IRateProvider as address, enums as uint8,
// PoolConfigBits as bytes32.
import { getAbiItem, parseAbi, toEventSelector, type Hex } from 'viem';

const STRUCTS = [
  'struct TokenConfig { address token; uint8 tokenType; address rateProvider; bool paysYieldFees; }',
  'struct TokenInfo { uint8 tokenType; address rateProvider; bool paysYieldFees; }',
  'struct PoolRoleAccounts { address pauseManager; address swapFeeManager; address poolCreator; }',
  'struct HooksConfig { bool enableHookAdjustedAmounts; bool shouldCallBeforeInitialize; bool shouldCallAfterInitialize; bool shouldCallComputeDynamicSwapFee; bool shouldCallBeforeSwap; bool shouldCallAfterSwap; bool shouldCallBeforeAddLiquidity; bool shouldCallAfterAddLiquidity; bool shouldCallBeforeRemoveLiquidity; bool shouldCallAfterRemoveLiquidity; address hooksContract; }',
  'struct LiquidityManagement { bool disableUnbalancedLiquidity; bool enableAddLiquidityCustom; bool enableRemoveLiquidityCustom; bool enableDonation; }',
  'struct PoolConfig { LiquidityManagement liquidityManagement; uint256 staticSwapFeePercentage; uint256 aggregateSwapFeePercentage; uint256 aggregateYieldFeePercentage; uint40 tokenDecimalDiffs; uint32 pauseWindowEndTime; bool isPoolRegistered; bool isPoolInitialized; bool isPoolPaused; bool isPoolInRecoveryMode; }',
  'struct PoolData { bytes32 poolConfigBits; address[] tokens; TokenInfo[] tokenInfo; uint256[] balancesRaw; uint256[] balancesLiveScaled18; uint256[] tokenRates; uint256[] decimalScalingFactors; }',
] as const;

/** The Vault's pool registry and state views (served by VaultExtension through the Vault's fallback). */
export const balV3VaultAbi = parseAbi([
  ...STRUCTS,
  'function getPoolData(address pool) view returns (PoolData poolData)',
  'function getPoolConfig(address pool) view returns (PoolConfig poolConfig)',
  'function isPoolPaused(address pool) view returns (bool poolPaused)',
  'function isVaultPaused() view returns (bool vaultPaused)',
  'event PoolRegistered(address indexed pool, address indexed factory, TokenConfig[] tokenConfig, uint256 swapFeePercentage, uint32 pauseWindowEndTime, PoolRoleAccounts roleAccounts, HooksConfig hooksConfig, LiquidityManagement liquidityManagement)',
]);

/**
 * Views that tell a weighted pool from a stable pool and carry their curve parameters. getMinTokenBalances exists
 * from WeightedPool 1.0.0 on, the version the engine models.
 */
export const balV3WeightedPoolAbi = parseAbi([
  'function getNormalizedWeights() view returns (uint256[])',
  'function getMinTokenBalances() view returns (uint256[] minTokenBalances)',
]);
export const balV3StablePoolAbi = parseAbi([
  'function getAmplificationParameter() view returns (uint256 value, bool isUpdating, uint256 precision)',
]);

/** Vault events whose first indexed argument is the pool whose balances, fees or status they change. */
const VAULT_POOL_EVENTS = [
  'event PoolInitialized(address indexed pool)',
  'event Swap(address indexed pool, address indexed tokenIn, address indexed tokenOut, uint256 amountIn, uint256 amountOut, uint256 swapFeePercentage, uint256 swapFeeAmount)',
  'event LiquidityAdded(address indexed pool, address indexed liquidityProvider, uint8 indexed kind, uint256 totalSupply, uint256[] amountsAddedRaw, uint256[] swapFeeAmountsRaw)',
  'event LiquidityRemoved(address indexed pool, address indexed liquidityProvider, uint8 indexed kind, uint256 totalSupply, uint256[] amountsRemovedRaw, uint256[] swapFeeAmountsRaw)',
  'event PoolPausedStateChanged(address indexed pool, bool paused)',
  'event SwapFeePercentageChanged(address indexed pool, uint256 swapFeePercentage)',
  'event PoolRecoveryModeStateChanged(address indexed pool, bool recoveryMode)',
  'event AggregateSwapFeePercentageChanged(address indexed pool, uint256 aggregateSwapFeePercentage)',
  'event AggregateYieldFeePercentageChanged(address indexed pool, uint256 aggregateYieldFeePercentage)',
  'event VaultAuxiliary(address indexed pool, bytes32 indexed eventKey, bytes eventData)',
] as const;

/** Events a stable pool emits itself when its amplification parameter starts or stops moving. */
const STABLE_POOL_EVENTS = [
  'event AmpUpdateStarted(uint256 startValue, uint256 endValue, uint256 startTime, uint256 endTime)',
  'event AmpUpdateStopped(uint256 currentValue)',
] as const;

export const VAULT_POOL_EVENT_TOPICS: ReadonlySet<Hex> = new Set(VAULT_POOL_EVENTS.map((e) => toEventSelector(e)));
export const STABLE_POOL_EVENT_TOPICS: ReadonlySet<Hex> = new Set(STABLE_POOL_EVENTS.map((e) => toEventSelector(e)));
export const POOL_REGISTERED_TOPIC: Hex = toEventSelector(getAbiItem({ abi: balV3VaultAbi, name: 'PoolRegistered' }));
