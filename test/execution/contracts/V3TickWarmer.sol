// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

/**
 * @title V3TickWarmer
 * @notice Test-only: moves a UniV3 pool's price to a given sqrt price (an exact-input swap bounded by that price
 *         limit), paying from its own token balance. Used to cross every initialized tick of a fresh devnet pool once,
 *         as trading on mainnet has, so a later crossing costs what it costs there.
 */
contract V3TickWarmer {
    function moveTo(address pool, bool zeroForOne, uint160 sqrtPriceLimitX96) external {
        IUniswapV3PoolLike(pool).swap(address(this), zeroForOne, type(int128).max, sqrtPriceLimitX96, "");
    }

    function uniswapV3SwapCallback(int256 amount0Delta, int256 amount1Delta, bytes calldata) external {
        IUniswapV3PoolLike pool = IUniswapV3PoolLike(msg.sender);
        if (amount0Delta > 0) require(IERC20Like(pool.token0()).transfer(msg.sender, uint256(amount0Delta)), "pay0");
        if (amount1Delta > 0) require(IERC20Like(pool.token1()).transfer(msg.sender, uint256(amount1Delta)), "pay1");
    }
}

interface IUniswapV3PoolLike {
    function token0() external view returns (address);
    function token1() external view returns (address);
    function swap(address, bool, int256, uint160, bytes calldata) external returns (int256, int256);
}

interface IERC20Like {
    function transfer(address to, uint256 value) external returns (bool);
}
