// Successful quotes through a real server on the committed snapshot: the spec 2.2 response shape, pricing, routes,
// the native coin, /quotes/advanced against /quotes, and the router and wrap transactions decoded with viem.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { decodeFunctionData } from 'viem';
import { uniswapV2Router02Abi, weth9Abi } from '../../src/tx/abis.generated.ts';
import { type TestService, startTestService } from '../support/service.ts';
import {
  ADVANCED_PATH,
  DAI,
  DECIMALS,
  HEX,
  NATIVE,
  PLATFORM_IDS,
  PLSX,
  QUOTES_PATH,
  QUOTE_PATHS,
  ROUTERS,
  UNKNOWN_TOKEN,
  USDC,
  USER,
  USER_CHECKSUMMED,
  WPLS,
  errorBody,
  expectedUsd,
  postQuote,
  quoteRequest,
} from './helpers.ts';

// No cache: every test computes its own quotes, so no test sees another's answer (or its deadline).
let api: TestService;
before(async () => {
  api = await startTestService(undefined, { CACHE_TTL_MS: '0' });
});
after(() => api.service.close());

const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const ISO_UTC = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/;
const POSITIVE_INTEGER = /^[1-9][0-9]*$/;
const ADDRESS = /^0x[0-9a-fA-F]{40}$/;
const DEADLINE_SECONDS = 1200n;

interface RouteLeg {
  pairAddress: string;
  tokenIn: string;
  tokenOut: string;
  fee: number;
  feeDenominator: number;
  platform: string;
}
interface QuoteTx {
  from: string;
  to: string;
  data: `0x${string}`;
  value: string;
}
interface QuoteData {
  success: boolean;
  quoteId: string;
  amountIn: string;
  amountOut: string;
  amountOutUSD: string;
  gasEstimate: number;
  splits: [number, RouteLeg[]][];
  tx?: QuoteTx;
}

/** Posts a request that must succeed and checks the envelope of spec 2.2; returns `data`. */
async function quote(body: Record<string, unknown>, path: string = QUOTES_PATH): Promise<QuoteData> {
  const response = await postQuote(api.port, body, {}, path);
  assert.equal(response.status, 200, response.text);
  assert.equal(response.headers['content-type'], 'application/json');
  const parsed = JSON.parse(response.text);
  assert.deepEqual(Object.keys(parsed), ['success', 'data', 'message', 'timestamp']);
  assert.equal(parsed.success, true);
  assert.equal(parsed.message, 'OK');
  assert.match(parsed.timestamp, ISO_UTC);
  assert.equal(new Date(parsed.timestamp).toISOString(), parsed.timestamp);
  const data = parsed.data as QuoteData;
  const keys = ['success', 'quoteId', 'amountIn', 'amountOut', 'amountOutUSD', 'gasEstimate', 'splits'];
  assert.deepEqual(Object.keys(data), body.userAddress && data.tx ? [...keys, 'tx'] : keys);
  assert.equal(data.success, true);
  assert.match(data.quoteId, UUID_V4);
  assert.match(data.amountOut, POSITIVE_INTEGER);
  assert.ok(Number.isInteger(data.gasEstimate), `gasEstimate ${data.gasEstimate}`);
  return data;
}

/** The single route of a quote, checked leg by leg and for chaining from `fromToken` to `toToken`. */
function route(data: QuoteData, fromToken: string, toToken: string, platform: string): RouteLeg[] {
  assert.equal(data.splits.length, 1);
  const [share, legs] = data.splits[0];
  assert.equal(share, 100);
  return checkLegs(legs, fromToken, toToken, platform);
}

/**
 * Every split of a quote (advanced may split the input): percents with at most two decimals summing to exactly
 * 100, each split a route checked as `route` checks the single one.
 */
function splitRoutes(data: QuoteData, fromToken: string, toToken: string, platform: string): RouteLeg[][] {
  assert.ok(data.splits.length >= 1);
  let hundredths = 0;
  for (const [share] of data.splits) {
    assert.ok(share > 0 && Number.isInteger(Math.round(share * 100)) && Math.abs(share * 100 - Math.round(share * 100)) < 1e-9, `percent ${share}`);
    hundredths += Math.round(share * 100);
  }
  assert.equal(hundredths, 10_000);
  return data.splits.map(([, legs]) => checkLegs(legs, fromToken, toToken, platform));
}

