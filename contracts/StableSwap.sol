// SPDX-License-Identifier: MIT
pragma solidity ^0.8.10;

/**
 * @title StableSwap
 * @notice Our own Solidity 0.8 port of Curve's StableSwap exchange (Curve's 3pool, StableSwap3Pool.vy), written
 *         after the PancakeSwap StableSwap Solidity port that DexA deploys on chain 369 as DexAStableSwapThreePool.
 *         It is not Curve's or PancakeSwap's code. It exists so the quote engine's TypeScript maths can be tested
 *         against a real EVM; it is not meant to hold real funds.
 *         Curve:   https://github.com/curvefi/curve-contract/blob/master/contracts/pools/3pool/StableSwap3Pool.vy
 *         Pancake: https://github.com/pancakeswap/pancake-smart-contracts/blob/master/projects/stable-swap/contracts/PancakeStableSwapThreePool.sol
 * @dev    Same formulas, evaluation order, rounding (every `/` rounds down), checked arithmetic and 255-round Newton
 *         loops as the Pancake port, with N_COINS fixed at deployment (2..4) instead of at compile time. Trimmed to
 *         swaps: no LP token or liquidity functions, no A ramping, no fee governance, no native-coin support.
 *         `seed_balances` (owner only) stands in for add_liquidity: it sets `balances` directly, and whoever calls it
 *         must make the pool hold at least those token amounts.
 */
