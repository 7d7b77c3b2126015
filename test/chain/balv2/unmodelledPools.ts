// Test support: pools on the devnet Vault that the engine does not model — a 2021 weighted pool (pre-2022
// FixedPoint), a liquidity bootstrapping pool (time-moving weights) and a legacy stable pool (no BPT, older maths).
import { createRequire } from 'node:module';
import type { Abi, Address, Hex } from 'viem';
import type { DeployContext } from '../../../devnet/deploy/context.ts';
import { registeredPool } from '../../../devnet/deploy/balv2/registeredPool.ts';

const require = createRequire(import.meta.url);
const TASKS = '@balancer-labs/v2-deployments/dist/tasks';

function factory(task: string, name: string): { abi: Abi; bytecode: Hex } {
  try {
    const artifact = require(`${TASKS}/${task}/artifact/${name}.json`) as { abi: Abi; bytecode: Hex };
    return { abi: artifact.abi, bytecode: artifact.bytecode };
  } catch {
    // The oldest tasks ship ABI and creation code separately.
    const abi = require(`${TASKS}/${task}/abi/${name}.json`) as Abi;
    const { creationCode } = require(`${TASKS}/${task}/bytecode/${name}.json`) as { creationCode: string };
    return { abi, bytecode: `0x${creationCode}` };
  }
}

/**
 * Creates one pool of each unmodelled type over `tokens` (sorted, two of them) and returns their addresses.
 * @example const ignored = await createUnmodelledPools(ctx, vault, [tokenA, tokenB])
 */
export async function createUnmodelledPools(ctx: DeployContext, vault: Address, tokens: [Address, Address]): Promise<Address[]> {
  const half = 5n * 10n ** 17n;
  const fee = 3n * 10n ** 15n;
  const specs = [
    { ...factory('20210418-weighted-pool', 'WeightedPoolFactory'), args: ['v1', 'V1', tokens, [half, half], fee, ctx.deployer] },
    {
      ...factory('20211202-no-protocol-fee-lbp', 'NoProtocolFeeLiquidityBootstrappingPoolFactory'),
      args: ['lbp', 'LBP', tokens, [half, half], fee, ctx.deployer, true],
    },
    { ...factory('20220609-stable-pool-v2', 'StablePoolFactory'), args: ['stable', 'S', tokens, 100n, fee, ctx.deployer] },
  ];
  const pools: Address[] = [];
  for (const spec of specs) {
    const address = await ctx.deploy(spec, [vault]);
    const receipt = await ctx.write({ address, abi: spec.abi, functionName: 'create', args: spec.args });
    pools.push(registeredPool(receipt, vault).address);
  }
  return pools;
}
