// What the HTTP layer asks of the quote engine and what it gets back; both cross the worker boundary
// by structured clone (bigints included), the answer's routes as JSON bytes (SerializedQuote).
import type { PlatformId } from '../network/types.ts';
import type { QuoteTx } from '../tx/types.ts';

export type QuoteMode = 'standard' | 'advanced';

export interface QuoteTask {
  /** The graph version the quote must be computed on, so a quote never mixes two states. */
  graphVersion: number;
  mode: QuoteMode;
  platform: PlatformId;
  fromToken: string;
  toToken: string;
  amountIn: bigint;
  slippagePpm: bigint;
  userAddress?: string;
  /** Unix seconds written into the transaction. */
  deadline: bigint;
  /** Present when gas can be priced in the output token: routes are then ranked net of gas. */
  gasPricing?: { gasPriceWei: bigint; gasTokenPriceUsd: number; tokenOutPriceUsd: number };
  /**
   * /quotes/advanced only: milliseconds after which the split search returns its best answer so far (default 25).
   * The answer is never worse than /quotes for the same request, however small the budget.
   */
  timeBudgetMs?: number;
  /**
   * When the service received the request, on the wall clock with sub-millisecond precision (performance.timeOrigin +
   * performance.now() on the receiving thread, comparable across threads): the time budget counts from it, so a
   * request that waited for a worker, or was handed over slowly, searches for less. Absent: from the engine's start.
   */
  receivedAtMs?: number;
}

/** One pool of a route, as the client library of spec 4.2 reads it. */
export interface RouteLeg {
  pairAddress: string;
  tokenIn: string;
  tokenOut: string;
  fee: number;
  feeDenominator: number;
  platform: string;
}

export interface ComputedQuote {
  blockNumber: bigint;
  amountOut: bigint;
  outputDecimals: number;
  gasUnits: number;
  /**
   * [percent of the input, the route's legs in order], in execution order. Percents have two decimals and sum to
   * 100 (integer basis points apportioned by largest remainder). Several splits execute through the aggregator router.
   */
  splits: [number, RouteLeg[]][];
  tx?: QuoteTx;
}

export type QuoteOutcome = { ok: true; quote: ComputedQuote } | { ok: false; noRoute: string };

/**
 * A computed quote as it leaves the engine for the HTTP layer: its routes and transaction already JSON, in UTF-8 bytes
 * that the HTTP thread writes into the response as they are. Bytes cross from a worker into a buffer outside the HTTP
 * thread's heap: a hundred-route answer is about 80 kB of JSON, and as strings the HTTP thread's young generation filled
 * every thirty or so advanced answers and its scavenges, with those strings surviving them, paused every request in
 * flight for about 10 ms. They are copied, not transferred: detaching a buffer in a worker invalidates V8's
 * array-buffer-detaching protector there, which deoptimised every optimised function of the engine after its first
 * answer (the next two advanced answers of a fresh service took 37-60 ms and came back as single paths).
 */
export type SerializedQuote = Omit<ComputedQuote, 'splits' | 'tx'> & {
  /** JSON of ComputedQuote.splits, UTF-8, alone in its buffer. */
  splitsJson: Uint8Array;
  /** JSON of ComputedQuote.tx when there is one, UTF-8, alone in its buffer. */
  txJson?: Uint8Array;
};

/** An outcome as it leaves the engine, with the milliseconds it took where it ran (computeQuote and serialising). */
export type SerializedOutcome = ({ ok: true; quote: SerializedQuote } | { ok: false; noRoute: string }) & { computeMs?: number };
