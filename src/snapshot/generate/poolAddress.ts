// Addresses of generated pools: CREATE2 where the platform's deployer and init-code hash are known, else a
// stable pseudo-address derived from the platform and the pool's identity.
import { encodeAbiParameters, encodePacked, getAddress, getCreate2Address, keccak256, toHex } from 'viem/utils';
import type { PlatformPreset } from '../../network/types.ts';

type Hex = `0x${string}`;

export function pseudoAddress(platform: string, identity: string): string {
  return getAddress(keccak256(toHex(`${platform}:${identity}`)).slice(-40).padStart(42, '0x'));
}

/** A UniV2 pair address (token0 < token1). */
export function univ2PairAddress(id: string, preset: PlatformPreset, token0: string, token1: string): string {
  const salt = keccak256(encodePacked(['address', 'address'], [token0 as Hex, token1 as Hex]));
  if (preset.factory && preset.initCodeHash) {
    return getCreate2Address({ from: preset.factory as Hex, salt, bytecodeHash: preset.initCodeHash as Hex });
  }
  return pseudoAddress(id, salt);
}

/** A UniV3 pool address (token0 < token1, fee tier). */
export function univ3PoolAddress(id: string, preset: PlatformPreset, token0: string, token1: string, fee: number): string {
  const salt = keccak256(encodeAbiParameters([{ type: 'address' }, { type: 'address' }, { type: 'uint24' }], [token0 as Hex, token1 as Hex, fee]));
  const deployer = preset.poolDeployer ?? preset.factory;
  if (deployer && preset.poolInitCodeHash) {
    return getCreate2Address({ from: deployer as Hex, salt, bytecodeHash: preset.poolInitCodeHash as Hex });
  }
  return pseudoAddress(id, salt);
}
