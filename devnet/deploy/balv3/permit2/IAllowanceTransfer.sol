// SPDX-License-Identifier: MIT
// OURS, not Uniswap's: the minimal slice of Permit2's IAllowanceTransfer that Balancer V3's Router compiles against
// (permit2 is not published on npm). Struct layouts and signatures follow Uniswap's interface so calldata matches.
pragma solidity ^0.8.24;

interface IAllowanceTransfer {
    struct PermitDetails {
        address token;
        uint160 amount;
        uint48 expiration;
        uint48 nonce;
    }

    struct PermitBatch {
        PermitDetails[] details;
        address spender;
        uint256 sigDeadline;
    }

    function allowance(
        address user,
        address token,
        address spender
    ) external view returns (uint160 amount, uint48 expiration, uint48 nonce);

    function approve(address token, address spender, uint160 amount, uint48 expiration) external;

    function permit(address owner, PermitBatch memory permitBatch, bytes calldata signature) external;

    function transferFrom(address from, address to, uint160 amount, address token) external;
}
