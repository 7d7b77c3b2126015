// Second layer: the rules of spec 4.1 on a structurally valid request, answered as 400 `{error, status}` with
// the reference's wording ("Validation failed: <field>: Validation error: <code> [<params>]").
import type { PlatformId } from '../network/types.ts';
import { errors } from './errors.ts';
import type { RawQuoteRequest } from './requestSchema.ts';

export const SUPPORTED_CHAIN_ID = 369;
const ADDRESS_LENGTH = 42;
const HEX_ADDRESS = /^0x[0-9a-fA-F]{40}$/;
const DIGITS = /^[0-9]+$/;
const MAX_UINT256 = (1n << 256n) - 1n;

/** A request that passed every rule, with amounts as bigints. */
export interface QuoteRequest {
  chainId: number;
  platform: PlatformId;
  fromToken: string;
  toToken: string;
  amountIn: bigint;
  slippage: number;
  userAddress?: string;
  amountUSD?: number;
  extra: { tokenInPrice?: number; tokenOutPrice?: number; gasPrice?: bigint; gasTokenPrice?: number };
}

type Param = string | number;

/**
 * Applies the validation rules, throwing the 400 ServiceError for the first failing rule set.
 * @example validateRequest(deserializeRequest(body)).amountIn // 1000000000000000000n
 */
export function validateRequest(raw: RawQuoteRequest): QuoteRequest {
  if (raw.chainId !== SUPPORTED_CHAIN_ID) throw errors.unsupportedChain(raw.chainId);
  const problems: string[] = [];
  const fail = (field: string, code: string, params: Record<string, Param>) =>
    problems.push(`${field}: Validation error: ${code} [${formatParams(params)}]`);
  const checkAddress = (field: string, value: string) => {
    if (value.length !== ADDRESS_LENGTH) fail(field, 'length', { equal: ADDRESS_LENGTH, value });
    else if (!HEX_ADDRESS.test(value)) fail(field, 'hex_address', { value });
  };
  const checkRange = (field: string, value: number | null | undefined, min: number, max?: number) => {
    if (value === null || value === undefined) return;
    if (!(value >= min) || (max !== undefined && value > max) || !Number.isFinite(value)) {
      fail(field, 'range', max === undefined ? { min, value } : { max, min, value });
    }
  };

  checkAddress('fromToken', raw.fromToken);
  checkAddress('toToken', raw.toToken);
  if (raw.fromToken.toLowerCase() === raw.toToken.toLowerCase()) {
    fail('toToken', 'different_from_fromToken', { value: raw.toToken });
  }
  const amountIn = DIGITS.test(raw.amountIn) ? BigInt(raw.amountIn) : -1n;
  if (amountIn <= 0n || amountIn > MAX_UINT256) fail('amountIn', 'positive_integer', { value: raw.amountIn });
  checkRange('slippage', raw.slippage, 0, 100);
  if (raw.userAddress !== null && raw.userAddress !== undefined) checkAddress('userAddress', raw.userAddress);
  checkRange('amountUSD', raw.amountUSD, 0);
  const extra = raw.extra ?? {};
  checkRange('extra.tokenInPrice', extra.tokenInPrice, 0);
  checkRange('extra.tokenOutPrice', extra.tokenOutPrice, 0);
  checkRange('extra.gasTokenPrice', extra.gasTokenPrice, 0);
  const gasPrice = extra.gasPrice ?? undefined;
  if (gasPrice !== undefined && (!DIGITS.test(gasPrice) || BigInt(gasPrice) > MAX_UINT256)) {
    fail('extra.gasPrice', 'non_negative_integer', { value: gasPrice });
  }
  if (problems.length > 0) throw errors.validationFailed(problems);

  return {
    chainId: raw.chainId,
    platform: raw.platform as PlatformId,
    fromToken: raw.fromToken,
    toToken: raw.toToken,
    amountIn,
    slippage: raw.slippage,
    userAddress: raw.userAddress ?? undefined,
    amountUSD: raw.amountUSD ?? undefined,
    extra: {
      tokenInPrice: extra.tokenInPrice ?? undefined,
      tokenOutPrice: extra.tokenOutPrice ?? undefined,
      gasPrice: gasPrice === undefined ? undefined : BigInt(gasPrice),
      gasTokenPrice: extra.gasTokenPrice ?? undefined,
    },
  };
}

/** `{"max": Number(100.0), "value": String("x")}`: the validator crate's rendering of error params. */
function formatParams(params: Record<string, Param>): string {
  const entries = Object.entries(params).map(([key, value]) =>
    typeof value === 'string'
      ? `"${key}": String(${JSON.stringify(value)})`
      : `"${key}": Number(${Number.isInteger(value) && key !== 'equal' ? value.toFixed(1) : value})`,
  );
  return `{${entries.join(', ')}}`;
}