function checkLegs(legs: RouteLeg[], fromToken: string, toToken: string, platform: string): RouteLeg[] {
  assert.ok(legs.length >= 1);
  for (const leg of legs) {
    assert.deepEqual(Object.keys(leg), ['pairAddress', 'tokenIn', 'tokenOut', 'fee', 'feeDenominator', 'platform']);
    assert.match(leg.pairAddress, ADDRESS);
    assert.match(leg.tokenIn, ADDRESS);
    assert.match(leg.tokenOut, ADDRESS);
    assert.ok(Number.isInteger(leg.fee) && leg.fee >= 0, `fee ${leg.fee}`);
    assert.ok(Number.isInteger(leg.feeDenominator) && leg.feeDenominator > leg.fee, `feeDenominator ${leg.feeDenominator}`);
    if (platform === 'mixed') assert.ok((PLATFORM_IDS as readonly string[]).includes(leg.platform) && leg.platform !== 'mixed');
    else assert.equal(leg.platform, platform);
  }
  for (let i = 1; i < legs.length; i++) assert.equal(legs[i].tokenIn, legs[i - 1].tokenOut, `leg ${i} does not chain`);
  // The wrapped token stands for the native coin inside a route.
  assert.equal(legs[0].tokenIn, fromToken === NATIVE ? WPLS : fromToken);
  assert.equal(legs[legs.length - 1].tokenOut, toToken === NATIVE ? WPLS : toToken);
  return legs;
}

const nowSeconds = () => BigInt(Math.floor(Date.now() / 1000));
const ppm = (slippage: number) => BigInt(Math.round(slippage * 1e4));
const minOut = (amountOut: bigint, slippage: number) => (amountOut * (1_000_000n - ppm(slippage))) / 1_000_000n;

describe('response shape', () => {
  for (const path of QUOTE_PATHS) {
    it(`answers ${path} with the spec 2.2 envelope, a UUID v4 quoteId and a chained route`, async () => {
      const data = await quote(quoteRequest(), path);
      route(data, WPLS, USDC, 'dexa_v2');
      assert.equal('tx' in data, false);
    });
  }

  it('gives each quote its own quoteId', async () => {
    const [a, b] = await Promise.all([quote(quoteRequest()), quote(quoteRequest())]);
    assert.notEqual(a.quoteId, b.quoteId);
  });

  const pairs: [string, string, string, string][] = [
    ['mixed', WPLS, USDC, '1000000000000000000000000'],
    ['mixed', HEX, USDC, '100000000000'],
    ['mixed', PLSX, HEX, '1000000000000000000'],
    ['dexa_v2', USDC, DAI, '1000000000'],
    ['dexb_v2', DAI, NATIVE, '1000000000000000000'],
    ['dexa_v2', NATIVE, DAI, '1000000000000000000'],
  ];
  for (const [platform, fromToken, toToken, amountIn] of pairs) {
    it(`routes ${fromToken} → ${toToken} on ${platform} through legs that chain from input to output`, async () => {
      const data = await quote(quoteRequest({ platform, fromToken, toToken, amountIn }));
      route(data, fromToken, toToken, platform);
    });
  }
});

describe('pricing', () => {
  it('answers amountIn "0", amountOutUSD "0" and gasEstimate 0 without extra prices', async () => {
    const data = await quote(quoteRequest({ amountIn: '5000000000000000000000' }));
    assert.equal(data.amountIn, '0');
    assert.equal(data.amountOutUSD, '0');
    assert.equal(data.gasEstimate, 0);
  });

  it('does not price a quote from extra.tokenInPrice alone', async () => {
    const data = await quote(quoteRequest({ extra: { tokenInPrice: 0.00003, gasPrice: '1000000000', gasTokenPrice: 0.00003 } }));
    assert.equal(data.amountIn, '0');
    assert.equal(data.amountOutUSD, '0');
    assert.equal(data.gasEstimate, 0);
  });

  // Prices exactly representable in binary, so the expected value is exact decimal maths.
  const priced: [string, string, string, number, bigint, bigint][] = [
    ['USDC (6 decimals)', WPLS, USDC, 1.25, 125n, 100n],
    ['HEX (8 decimals)', PLSX, HEX, 0.0078125, 78125n, 10_000_000n],
    ['DAI (18 decimals)', USDC, DAI, 0.999755859375, 999755859375n, 10n ** 12n],
  ];
  for (const path of QUOTE_PATHS) {
    for (const [name, fromToken, toToken, price, numerator, denominator] of priced) {
      it(`values amountOut in ${name} at extra.tokenOutPrice ${price} to 6 decimals on ${path}`, async () => {
        const amountIn = '123456789000000000000';
        const data = await quote(quoteRequest({ platform: 'mixed', fromToken, toToken, amountIn, extra: { tokenOutPrice: price } }), path);
        assert.equal(data.amountIn, amountIn);
        const decimals = DECIMALS[toToken.toLowerCase()];
        assert.equal(data.amountOutUSD, expectedUsd(BigInt(data.amountOut), decimals, numerator, denominator));
        assert.ok(data.gasEstimate > 0, `gasEstimate ${data.gasEstimate}`);
      });
    }
  }

  it('keeps a fractional amountOutUSD below one cent', async () => {
    const data = await quote(quoteRequest({ amountIn: '1000000000000000000', extra: { tokenOutPrice: 1 } }));
    assert.equal(data.amountOutUSD, expectedUsd(BigInt(data.amountOut), 6, 1n, 1n));
    assert.match(data.amountOutUSD, /^0\.\d{1,6}$/);
  });

  it('gives a positive gasEstimate with the full set of gas parameters', async () => {
    const extra = { tokenInPrice: 0.00003, tokenOutPrice: 1, gasPrice: '1000000000000000', gasTokenPrice: 0.00003 };
    const data = await quote(quoteRequest({ platform: 'mixed', amountIn: '10000000000000000000000', extra }));
    assert.equal(data.amountIn, '10000000000000000000000');
    assert.ok(Number.isInteger(data.gasEstimate) && data.gasEstimate > 0, `gasEstimate ${data.gasEstimate}`);
  });
});

