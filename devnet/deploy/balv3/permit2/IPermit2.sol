// SPDX-License-Identifier: MIT
// OURS, not Uniswap's: Permit2's combined interface reduced to the allowance-transfer half, which is all the Router uses.
pragma solidity ^0.8.24;

import { IAllowanceTransfer } from "./IAllowanceTransfer.sol";

interface IPermit2 is IAllowanceTransfer {}
