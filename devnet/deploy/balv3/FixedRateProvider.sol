// SPDX-License-Identifier: MIT
// OURS: a rate provider that always answers the rate it was built with, for seed pools whose tokens carry a rate
// other than 1e18 (the Vault then registers the token as WITH_RATE).
pragma solidity ^0.8.24;

contract FixedRateProvider {
    uint256 private immutable _rate;

    constructor(uint256 rate) {
        _rate = rate;
    }

    function getRate() external view returns (uint256) {
        return _rate;
    }
}
