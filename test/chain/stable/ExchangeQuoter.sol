// SPDX-License-Identifier: MIT
pragma solidity ^0.8.10;

// Test-only: what StableSwap.exchange would pay for each of many (i, j, dx), all against the same pool state, in one
// eth_call. Each case runs a real exchange in a sub-call that then reverts with the amount received, undoing it.

interface IStableSwapLike {
    function coins(uint256 i) external view returns (address);
    function exchange(uint256 i, uint256 j, uint256 dx, uint256 min_dy) external;
}

interface IERC20Like {
    function transferFrom(address from, address to, uint256 value) external returns (bool);
    function approve(address spender, uint256 value) external returns (bool);
    function balanceOf(address account) external view returns (uint256);
}

contract ExchangeQuoter {
    struct Case {
        uint256 i;
        uint256 j;
        uint256 dx;
    }

    struct Outcome {
        bool ok;
        uint256 received;
    }

    error Received(uint256 amount);

    /// The caller pays each dx (it must have approved this contract); every exchange is undone after it is measured.
    function quoteExchanges(IStableSwapLike pool, Case[] calldata cases) external returns (Outcome[] memory out) {
        out = new Outcome[](cases.length);
        for (uint256 c = 0; c < cases.length; c++) {
            try this.exchangeAndRevert(pool, msg.sender, cases[c]) {} catch (bytes memory reason) {
                if (reason.length == 36 && bytes4(reason) == Received.selector) {
                    uint256 amount;
                    assembly {
                        amount := mload(add(reason, 36))
                    }
                    out[c] = Outcome(true, amount);
                }
            }
        }
    }

    function exchangeAndRevert(IStableSwapLike pool, address payer, Case calldata cs) external {
        require(msg.sender == address(this), "only from quoteExchanges");
        IERC20Like tokenIn = IERC20Like(pool.coins(cs.i));
        IERC20Like tokenOut = IERC20Like(pool.coins(cs.j));
        require(tokenIn.transferFrom(payer, address(this), cs.dx), "transferFrom failed");
        tokenIn.approve(address(pool), cs.dx);
        uint256 before = tokenOut.balanceOf(address(this));
        pool.exchange(cs.i, cs.j, cs.dx, 0);
        revert Received(tokenOut.balanceOf(address(this)) - before);
    }
}
