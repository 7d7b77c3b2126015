// The 400 rule layer of spec 4.1 and 7 through a real server: exact `{error, status}` bodies for every rule.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { type TestService, startTestService } from '../support/service.ts';
import { QUOTE_PATHS, USDC, WPLS, errorBody, postQuote, quoteRequest } from './helpers.ts';

let api: TestService;
before(async () => {
  api = await startTestService(undefined);
});
after(() => api.service.close());

/** Posts `overrides` on top of the valid request and expects a 400 `{error, status}` with exactly `error`. */
async function expectRejected(overrides: Record<string, unknown>, error: string, path?: string): Promise<void> {
  const response = await postQuote(api.port, quoteRequest(overrides), {}, path);
  assert.equal(response.status, 400, response.text);
  assert.equal(response.headers['access-control-allow-origin'], '*');
  assert.deepEqual(errorBody(response), { error, status: 400 });
}

async function expectAccepted(overrides: Record<string, unknown>): Promise<void> {
  const response = await postQuote(api.port, quoteRequest(overrides));
  assert.equal(response.status, 200, response.text);
  assert.equal(JSON.parse(response.text).success, true);
}

const lengthError = (field: string, value: string) =>
  `Validation failed: ${field}: Validation error: length [{"equal": Number(42), "value": String(${JSON.stringify(value)})}]`;
const rangeError = (field: string, value: string) =>
  `Validation failed: ${field}: Validation error: range [{"max": Number(100.0), "min": Number(0.0), "value": Number(${value})}]`;
const amountError = (value: string) =>
  `Validation failed: amountIn: Validation error: positive_integer [{"value": String(${JSON.stringify(value)})}]`;

describe('chainId', () => {
  for (const path of QUOTE_PATHS) {
    it(`rejects chainId other than 369 with 400 on ${path}`, async () => {
      await expectRejected({ chainId: 1 }, 'Unsupported chain_id: 1. Only chain 369 is supported', path);
    });
  }

  it('names the rejected chainId in the error text', async () => {
    await expectRejected({ chainId: 370 }, 'Unsupported chain_id: 370. Only chain 369 is supported');
  });

  it('reports an unsupported chain before any other rule', async () => {
    await expectRejected({ chainId: 56, fromToken: '0x12', slippage: 200 }, 'Unsupported chain_id: 56. Only chain 369 is supported');
  });
});

describe('addresses', () => {
  it('rejects a fromToken of the wrong length', async () => {
    await expectRejected({ fromToken: '0x1234' }, lengthError('fromToken', '0x1234'));
  });

  it('rejects a toToken of the wrong length (one character too long)', async () => {
    await expectRejected({ toToken: `${USDC}0` }, lengthError('toToken', `${USDC}0`));
  });

  it('rejects a userAddress of the wrong length', async () => {
    await expectRejected({ userAddress: '0xabc' }, lengthError('userAddress', '0xabc'));
  });

  it('rejects an empty fromToken as a wrong length', async () => {
    await expectRejected({ fromToken: '' }, lengthError('fromToken', ''));
  });

  it('rejects a 42-character fromToken that is not hex', async () => {
    const notHex = `0x${'zz'.repeat(20)}`;
    await expectRejected(
      { fromToken: notHex },
      `Validation failed: fromToken: Validation error: hex_address [{"value": String("${notHex}")}]`,
    );
  });

  it('rejects a 42-character toToken without the 0x prefix', async () => {
    const noPrefix = `00${USDC.slice(2)}`;
    await expectRejected(
      { toToken: noPrefix },
      `Validation failed: toToken: Validation error: hex_address [{"value": String("${noPrefix}")}]`,
    );
  });

  it('rejects a 42-character userAddress that is not hex', async () => {
    const notHex = `0x${'g'.repeat(40)}`;
    await expectRejected(
      { userAddress: notHex },
      `Validation failed: userAddress: Validation error: hex_address [{"value": String("${notHex}")}]`,
    );
  });

  it('rejects fromToken equal to toToken', async () => {
    await expectRejected(
      { fromToken: USDC, toToken: USDC },
      `Validation failed: toToken: Validation error: different_from_fromToken [{"value": String("${USDC}")}]`,
    );
  });

  it('rejects fromToken equal to toToken when they differ only by letter case', async () => {
    const lower = WPLS.toLowerCase();
    await expectRejected(
      { fromToken: WPLS, toToken: lower },
      `Validation failed: toToken: Validation error: different_from_fromToken [{"value": String("${lower}")}]`,
    );
  });

  it('accepts addresses in lower case', async () => {
    await expectAccepted({ fromToken: WPLS.toLowerCase(), toToken: USDC.toLowerCase() });
  });
});