contract StableSwap {
    uint256 public constant MAX_DECIMAL = 18;
    uint256 public constant FEE_DENOMINATOR = 1e10;
    uint256 public constant PRECISION = 1e18;
    uint256 public constant MAX_ADMIN_FEE = 1e10;
    uint256 public constant MAX_FEE = 5e9;
    uint256 public constant MAX_A = 1e6;

    uint256 public immutable N_COINS;
    address public immutable owner;

    address[] public coins;
    uint256[] public balances;
    uint256[] public PRECISION_MUL;
    uint256[] public RATES;
    uint256 public fee; // fee * 1e10
    uint256 public admin_fee; // admin_fee * 1e10
    uint256 private amp; // plain A, as A() returns it; the maths uses Ann = A * N_COINS

    bool private locked;

    event TokenExchange(
        address indexed buyer,
        uint256 sold_id,
        uint256 tokens_sold,
        uint256 bought_id,
        uint256 tokens_bought
    );

    modifier nonReentrant() {
        require(!locked, "ReentrancyGuard: reentrant call");
        locked = true;
        _;
        locked = false;
    }

    /**
     * @param _coins ERC-20 coins, 2..4 of them
     * @param _decimals each coin's decimals (at most 18); they set PRECISION_MUL and RATES as Pancake does
     * @param _A amplification coefficient, plain (Ann = A * N_COINS)
     * @param _fee swap fee * 1e10
     * @param _admin_fee admin share of the swap fee * 1e10
     * @param _owner the only account allowed to seed balances
     */
    constructor(
        address[] memory _coins,
        uint256[] memory _decimals,
        uint256 _A,
        uint256 _fee,
        uint256 _admin_fee,
        address _owner
    ) {
        uint256 n = _coins.length;
        require(n >= 2 && n <= 4, "2..4 coins");
        require(_decimals.length == n, "One decimals entry per coin");
        require(_A <= MAX_A, "_A exceeds maximum");
        require(_fee <= MAX_FEE, "_fee exceeds maximum");
        require(_admin_fee <= MAX_ADMIN_FEE, "_admin_fee exceeds maximum");
        for (uint256 i = 0; i < n; i++) {
            require(_coins[i] != address(0), "ZERO Address");
            require(_decimals[i] <= MAX_DECIMAL, "The maximum decimal cannot exceed 18");
            PRECISION_MUL.push(10**(MAX_DECIMAL - _decimals[i]));
            RATES.push(PRECISION * PRECISION_MUL[i]);
            balances.push(0);
        }
        N_COINS = n;
        coins = _coins;
        amp = _A;
        fee = _fee;
        admin_fee = _admin_fee;
        owner = _owner;
    }

    function A() external view returns (uint256) {
        return amp;
    }

    /// Test stand-in for add_liquidity: sets the accounted balances without moving tokens.
    function seed_balances(uint256[] calldata _balances) external {
        require(msg.sender == owner, "Only owner");
        require(_balances.length == N_COINS, "One balance per coin");
        balances = _balances;
    }

    function _xp() internal view returns (uint256[] memory result) {
        result = RATES;
        for (uint256 i = 0; i < N_COINS; i++) {
            result[i] = (result[i] * balances[i]) / PRECISION;
        }
    }

    function _xp_mem(uint256[] memory _balances) internal view returns (uint256[] memory result) {
        result = RATES;
        for (uint256 i = 0; i < N_COINS; i++) {
            result[i] = (result[i] * _balances[i]) / PRECISION;
        }
    }

    function get_D(uint256[] memory xp, uint256 _amp) internal pure returns (uint256) {
        uint256 n = xp.length;
        uint256 S;
        for (uint256 i = 0; i < n; i++) {
            S += xp[i];
        }
        if (S == 0) {
            return 0;
        }

        uint256 Dprev;
        uint256 D = S;
        uint256 Ann = _amp * n;
        for (uint256 j = 0; j < 255; j++) {
            uint256 D_P = D;
            for (uint256 k = 0; k < n; k++) {
                // A zero balance divides by zero: only withdrawals would work, as in Curve.
                D_P = (D_P * D) / (xp[k] * n);
            }
            Dprev = D;
            D = ((Ann * S + D_P * n) * D) / ((Ann - 1) * D + (n + 1) * D_P);
            if (D > Dprev) {
                if (D - Dprev <= 1) {
                    break;
                }
            } else {
                if (Dprev - D <= 1) {
                    break;
                }
            }
        }
        return D;
    }

    function get_y(
        uint256 i,
        uint256 j,
        uint256 x,
        uint256[] memory xp_
    ) internal view returns (uint256) {
        uint256 n = N_COINS;
        require((i != j) && (i < n) && (j < n), "Illegal parameter");
        uint256 D = get_D(xp_, amp);
        uint256 c = D;
        uint256 S_;
        uint256 Ann = amp * n;

        uint256 _x;
        for (uint256 k = 0; k < n; k++) {
            if (k == i) {
                _x = x;
            } else if (k != j) {
                _x = xp_[k];
            } else {
                continue;
            }
            S_ += _x;
            c = (c * D) / (_x * n);
        }
        c = (c * D) / (Ann * n);
        uint256 b = S_ + D / Ann; // - D
        uint256 y_prev;
        uint256 y = D;

        for (uint256 m = 0; m < 255; m++) {
            y_prev = y;
            y = (y * y + c) / (2 * y + b - D);
            if (y > y_prev) {
                if (y - y_prev <= 1) {
                    break;
                }
            } else {
                if (y_prev - y <= 1) {
                    break;
                }
            }
        }
        return y;
    }

    function get_dy(
        uint256 i,
        uint256 j,
        uint256 dx
    ) external view returns (uint256) {
        uint256[] memory rates = RATES;
        uint256[] memory xp = _xp();

        uint256 x = xp[i] + ((dx * rates[i]) / PRECISION);
        uint256 y = get_y(i, j, x, xp);
        uint256 dy = ((xp[j] - y - 1) * PRECISION) / rates[j];
        uint256 _fee = (fee * dy) / FEE_DENOMINATOR;
        return dy - _fee;
    }

    function exchange(
        uint256 i,
        uint256 j,
        uint256 dx,
        uint256 min_dy
    ) external nonReentrant {
        uint256[] memory old_balances = balances;
        uint256[] memory xp = _xp_mem(old_balances);

        uint256 x = xp[i] + (dx * RATES[i]) / PRECISION;
        uint256 y = get_y(i, j, x, xp);

        uint256 dy = xp[j] - y - 1; // -1 just in case there were some rounding errors
        uint256 dy_fee = (dy * fee) / FEE_DENOMINATOR;

        // Convert all to real units
        dy = ((dy - dy_fee) * PRECISION) / RATES[j];
        require(dy >= min_dy, "Exchange resulted in fewer coins than expected");

        uint256 dy_admin_fee = (dy_fee * admin_fee) / FEE_DENOMINATOR;
        dy_admin_fee = (dy_admin_fee * PRECISION) / RATES[j];

        // Change balances exactly in the same way as the actual ERC-20 amounts change
        balances[i] = old_balances[i] + dx;
        // When rounding errors happen, the admin fee is undercharged in favour of LPs
        balances[j] = old_balances[j] - dy - dy_admin_fee;

        _safeTransferFrom(coins[i], msg.sender, address(this), dx);
        _safeTransfer(coins[j], msg.sender, dy);
        emit TokenExchange(msg.sender, i, dx, j, dy);
    }

    // Accepts tokens that return nothing (USDT-style) as well as those returning true.
    function _safeTransfer(address token, address to, uint256 value) private {
        (bool ok, bytes memory data) = token.call(abi.encodeWithSelector(0xa9059cbb, to, value));
        require(ok && (data.length == 0 || abi.decode(data, (bool))), "Transfer failed");
    }

    function _safeTransferFrom(address token, address from, address to, uint256 value) private {
        (bool ok, bytes memory data) = token.call(abi.encodeWithSelector(0x23b872dd, from, to, value));
        require(ok && (data.length == 0 || abi.decode(data, (bool))), "TransferFrom failed");
    }
}
