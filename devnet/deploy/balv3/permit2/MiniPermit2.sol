// SPDX-License-Identifier: MIT
// OURS: a devnet stand-in for Uniswap's Permit2 with only on-chain approvals (no signatures), so the real Balancer V3
// Router can pull tokens with `transferFrom` exactly as it does on mainnet.
pragma solidity ^0.8.24;

import { IERC20 } from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import { SafeERC20 } from "@openzeppelin/contracts/token/ERC20/utils/SafeERC20.sol";

import { IPermit2 } from "permit2/src/interfaces/IPermit2.sol";

contract MiniPermit2 is IPermit2 {
    using SafeERC20 for IERC20;

    struct Allowance {
        uint160 amount;
        uint48 expiration;
        uint48 nonce;
    }

    mapping(address user => mapping(address token => mapping(address spender => Allowance))) private _allowances;

    error AllowanceExpired(uint256 deadline);
    error InsufficientAllowance(uint256 amount);
    error SignaturesUnsupported();

    function allowance(
        address user,
        address token,
        address spender
    ) external view returns (uint160 amount, uint48 expiration, uint48 nonce) {
        Allowance memory a = _allowances[user][token][spender];
        return (a.amount, a.expiration, a.nonce);
    }

    function approve(address token, address spender, uint160 amount, uint48 expiration) external {
        Allowance storage a = _allowances[msg.sender][token][spender];
        a.amount = amount;
        a.expiration = expiration;
    }

    function permit(address, PermitBatch memory, bytes calldata) external pure {
        revert SignaturesUnsupported();
    }

    function transferFrom(address from, address to, uint160 amount, address token) external {
        Allowance storage a = _allowances[from][token][msg.sender];
        // solhint-disable-next-line not-rely-on-time
        if (block.timestamp > a.expiration) revert AllowanceExpired(a.expiration);
        if (a.amount != type(uint160).max) {
            if (amount > a.amount) revert InsufficientAllowance(a.amount);
            a.amount -= amount;
        }
        IERC20(token).safeTransferFrom(from, to, amount);
    }
}