describe('/quotes/advanced against /quotes', () => {
  const cases: [string, string, string, string[]][] = [
    ['mixed', WPLS, USDC, ['100000000000000000000', '1000000000000000000000', '1000000000000000000000000']],
    ['mixed', NATIVE, DAI, ['1000000000000000000', '1000000000000000000000000']],
    ['mixed', PLSX, HEX, ['1000000000000000000', '1000000000000000000000000']],
    ['mixed', HEX, USDC, ['100000000', '10000000000000']],
    ['dexa_v2', PLSX, HEX, ['1000000000000000000', '1000000000000000000000000']],
    ['dexb_v2', USDC, DAI, ['1000000', '1000000000000']],
  ];
  for (const [platform, fromToken, toToken, amounts] of cases) {
    it(`never quotes less on /quotes/advanced for ${fromToken} → ${toToken} on ${platform}`, async () => {
      for (const amountIn of amounts) {
        const body = quoteRequest({ platform, fromToken, toToken, amountIn });
        const [standard, advanced] = await Promise.all([quote(body, QUOTES_PATH), quote(body, ADVANCED_PATH)]);
        splitRoutes(advanced, fromToken, toToken, platform);
        assert.ok(
          BigInt(advanced.amountOut) >= BigInt(standard.amountOut),
          `${amountIn}: advanced ${advanced.amountOut} < standard ${standard.amountOut}`,
        );
      }
    });
  }

  it('finds a strictly better route on /quotes/advanced for 1 PLS → DAI on mixed (deeper search)', async () => {
    const body = quoteRequest({ platform: 'mixed', fromToken: NATIVE, toToken: DAI, amountIn: '1000000000000000000' });
    const [standard, advanced] = await Promise.all([quote(body, QUOTES_PATH), quote(body, ADVANCED_PATH)]);
    assert.ok(BigInt(advanced.amountOut) > BigInt(standard.amountOut), `${advanced.amountOut} <= ${standard.amountOut}`);
  });
});

