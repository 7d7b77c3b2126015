// SPDX-License-Identifier: MIT
pragma solidity ^0.8.10;

// Devnet helper: creates many Uniswap V2 pairs and seeds their reserves in one transaction (instead of four
// transactions per pair). It only calls the pairs' own public functions, exactly as a liquidity provider would.

interface IUniswapV2FactoryLike {
    function createPair(address tokenA, address tokenB) external returns (address pair);
}

interface IUniswapV2PairLike {
    function mint(address to) external returns (uint256 liquidity);
}

interface IERC20Like {
    function transferFrom(address from, address to, uint256 value) external returns (bool);
}

contract UniV2Seeder {
    struct PairSeed {
        address token0;
        address token1;
        uint256 amount0;
        uint256 amount1;
    }

    /// For each seed: createPair, transfer both amounts from the caller into the pair, then mint, so the pair's
    /// reserves become exactly (amount0, amount1). The caller must have approved this contract for every token.
    function seed(address factory, PairSeed[] calldata seeds, address lpRecipient) external {
        for (uint256 i = 0; i < seeds.length; i++) {
            PairSeed calldata s = seeds[i];
            address pair = IUniswapV2FactoryLike(factory).createPair(s.token0, s.token1);
            require(IERC20Like(s.token0).transferFrom(msg.sender, pair, s.amount0), "token0 transfer failed");
            require(IERC20Like(s.token1).transferFrom(msg.sender, pair, s.amount1), "token1 transfer failed");
            IUniswapV2PairLike(pair).mint(lpRecipient);
        }
    }
}
