// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

/**
 * @title AggregatorRouter
 * @notice Executes one quote of the quote service: the input (native coin wrapped on the way in), its splits in
 *         order with their exact amounts, each split's hops through UniV2 pairs, UniV3 pools, Curve-style StableSwap
 *         pools, Balancer V2 pools (through the V2 Vault) and Balancer V3 pools (through the V3 Vault's unlock and
 *         settle), then the output to the recipient (unwrapped to the native coin when asked).
 * @dev    Safety model:
 *         - Funds come only from msg.sender (or msg.value); hops spend only what earlier steps of this call produced.
 *         - The router calls typed pool functions only; calldata names pools, never call targets or call data.
 *         - It holds nothing between calls: every hop spends its whole input, the output token's whole balance goes
 *           to the recipient, and approvals are exact (consumed by the pull they were made for).
 *         - What the recipient receives is measured on the recipient's balance and checked against minAmountOut,
 *           so a pool that lies about its output (or any other failure) reverts the whole call.
 *         - A transient reentrancy lock guards `execute`; the UniV3 callback pays only the pool being called, only
 *           once, and only the exact amount of that hop; the Balancer V3 callback runs only inside our own unlock.
 */
contract AggregatorRouter {
    /// The pool kinds a hop can go through.
    enum PoolKind {
        UniV2,
        UniV3,
        Stable,
        BalancerV2,
        BalancerV3
    }

    struct Hop {
        PoolKind kind;
        /// The pool (UniV2 pair, UniV3 pool, StableSwap, Balancer V2 or V3 pool).
        address pool;
        /// Token this hop buys; the token it sells is the previous hop's tokenOut (or the split's input token).
        address tokenOut;
        /// UniV2 only: the share of the input that reaches the curve, e.g. 9971 / 10000 for a 0.29% fee.
        uint32 feeNumerator;
        uint32 feeDenominator;
        /// Stable only: the pool's coin indices of the token sold and the token bought.
        uint8 indexIn;
        uint8 indexOut;
    }

    struct Split {
        /// Exact amount of the input token this split sells; the splits' amounts sum to the call's amountIn.
        uint256 amountIn;
        Hop[] hops;
    }

    /// The zero address stands for the native coin as tokenIn or tokenOut.
    address private constant NATIVE = address(0);
    uint160 private constant MIN_SQRT_RATIO_PLUS_ONE = 4295128740;
    uint160 private constant MAX_SQRT_RATIO_MINUS_ONE = 1461446703485210103287273052203988822378723970341;

    address public immutable WRAPPED_NATIVE;
    /// Balancer V2 Vault of this network (the zero address when the network has none).
    address public immutable BALANCER_V2_VAULT;
    /// Balancer V3 Vault of this network (the zero address when the network has none).
    address public immutable BALANCER_V3_VAULT;

    bool private transient locked;
    /// The UniV3 pool being called, the token it must be paid in and the exact amount; cleared once it is paid.
    address private transient v3Pool;
    address private transient v3Token;
    uint256 private transient v3Amount;
    /// Set only while this router's own Balancer V3 unlock runs.
    bool private transient inBalancerV3Unlock;

    event Executed(
        address indexed sender,
        address indexed recipient,
        address tokenIn,
        address tokenOut,
        uint256 amountIn,
        uint256 amountOut
    );

    error Reentrancy();
    error DeadlineExpired(uint256 deadline, uint256 timestamp);
    error ZeroAmount();
    error InvalidRecipient();
    error InvalidRoute();
    error NativeValueMismatch(uint256 expected, uint256 sent);
    error SplitAmountsMismatch(uint256 splitsTotal, uint256 amountIn);
    error ZeroOutput(uint256 split, uint256 hop);
    error InsufficientOutput(uint256 received, uint256 minAmountOut);
    error KindNotConfigured(PoolKind kind);
    error UnexpectedCallback();
    error UnexpectedPayment(uint256 owed, uint256 expected);
    error CallbackNotPaid();
    error InputNotTaken();
    error TokenCallFailed(address token);
    error NativeTransferFailed();

    constructor(address wrappedNative, address balancerV2Vault, address balancerV3Vault) {
        WRAPPED_NATIVE = wrappedNative;
        BALANCER_V2_VAULT = balancerV2Vault;
        BALANCER_V3_VAULT = balancerV3Vault;
    }

    modifier nonReentrant() {
        if (locked) revert Reentrancy();
        locked = true;
        _;
        locked = false;
    }

    /// Native coin arrives only when the wrapped token is unwrapped.
    receive() external payable {
        if (msg.sender != WRAPPED_NATIVE) revert UnexpectedCallback();
    }

    /**
     * @notice Sells `amountIn` of `tokenIn` (the zero address: the native coin, sent as msg.value) along `splits`
     *         and sends all of `tokenOut` bought (the zero address: unwrapped to the native coin) to `recipient`.
     * @return amountOut what the recipient's balance grew by: at least `minAmountOut`, and never zero
     */
    function execute(
        address tokenIn,
        address tokenOut,
        uint256 amountIn,
        uint256 minAmountOut,
        address recipient,
        uint256 deadline,
        Split[] calldata splits
    ) external payable nonReentrant returns (uint256 amountOut) {
        if (block.timestamp > deadline) revert DeadlineExpired(deadline, block.timestamp);
        if (amountIn == 0) revert ZeroAmount();
        if (recipient == address(0) || recipient == address(this)) revert InvalidRecipient();
        address first = tokenIn == NATIVE ? WRAPPED_NATIVE : tokenIn;
        address last = tokenOut == NATIVE ? WRAPPED_NATIVE : tokenOut;
        if (first == last || splits.length == 0) revert InvalidRoute();

        uint256 recipientBefore = _balanceOf(tokenOut, recipient);
        _pull(tokenIn, amountIn);
        uint256 splitsTotal;
        for (uint256 s; s < splits.length; ++s) {
            splitsTotal += splits[s].amountIn;
            _executeSplit(splits[s], s, first, last);
        }
        if (splitsTotal != amountIn) revert SplitAmountsMismatch(splitsTotal, amountIn);
        _deliver(last, tokenOut == NATIVE, recipient);
        amountOut = _balanceOf(tokenOut, recipient) - recipientBefore;
        if (amountOut == 0 || amountOut < minAmountOut) revert InsufficientOutput(amountOut, minAmountOut);
        emit Executed(msg.sender, recipient, tokenIn, tokenOut, amountIn, amountOut);
    }

    /**
     * @notice UniV3 swap callback: pays the pool this router is calling, once, exactly the hop's input.
     */
    function uniswapV3SwapCallback(int256 amount0Delta, int256 amount1Delta, bytes calldata) external {
        _payV3(amount0Delta, amount1Delta);
    }

    /// The same callback under the name PancakeSwap V3-style pools call.
    function pancakeV3SwapCallback(int256 amount0Delta, int256 amount1Delta, bytes calldata) external {
        _payV3(amount0Delta, amount1Delta);
    }

    /**
     * @notice Balancer V3 unlock callback: one exact-in swap, paid and settled, its output sent to `to`.
     * @dev Callable only by the V3 Vault while this router's own unlock runs.
     */
    function balancerV3Swap(
        address pool,
        address tokenIn,
        address tokenOut,
        uint256 amountIn,
        address to
    ) external returns (uint256 amountOut) {
        address vault = BALANCER_V3_VAULT;
        if (msg.sender != vault || !inBalancerV3Unlock) revert UnexpectedCallback();
        inBalancerV3Unlock = false;
        (, , amountOut) = IBalancerV3Vault(vault).swap(
            IBalancerV3Vault.VaultSwapParams({
                kind: IBalancerV3Vault.SwapKind.EXACT_IN,
                pool: pool,
                tokenIn: tokenIn,
                tokenOut: tokenOut,
                amountGivenRaw: amountIn,
                limitRaw: 0,
                userData: ''
            })
        );
        _call(tokenIn, abi.encodeCall(IERC20Minimal.transfer, (vault, amountIn)));
        IBalancerV3Vault(vault).settle(tokenIn, amountIn);
        IBalancerV3Vault(vault).sendTo(tokenOut, to, amountOut);
    }

    /// Takes the input from msg.sender: the native coin sent along (wrapped), or an ERC-20 it approved.
    function _pull(address tokenIn, uint256 amountIn) private {
        if (tokenIn == NATIVE) {
            if (msg.value != amountIn) revert NativeValueMismatch(amountIn, msg.value);
            IWrappedNative(WRAPPED_NATIVE).deposit{value: amountIn}();
        } else {
            if (msg.value != 0) revert NativeValueMismatch(0, msg.value);
            _call(tokenIn, abi.encodeCall(IERC20Minimal.transferFrom, (msg.sender, address(this), amountIn)));
        }
    }

    /// Sends the router's whole balance of `last` (all of it is this call's) to the recipient, unwrapped if asked.
    function _deliver(address last, bool unwrap, address recipient) private {
        uint256 bought = _balanceOf(last, address(this));
        if (unwrap) {
            IWrappedNative(WRAPPED_NATIVE).withdraw(bought);
            (bool sent, ) = recipient.call{value: bought}('');
            if (!sent) revert NativeTransferFailed();
        } else {
            _call(last, abi.encodeCall(IERC20Minimal.transfer, (recipient, bought)));
        }
    }

    function _executeSplit(Split calldata split, uint256 s, address first, address last) private {
        Hop[] calldata hops = split.hops;
        uint256 n = hops.length;
        if (split.amountIn == 0) revert ZeroAmount();
        if (n == 0 || hops[n - 1].tokenOut != last) revert InvalidRoute();
        address token = first;
        uint256 amount = split.amountIn;
        // True when `amount` of `token` already sits in the next hop's UniV2 pair (the previous hop paid it there).
        bool paid;
        for (uint256 h; h < n; ++h) {
            Hop calldata hop = hops[h];
            if (hop.tokenOut == token || hop.tokenOut == NATIVE) revert InvalidRoute();
            // A UniV2 pair swaps what it holds beyond its reserves, so the previous hop can pay it directly.
            bool payNext = h + 1 < n && hops[h + 1].kind == PoolKind.UniV2 && hop.kind != PoolKind.Stable;
            address to = payNext ? hops[h + 1].pool : address(this);
            amount = _swap(hop, token, amount, to, paid);
            if (amount == 0) revert ZeroOutput(s, h);
            paid = payNext;
            token = hop.tokenOut;
        }
    }

    /// One hop: sells `amountIn` of `tokenIn` (already in the pair when `paid`), sends the output to `to`.
    function _swap(
        Hop calldata hop,
        address tokenIn,
        uint256 amountIn,
        address to,
        bool paid
    ) private returns (uint256 amountOut) {
        PoolKind kind = hop.kind;
        if (kind == PoolKind.UniV2) return _swapUniV2(hop, tokenIn, amountIn, to, paid);
        if (kind == PoolKind.UniV3) return _swapUniV3(hop.pool, tokenIn, hop.tokenOut, amountIn, to);
        if (kind == PoolKind.Stable) return _swapStable(hop, tokenIn, amountIn);
        if (kind == PoolKind.BalancerV2) return _swapBalancerV2(hop.pool, tokenIn, hop.tokenOut, amountIn, to);
        return _swapBalancerV3(hop.pool, tokenIn, hop.tokenOut, amountIn, to);
    }

    /// UniswapV2Library.getAmountOut on the pair's reserves with the hop's fee, then the pair's own swap.
    function _swapUniV2(
        Hop calldata hop,
        address tokenIn,
        uint256 amountIn,
        address to,
        bool paid
    ) private returns (uint256 amountOut) {
        address pair = hop.pool;
        if (!paid) _call(tokenIn, abi.encodeCall(IERC20Minimal.transfer, (pair, amountIn)));
        (uint256 reserve0, uint256 reserve1, ) = IUniswapV2Pair(pair).getReserves();
        // A pair's token0 is the lower address of its two tokens.
        bool zeroForOne = tokenIn < hop.tokenOut;
        (uint256 reserveIn, uint256 reserveOut) = zeroForOne ? (reserve0, reserve1) : (reserve1, reserve0);
        uint256 amountInWithFee = amountIn * hop.feeNumerator;
        amountOut = (amountInWithFee * reserveOut) / (reserveIn * hop.feeDenominator + amountInWithFee);
        if (amountOut == 0) return 0;
        (uint256 out0, uint256 out1) = zeroForOne ? (uint256(0), amountOut) : (amountOut, uint256(0));
        IUniswapV2Pair(pair).swap(out0, out1, to, '');
    }

    function _swapUniV3(
        address pool,
        address tokenIn,
        address tokenOut,
        uint256 amountIn,
        address to
    ) private returns (uint256 amountOut) {
        if (amountIn > uint256(type(int256).max)) revert InvalidRoute();
        bool zeroForOne = tokenIn < tokenOut;
        v3Pool = pool;
        v3Token = tokenIn;
        v3Amount = amountIn;
        (int256 amount0, int256 amount1) = IUniswapV3Pool(pool).swap(
            to,
            zeroForOne,
            int256(amountIn),
            zeroForOne ? MIN_SQRT_RATIO_PLUS_ONE : MAX_SQRT_RATIO_MINUS_ONE,
            ''
        );
        // The callback clears v3Pool when it pays: a pool that never asked to be paid did not swap.
        if (v3Pool != address(0)) revert CallbackNotPaid();
        int256 received = zeroForOne ? -amount1 : -amount0;
        amountOut = received > 0 ? uint256(received) : 0;
    }

    function _payV3(int256 amount0Delta, int256 amount1Delta) private {
        address pool = v3Pool;
        if (pool == address(0) || msg.sender != pool) revert UnexpectedCallback();
        uint256 owed = amount0Delta > 0 ? uint256(amount0Delta) : amount1Delta > 0 ? uint256(amount1Delta) : 0;
        // Exact input with no price limit: the pool takes all of it, or the swap ran out of liquidity.
        uint256 expected = v3Amount;
        if (owed != expected) revert UnexpectedPayment(owed, expected);
        v3Pool = address(0);
        _call(v3Token, abi.encodeCall(IERC20Minimal.transfer, (pool, owed)));
    }

    /// StableSwap.exchange pulls the input with an exact approval and sends the output to the router.
    function _swapStable(Hop calldata hop, address tokenIn, uint256 amountIn) private returns (uint256 amountOut) {
        address pool = hop.pool;
        uint256 before = _balanceOf(hop.tokenOut, address(this));
        _call(tokenIn, abi.encodeCall(IERC20Minimal.approve, (pool, amountIn)));
        IStableSwap(pool).exchange(hop.indexIn, hop.indexOut, amountIn, 0);
        // An approval left over would let the pool take tokens later: it must have pulled the whole input.
        if (IERC20Minimal(tokenIn).allowance(address(this), pool) != 0) revert InputNotTaken();
        amountOut = _balanceOf(hop.tokenOut, address(this)) - before;
    }

    function _swapBalancerV2(
        address pool,
        address tokenIn,
        address tokenOut,
        uint256 amountIn,
        address to
    ) private returns (uint256 amountOut) {
        address vault = BALANCER_V2_VAULT;
        if (vault == address(0)) revert KindNotConfigured(PoolKind.BalancerV2);
        bytes32 poolId = IBalancerV2Pool(pool).getPoolId();
        // The Vault pulls exactly amountIn, which brings the allowance back to zero.
        _call(tokenIn, abi.encodeCall(IERC20Minimal.approve, (vault, amountIn)));
        amountOut = IBalancerV2Vault(vault).swap(
            IBalancerV2Vault.SingleSwap({
                poolId: poolId,
                kind: IBalancerV2Vault.SwapKind.GIVEN_IN,
                assetIn: tokenIn,
                assetOut: tokenOut,
                amount: amountIn,
                userData: ''
            }),
            IBalancerV2Vault.FundManagement({
                sender: address(this),
                fromInternalBalance: false,
                recipient: payable(to),
                toInternalBalance: false
            }),
            0,
            block.timestamp
        );
    }

    function _swapBalancerV3(
        address pool,
        address tokenIn,
        address tokenOut,
        uint256 amountIn,
        address to
    ) private returns (uint256 amountOut) {
        address vault = BALANCER_V3_VAULT;
        if (vault == address(0)) revert KindNotConfigured(PoolKind.BalancerV3);
        inBalancerV3Unlock = true;
        bytes memory result = IBalancerV3Vault(vault).unlock(
            abi.encodeCall(this.balancerV3Swap, (pool, tokenIn, tokenOut, amountIn, to))
        );
        if (inBalancerV3Unlock) revert CallbackNotPaid();
        amountOut = abi.decode(result, (uint256));
    }

    /// Balance of an ERC-20, or the native balance for the zero address.
    function _balanceOf(address token, address account) private view returns (uint256) {
        if (token == NATIVE) return account.balance;
        (bool ok, bytes memory data) = token.staticcall(abi.encodeCall(IERC20Minimal.balanceOf, (account)));
        if (!ok || data.length < 32) revert TokenCallFailed(token);
        return abi.decode(data, (uint256));
    }

    /// A token call that must succeed and return true or nothing (tokens that return nothing, USDT-style); a token's
    /// own revert reason is passed on.
    function _call(address token, bytes memory data) private {
        (bool ok, bytes memory result) = token.call(data);
        if (!ok && result.length > 0) {
            assembly ("memory-safe") {
                revert(add(result, 32), mload(result))
            }
        }
        if (!ok || token.code.length == 0 || (result.length != 0 && !abi.decode(result, (bool)))) {
            revert TokenCallFailed(token);
        }
    }
}