describe('slippage', () => {
  it('rejects slippage -0.1 with a range error', async () => {
    await expectRejected({ slippage: -0.1 }, rangeError('slippage', '-0.1'));
  });

  it('rejects slippage 100.1 with a range error', async () => {
    await expectRejected({ slippage: 100.1 }, rangeError('slippage', '100.1'));
  });

  it('rejects slippage 101 and renders the integer value with one decimal', async () => {
    await expectRejected({ slippage: 101 }, rangeError('slippage', '101.0'));
  });

  it('accepts slippage 0', async () => {
    await expectAccepted({ slippage: 0 });
  });

  it('accepts slippage 100', async () => {
    await expectAccepted({ slippage: 100 });
  });
});

describe('amountIn', () => {
  for (const value of ['0', '-5', '1.5', 'abc', '', '1e18', ' 1', '0x10']) {
    it(`rejects amountIn ${JSON.stringify(value)} as not a positive integer`, async () => {
      await expectRejected({ amountIn: value }, amountError(value));
    });
  }

  it('rejects amountIn above the largest uint256', async () => {
    const tooLarge = (1n << 256n).toString();
    await expectRejected({ amountIn: tooLarge }, amountError(tooLarge));
  });
});

describe('optional fields', () => {
  it('rejects a negative extra.tokenOutPrice with a range error', async () => {
    await expectRejected(
      { extra: { tokenOutPrice: -1 } },
      'Validation failed: extra.tokenOutPrice: Validation error: range [{"min": Number(0.0), "value": Number(-1.0)}]',
    );
  });

  it('rejects a negative amountUSD with a range error', async () => {
    await expectRejected(
      { amountUSD: -2.5 },
      'Validation failed: amountUSD: Validation error: range [{"min": Number(0.0), "value": Number(-2.5)}]',
    );
  });

  it('rejects an extra.gasPrice that is not a decimal integer', async () => {
    await expectRejected(
      { extra: { gasPrice: '1e9' } },
      'Validation failed: extra.gasPrice: Validation error: non_negative_integer [{"value": String("1e9")}]',
    );
  });
});

describe('several failures', () => {
  it('reports every failing field in one message, in field order, joined by "; "', async () => {
    await expectRejected(
      { fromToken: '0x1', amountIn: '0', slippage: 100.5 },
      [
        'Validation failed: fromToken: Validation error: length [{"equal": Number(42), "value": String("0x1")}]',
        'amountIn: Validation error: positive_integer [{"value": String("0")}]',
        'slippage: Validation error: range [{"max": Number(100.0), "min": Number(0.0), "value": Number(100.5)}]',
      ].join('; '),
    );
  });

  it('applies the same rules on /quotes/advanced', async () => {
    await expectRejected({ slippage: -0.1 }, rangeError('slippage', '-0.1'), QUOTE_PATHS[1]);
    await expectRejected({ amountIn: '0' }, amountError('0'), QUOTE_PATHS[1]);
    await expectRejected({ fromToken: '0x1234' }, lengthError('fromToken', '0x1234'), QUOTE_PATHS[1]);
  });
});
