// Places our Multicall3 (contracts/Multicall3.sol) at the canonical Multicall3 address, as on mainnet.
import { readFileSync } from 'node:fs';
import type { Address } from 'viem';
import { compileSolidity } from '../solc.ts';
import type { DeployContext } from './context.ts';

export const MULTICALL3_ADDRESS: Address = '0xcA11bde05977b3631167028862bE2a173976CA11';

/** Installs the runtime code at MULTICALL3_ADDRESS (it has no constructor state, so setCode is enough). */
export async function deployMulticall3(ctx: DeployContext): Promise<Address> {
  const source = readFileSync(new URL('../../contracts/Multicall3.sol', import.meta.url), 'utf8');
  const { Multicall3 } = compileSolidity({ 'contracts/Multicall3.sol': source });
  await ctx.rpc('anvil_setCode', [MULTICALL3_ADDRESS, Multicall3.deployedBytecode]);
  return MULTICALL3_ADDRESS;
}
