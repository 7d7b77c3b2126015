// SPDX-License-Identifier: MIT
pragma solidity ^0.8.10;

/**
 * @title Multicall3
 * @notice Our own implementation of the Multicall3 `aggregate3` interface (the one viem's multicall calls), for the
 *         local chain; the devnet places it at the canonical Multicall3 address so readers need no special case.
 */
contract Multicall3 {
    struct Call3 {
        address target;
        bool allowFailure;
        bytes callData;
    }

    struct Result {
        bool success;
        bytes returnData;
    }

    /// @notice Calls each target in order; reverts only when a call that does not allow failure fails.
    function aggregate3(Call3[] calldata calls) external payable returns (Result[] memory results) {
        results = new Result[](calls.length);
        for (uint256 i = 0; i < calls.length; i++) {
            (bool success, bytes memory returnData) = calls[i].target.call(calls[i].callData);
            require(success || calls[i].allowFailure, "Multicall3: call failed");
            results[i] = Result(success, returnData);
        }
    }

    function getBlockNumber() external view returns (uint256) {
        return block.number;
    }

    function getCurrentBlockTimestamp() external view returns (uint256) {
        return block.timestamp;
    }

    function getEthBalance(address account) external view returns (uint256) {
        return account.balance;
    }
}
