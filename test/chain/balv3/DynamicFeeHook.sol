// SPDX-License-Identifier: MIT
// OURS, test only: a hooks contract that sets a dynamic 5% swap fee, so a pool registered with it quotes differently
// from its static fee and the reader must leave it out.
pragma solidity ^0.8.24;

import { BaseHooks } from "@balancer-labs/v3-vault/contracts/BaseHooks.sol";
import {
    HookFlags,
    LiquidityManagement,
    PoolSwapParams,
    TokenConfig
} from "@balancer-labs/v3-interfaces/contracts/vault/VaultTypes.sol";

contract DynamicFeeHook is BaseHooks {
    function onRegister(address, address, TokenConfig[] memory, LiquidityManagement calldata) public pure override returns (bool) {
        return true;
    }

    function getHookFlags() public pure override returns (HookFlags memory flags) {
        flags.shouldCallComputeDynamicSwapFee = true;
    }

    function onComputeDynamicSwapFeePercentage(
        PoolSwapParams calldata,
        address,
        uint256
    ) public pure override returns (bool, uint256) {
        return (true, 5e16);
    }
}
