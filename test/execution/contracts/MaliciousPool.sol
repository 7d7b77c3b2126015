// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

/**
 * @title MaliciousPool
 * @notice Test-only: a contract that answers to the pool interfaces our router calls (UniV2 pair, UniV3 pool,
 *         StableSwap, Balancer V2 pool) and misbehaves in the way its mode says. Never deploy it anywhere that matters.
 */
contract MaliciousPool {
    enum Mode {
        /// Takes the input and sends nothing back (UniV2 face: reports deep reserves, so the router expects output).
        KeepInput,
        /// UniV3 face: asks its callback for twice the hop's input.
        OverAsk,
        /// UniV3 face: reports an output without ever asking to be paid.
        NoCallback,
        /// UniV3 face: asks its callback twice for the hop's input.
        DoubleCallback,
        /// StableSwap face: pulls one unit less than the router approved.
        TakeLess,
        /// Any face: calls the router back with `reentry` (bubbling its revert).
        Reenter
    }

    Mode public mode;
    address public router;
    bytes public reentry;
    bytes32 public poolId;
    address[] public coins;

    function configure(Mode _mode, address _router, bytes calldata _reentry) external {
        mode = _mode;
        router = _router;
        reentry = _reentry;
    }

    function setCoins(address[] calldata _coins) external {
        coins = _coins;
    }

    function setPoolId(bytes32 _poolId) external {
        poolId = _poolId;
    }

    // UniV2 pair face.
    function getReserves() external pure returns (uint112, uint112, uint32) {
        return (1e30, 1e30, 0);
    }

    function swap(uint256, uint256, address, bytes calldata) external {
        if (mode == Mode.Reenter) _reenter();
    }

    // UniV3 pool face.
    function swap(address, bool zeroForOne, int256 amountSpecified, uint160, bytes calldata data) external returns (int256, int256) {
        if (mode == Mode.Reenter) _reenter();
        if (mode == Mode.OverAsk) _callback(zeroForOne, amountSpecified * 2, data);
        if (mode == Mode.DoubleCallback) {
            _callback(zeroForOne, amountSpecified, data);
            _callback(zeroForOne, amountSpecified, data);
        }
        // The output it claims to have sent (and did not).
        int256 claimed = -1e18;
        return zeroForOne ? (amountSpecified, claimed) : (claimed, amountSpecified);
    }

    // StableSwap face.
    function exchange(uint256 i, uint256, uint256 dx, uint256) external {
        if (mode == Mode.Reenter) _reenter();
        if (mode == Mode.TakeLess) {
            (bool ok, ) = coins[i].call(abi.encodeWithSelector(0x23b872dd, msg.sender, address(this), dx - 1));
            require(ok, "pull failed");
        }
    }

    // Balancer V2 pool face: whatever pool id it was told to give.
    function getPoolId() external view returns (bytes32) {
        return poolId;
    }

    function _callback(bool zeroForOne, int256 owed, bytes calldata data) private {
        (bool ok, bytes memory result) = msg.sender.call(
            abi.encodeWithSignature(
                "uniswapV3SwapCallback(int256,int256,bytes)",
                zeroForOne ? owed : int256(0),
                zeroForOne ? int256(0) : owed,
                data
            )
        );
        if (!ok) _bubble(result);
    }

    function _reenter() private {
        (bool ok, bytes memory result) = router.call(reentry);
        if (!ok) _bubble(result);
    }

    function _bubble(bytes memory result) private pure {
        assembly ("memory-safe") {
            revert(add(result, 32), mload(result))
        }
    }
}