describe('native coin', () => {
  for (const path of QUOTE_PATHS) {
    it(`wraps the native coin 1:1 into WPLS with a deposit call on ${path}`, async () => {
      const amountIn = '2500000000000000000';
      const data = await quote(quoteRequest({ fromToken: NATIVE, toToken: WPLS, amountIn, userAddress: USER_CHECKSUMMED }), path);
      assert.equal(data.amountOut, amountIn);
      assert.deepEqual(data.splits, [
        [100, [{ pairAddress: WPLS, tokenIn: NATIVE, tokenOut: WPLS, fee: 0, feeDenominator: 10000, platform: 'dexa_v2' }]],
      ]);
      assert.ok(data.tx);
      assert.deepEqual(Object.keys(data.tx), ['from', 'to', 'data', 'value']);
      assert.equal(data.tx.from, USER_CHECKSUMMED);
      assert.equal(data.tx.to, WPLS);
      assert.equal(data.tx.value, amountIn);
      const call = decodeFunctionData({ abi: weth9Abi, data: data.tx.data });
      assert.equal(call.functionName, 'deposit');
      assert.equal(call.args, undefined);
    });

    it(`unwraps WPLS 1:1 into the native coin with a withdraw call on ${path}`, async () => {
      const amountIn = '7000000000000000001';
      const data = await quote(quoteRequest({ fromToken: WPLS, toToken: NATIVE, amountIn, userAddress: USER_CHECKSUMMED }), path);
      assert.equal(data.amountOut, amountIn);
      assert.deepEqual(data.splits, [
        [100, [{ pairAddress: WPLS, tokenIn: WPLS, tokenOut: NATIVE, fee: 0, feeDenominator: 10000, platform: 'dexa_v2' }]],
      ]);
      assert.ok(data.tx);
      assert.equal(data.tx.from, USER_CHECKSUMMED);
      assert.equal(data.tx.to, WPLS);
      assert.equal(data.tx.value, '0');
      const call = decodeFunctionData({ abi: weth9Abi, data: data.tx.data });
      assert.equal(call.functionName, 'withdraw');
      assert.deepEqual(call.args, [BigInt(amountIn)]);
    });
  }

  it('quotes a wrap without tx when no userAddress is given', async () => {
    const data = await quote(quoteRequest({ fromToken: NATIVE, toToken: WPLS, amountIn: '10' }));
    assert.equal(data.amountOut, '10');
    assert.equal('tx' in data, false);
  });

  it('quotes native coin in on mixed with a route that starts at WPLS', async () => {
    const data = await quote(quoteRequest({ platform: 'mixed', fromToken: NATIVE, toToken: USDC, amountIn: '1000000000000000000000' }));
    route(data, NATIVE, USDC, 'mixed');
  });

  it('quotes native coin out on mixed with a route that ends at WPLS', async () => {
    const data = await quote(quoteRequest({ platform: 'mixed', fromToken: USDC, toToken: NATIVE, amountIn: '1000000' }));
    route(data, USDC, NATIVE, 'mixed');
  });
});