interface IERC20Minimal {
    function balanceOf(address account) external view returns (uint256);
    function allowance(address owner, address spender) external view returns (uint256);
    function transfer(address to, uint256 value) external returns (bool);
    function transferFrom(address from, address to, uint256 value) external returns (bool);
    function approve(address spender, uint256 value) external returns (bool);
}

interface IWrappedNative {
    function deposit() external payable;
    function withdraw(uint256 amount) external;
}

interface IUniswapV2Pair {
    function getReserves() external view returns (uint112 reserve0, uint112 reserve1, uint32 blockTimestampLast);
    function swap(uint256 amount0Out, uint256 amount1Out, address to, bytes calldata data) external;
}

interface IUniswapV3Pool {
    function swap(
        address recipient,
        bool zeroForOne,
        int256 amountSpecified,
        uint160 sqrtPriceLimitX96,
        bytes calldata data
    ) external returns (int256 amount0, int256 amount1);
}

/// contracts/StableSwap.sol (Curve 3pool-style, indices as uint256, no return value).
interface IStableSwap {
    function exchange(uint256 i, uint256 j, uint256 dx, uint256 min_dy) external;
}

interface IBalancerV2Pool {
    function getPoolId() external view returns (bytes32);
}

interface IBalancerV2Vault {
    enum SwapKind {
        GIVEN_IN,
        GIVEN_OUT
    }

    struct SingleSwap {
        bytes32 poolId;
        SwapKind kind;
        address assetIn;
        address assetOut;
        uint256 amount;
        bytes userData;
    }

    struct FundManagement {
        address sender;
        bool fromInternalBalance;
        address payable recipient;
        bool toInternalBalance;
    }

    function swap(
        SingleSwap memory singleSwap,
        FundManagement memory funds,
        uint256 limit,
        uint256 deadline
    ) external payable returns (uint256 amountCalculated);
}

interface IBalancerV3Vault {
    enum SwapKind {
        EXACT_IN,
        EXACT_OUT
    }

    struct VaultSwapParams {
        SwapKind kind;
        address pool;
        address tokenIn;
        address tokenOut;
        uint256 amountGivenRaw;
        uint256 limitRaw;
        bytes userData;
    }

    function unlock(bytes calldata data) external returns (bytes memory result);

    function swap(
        VaultSwapParams memory vaultSwapParams
    ) external returns (uint256 amountCalculatedRaw, uint256 amountInRaw, uint256 amountOutRaw);

    function settle(address token, uint256 amountHint) external returns (uint256 credit);

    function sendTo(address token, address to, uint256 amount) external;
}
