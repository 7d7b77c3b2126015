// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

import {IERC20Minimal} from '@uniswap/v3-core/contracts/interfaces/IERC20Minimal.sol';
import {IUniswapV3Pool} from '@uniswap/v3-core/contracts/interfaces/IUniswapV3Pool.sol';
import {IUniswapV3MintCallback} from '@uniswap/v3-core/contracts/interfaces/callback/IUniswapV3MintCallback.sol';

/**
 * @title UniV3LiquiditySeeder
 * @notice Devnet tool: mints V3 positions of an exact liquidity straight on the pool (the position manager only takes
 *         token amounts, which round to a nearby liquidity). The caller owns the positions and pays from its balance,
 *         so it must have approved this contract for both tokens.
 */
contract UniV3LiquiditySeeder is IUniswapV3MintCallback {
    // Set only during mintRanges, so the callback pays just the pool being seeded, for the caller who asked.
    address private activePool;
    address private activePayer;

    function mintRanges(
        address pool,
        int24[] calldata tickLowers,
        int24[] calldata tickUppers,
        uint128[] calldata liquidities
    ) external {
        require(tickLowers.length == tickUppers.length && tickLowers.length == liquidities.length, 'lengths');
        activePool = pool;
        activePayer = msg.sender;
        for (uint256 i = 0; i < liquidities.length; i++) {
            IUniswapV3Pool(pool).mint(msg.sender, tickLowers[i], tickUppers[i], liquidities[i], '');
        }
        activePool = address(0);
        activePayer = address(0);
    }

    function uniswapV3MintCallback(uint256 amount0Owed, uint256 amount1Owed, bytes calldata) external override {
        require(msg.sender == activePool, 'not the pool being seeded');
        if (amount0Owed > 0) pay(IUniswapV3Pool(msg.sender).token0(), amount0Owed);
        if (amount1Owed > 0) pay(IUniswapV3Pool(msg.sender).token1(), amount1Owed);
    }

    function pay(address token, uint256 amount) private {
        require(IERC20Minimal(token).transferFrom(activePayer, msg.sender, amount), 'transferFrom');
    }
}