describe('router transaction', () => {
  interface TxCase {
    name: string;
    fromToken: string;
    toToken: string;
    amountIn: string;
    slippage: number;
    functionName: 'swapExactTokensForTokens' | 'swapExactETHForTokens' | 'swapExactTokensForETH';
  }
  const cases: TxCase[] = [
    { name: 'token → token', fromToken: WPLS, toToken: USDC, amountIn: '1000000000000000000000', slippage: 0.5, functionName: 'swapExactTokensForTokens' },
    { name: 'token → token at 3% slippage', fromToken: HEX, toToken: USDC, amountIn: '123456789012', slippage: 3, functionName: 'swapExactTokensForTokens' },
    { name: 'token → token at 0.0001% slippage', fromToken: PLSX, toToken: HEX, amountIn: '1000000000000000000000000', slippage: 0.0001, functionName: 'swapExactTokensForTokens' },
    { name: 'native → token', fromToken: NATIVE, toToken: DAI, amountIn: '3000000000000000000', slippage: 1, functionName: 'swapExactETHForTokens' },
    { name: 'token → native', fromToken: DAI, toToken: NATIVE, amountIn: '1000000000000000000', slippage: 0.25, functionName: 'swapExactTokensForETH' },
    { name: 'token → token at 0% slippage', fromToken: USDC, toToken: DAI, amountIn: '5000000', slippage: 0, functionName: 'swapExactTokensForTokens' },
    { name: 'token → token at 100% slippage', fromToken: USDC, toToken: DAI, amountIn: '6000000', slippage: 100, functionName: 'swapExactTokensForTokens' },
  ];
  for (const path of QUOTE_PATHS) {
    for (const c of cases) {
      it(`builds the dexa_v2 router call for ${c.name} for userAddress on ${path}`, async () => {
        const { fromToken, toToken, amountIn, slippage } = c;
        const body = quoteRequest({ fromToken, toToken, amountIn, slippage, platform: 'dexa_v2', userAddress: USER_CHECKSUMMED });
        const earliest = nowSeconds();
        const data = await quote(body, path);
        const latest = nowSeconds();
        if (data.splits.length > 1) {
          // /quotes/advanced may split the input; no router executes splits yet, so the answer has no tx.
          assert.equal(path, ADVANCED_PATH);
          splitRoutes(data, c.fromToken, c.toToken, 'dexa_v2');
          assert.equal('tx' in data, false);
          return;
        }
        const legs = route(data, c.fromToken, c.toToken, 'dexa_v2');
        assert.ok(data.tx, 'a single-platform UniV2 route has a tx');
        assert.deepEqual(Object.keys(data.tx), ['from', 'to', 'data', 'value']);
        assert.equal(data.tx.from, USER_CHECKSUMMED);
        assert.equal(data.tx.to, ROUTERS.dexa_v2);
        assert.equal(data.tx.value, c.fromToken === NATIVE ? c.amountIn : '0');
        assert.match(data.tx.data, /^0x[0-9a-f]+$/);

        const call = decodeFunctionData({ abi: uniswapV2Router02Abi, data: data.tx.data });
        assert.equal(call.functionName, c.functionName);
        const args = call.args as readonly unknown[];
        const [amountOutMin, tokens, to, deadline] = (c.functionName === 'swapExactETHForTokens' ? args : args.slice(1)) as [
          bigint,
          string[],
          string,
          bigint,
        ];
        if (c.functionName !== 'swapExactETHForTokens') assert.equal(args[0], BigInt(c.amountIn));
        assert.equal(amountOutMin, minOut(BigInt(data.amountOut), c.slippage));
        assert.deepEqual(tokens, [legs[0].tokenIn, ...legs.map((leg) => leg.tokenOut)]);
        assert.equal(to, USER_CHECKSUMMED);
        assert.ok(
          deadline >= earliest + DEADLINE_SECONDS && deadline <= latest + DEADLINE_SECONDS,
          `deadline ${deadline} outside [${earliest + DEADLINE_SECONDS}, ${latest + DEADLINE_SECONDS}]`,
        );
      });
    }
  }

  it('sets amountOutMin to amountOut at 0% slippage and to 0 at 100%', async () => {
    const body = quoteRequest({ fromToken: USDC, toToken: DAI, amountIn: '7000000', userAddress: USER_CHECKSUMMED });
    const [exact, anything] = await Promise.all([quote({ ...body, slippage: 0 }), quote({ ...body, slippage: 100 })]);
    const exactArgs = decodeFunctionData({ abi: uniswapV2Router02Abi, data: exact.tx!.data }).args as readonly unknown[];
    const anyArgs = decodeFunctionData({ abi: uniswapV2Router02Abi, data: anything.tx!.data }).args as readonly unknown[];
    assert.equal(exactArgs[1], BigInt(exact.amountOut));
    assert.equal(anyArgs[1], 0n);
  });

  it('writes tx.from and the recipient in checksummed form when userAddress is sent in lower case', async () => {
    const data = await quote(quoteRequest({ amountIn: '2000000000000000000000', userAddress: USER }));
    assert.ok(data.tx);
    assert.equal(data.tx.from, USER_CHECKSUMMED);
    const args = decodeFunctionData({ abi: uniswapV2Router02Abi, data: data.tx.data }).args as readonly unknown[];
    assert.equal(args[3], USER_CHECKSUMMED);
  });

  it('writes a wrap tx.from in checksummed form when userAddress is sent in lower case', async () => {
    const data = await quote(quoteRequest({ fromToken: NATIVE, toToken: WPLS, amountIn: '1', userAddress: USER }));
    assert.ok(data.tx);
    assert.equal(data.tx.from, USER_CHECKSUMMED);
  });

  for (const path of QUOTE_PATHS) {
    it(`leaves the tx key out entirely without userAddress on ${path}`, async () => {
      const data = await quote(quoteRequest({ amountIn: '3000000000000000000000' }), path);
      assert.equal('tx' in data, false);
      assert.deepEqual(Object.keys(data), ['success', 'quoteId', 'amountIn', 'amountOut', 'amountOutUSD', 'gasEstimate', 'splits']);
    });
  }
});

describe('no route', () => {
  for (const path of QUOTE_PATHS) {
    it(`answers an unknown fromToken with 400 "No route found" on ${path}`, async () => {
      const response = await postQuote(api.port, quoteRequest({ fromToken: UNKNOWN_TOKEN }), {}, path);
      assert.equal(response.status, 400, response.text);
      assert.equal(response.headers['access-control-allow-origin'], '*');
      assert.deepEqual(errorBody(response), { error: `No route found: unknown token ${UNKNOWN_TOKEN}`, status: 400 });
    });
  }

  it('answers an unknown toToken with 400 "No route found" naming it', async () => {
    const response = await postQuote(api.port, quoteRequest({ platform: 'mixed', toToken: UNKNOWN_TOKEN }));
    assert.equal(response.status, 400, response.text);
    assert.deepEqual(errorBody(response), { error: `No route found: unknown token ${UNKNOWN_TOKEN}`, status: 400 });
  });
});
