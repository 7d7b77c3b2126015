// Hand-written checks of JSON shapes: the client validates what upstream sends without a schema library.
import type { QuoteRoute, QuoteSplit } from './types.ts';

const ADDRESS = /^0x[0-9a-fA-F]{40}$/;
const DIGITS = /^[0-9]+$/;
const HEX_DATA = /^0x(?:[0-9a-fA-F]{2})*$/;
const HEX_QUANTITY = /^0x[0-9a-fA-F]+$/;

/**
 * Whether a value is an EVM address: `0x` followed by exactly 40 hex digits (any case).
 * @example isAddress('0xA1077a294dDE1B09bB078844df40758a5D0f9a27') // true
 */
export function isAddress(value: unknown): value is string {
  return typeof value === 'string' && ADDRESS.test(value);
}

/**
 * Whether a value is a string of decimal digits only (a non-negative integer in wei).
 * @example isDigits('1000') // true; isDigits('1e3') // false
 */
export function isDigits(value: unknown): value is string {
  return typeof value === 'string' && DIGITS.test(value);
}

/**
 * Whether a value is a plain JSON object (not null, not an array).
 * @example isRecord({ a: 1 }) // true; isRecord([]) // false
 */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Whether a value is `0x`-prefixed hex call data of whole bytes (`0x` alone is empty data).
 * @example isHexData('0x38ed1739') // true; isHexData('0x123') // false
 */
export function isHexData(value: unknown): value is string {
  return typeof value === 'string' && HEX_DATA.test(value);
}

/**
 * Whether a value is a non-negative integer number (a JSON gas figure).
 * @example isNonNegativeInteger(175000) // true; isNonNegativeInteger(1.5) // false
 */
export function isNonNegativeInteger(value: unknown): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;
}

/**
 * A native-coin amount as decimal digits, from decimal digits or a `0x` hex quantity; undefined for anything else.
 * @example weiValue('0x10') // '16'; weiValue('16') // '16'; weiValue('-1') // undefined
 */
export function weiValue(value: unknown): string | undefined {
  if (isDigits(value)) return BigInt(value).toString();
  if (typeof value === 'string' && HEX_QUANTITY.test(value)) return BigInt(value).toString();
  return undefined;
}

/**
 * The service's `data.splits` (`[[percent, [route, ...]], ...]`), copied field by field; undefined if any part is off.
 * @example parseSplits([[100, [{ pairAddress, tokenIn, tokenOut, fee: 29, feeDenominator: 10000, platform: 'dexa_v2' }]]])
 */
export function parseSplits(value: unknown): QuoteSplit[] | undefined {
  if (!Array.isArray(value)) return undefined;
  const splits: QuoteSplit[] = [];
  for (const split of value) {
    if (!Array.isArray(split) || split.length !== 2) return undefined;
    const [percent, legs] = split as unknown[];
    if (!isFiniteNumber(percent) || !Array.isArray(legs)) return undefined;
    const routes: QuoteRoute[] = [];
    for (const leg of legs) {
      const route = parseRoute(leg);
      if (!route) return undefined;
      routes.push(route);
    }
    splits.push([percent, routes]);
  }
  return splits;
}

function parseRoute(value: unknown): QuoteRoute | undefined {
  if (!isRecord(value)) return undefined;
  const { pairAddress, tokenIn, tokenOut, fee, feeDenominator, platform } = value;
  if (!isAddress(pairAddress) || !isAddress(tokenIn) || !isAddress(tokenOut)) return undefined;
  if (!isFiniteNumber(fee) || !isFiniteNumber(feeDenominator) || typeof platform !== 'string') return undefined;
  return { pairAddress, tokenIn, tokenOut, fee, feeDenominator, platform };
}

function isFiniteNumber(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value);
}
