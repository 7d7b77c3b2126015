// SPDX-License-Identifier: MIT
pragma solidity ^0.8.10;

// Test-only batch driver for contracts/StableSwap.sol: runs many (state, i, j, dx) cases in one eth_call.

interface IStableSwapPool {
    function N_COINS() external view returns (uint256);
    function coins(uint256 i) external view returns (address);
    function balances(uint256 i) external view returns (uint256);
    function seed_balances(uint256[] calldata _balances) external;
    function get_dy(uint256 i, uint256 j, uint256 dx) external view returns (uint256);
    function exchange(uint256 i, uint256 j, uint256 dx, uint256 min_dy) external;
}

interface IMintableERC20 {
    function mint(address to, uint256 value) external;
    function approve(address spender, uint256 value) external returns (bool);
    function balanceOf(address account) external view returns (uint256);
}

contract StableSwapProbe {
    struct Case {
        uint256[] balances;
        uint256 i;
        uint256 j;
        uint256 dx;
    }

    struct Outcome {
        bool dyOk;
        uint256 dy;
        bool exchangeOk;
        uint256 received;
        uint256[] balancesAfter;
    }

    /**
     * For each case: seeds the pool (this contract must be its owner), mints the backing tokens to it, calls
     * get_dy, then performs a real exchange from this contract and records what arrived and the pool's balances.
     * Call it through eth_call so every write is discarded; a revert in get_dy or exchange is recorded, not thrown.
     */
    function run(IStableSwapPool pool, Case[] calldata cases) external returns (Outcome[] memory out) {
        uint256 n = pool.N_COINS();
        IMintableERC20[] memory coins = new IMintableERC20[](n);
        for (uint256 k = 0; k < n; k++) {
            coins[k] = IMintableERC20(pool.coins(k));
            coins[k].approve(address(pool), type(uint256).max);
        }
        out = new Outcome[](cases.length);
        for (uint256 c = 0; c < cases.length; c++) {
            out[c] = runCase(pool, coins, cases[c]);
        }
    }

    function runCase(
        IStableSwapPool pool,
        IMintableERC20[] memory coins,
        Case calldata cs
    ) private returns (Outcome memory o) {
        uint256 n = coins.length;
        pool.seed_balances(cs.balances);
        for (uint256 k = 0; k < n; k++) {
            coins[k].mint(address(pool), cs.balances[k]);
        }
        try pool.get_dy(cs.i, cs.j, cs.dx) returns (uint256 dy) {
            o.dyOk = true;
            o.dy = dy;
        } catch {}

        coins[cs.i].mint(address(this), cs.dx);
        uint256 before = coins[cs.j].balanceOf(address(this));
        try pool.exchange(cs.i, cs.j, cs.dx, 0) {
            o.exchangeOk = true;
            o.received = coins[cs.j].balanceOf(address(this)) - before;
            o.balancesAfter = new uint256[](n);
            for (uint256 k = 0; k < n; k++) {
                o.balancesAfter[k] = pool.balances(k);
            }
        } catch {}
    }
}
