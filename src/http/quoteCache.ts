// Answers for identical quote parameters within the TTL, byte for byte; identical concurrent misses share one
// computation. Keys include the graph version, so a newly published state never serves an older answer.
import QuickLRU from 'quick-lru';

export interface CachedAnswer {
  status: number;
  contentType: string;
  /** Text, or UTF-8 bytes (a computed quote's, quoteResponse.ts). */
  body: string | Uint8Array;
  headers: Record<string, string>;
}

export class QuoteCache {
  private readonly answers: QuickLRU<string, CachedAnswer>;
  private readonly inFlight = new Map<string, Promise<CachedAnswer>>();
  private readonly enabled: boolean;

  constructor(ttlMs: number, maxEntries: number) {
    this.answers = new QuickLRU({ maxSize: maxEntries, maxAge: Math.max(ttlMs, 1) });
    this.enabled = ttlMs > 0;
  }

  /**
   * The cached answer for `key`, the pending computation of it, or a new one from `compute` (cached when done).
   * @example await cache.get(key, () => computeAnswer())
   */
  get(key: string, compute: () => Promise<CachedAnswer>): Promise<CachedAnswer> {
    if (!this.enabled) return compute();
    const cached = this.answers.get(key);
    if (cached) return Promise.resolve(cached);
    let pending = this.inFlight.get(key);
    if (!pending) {
      pending = compute().then(
        (answer) => {
          this.inFlight.delete(key);
          // Only answers that depend on the request alone are kept: 200s and no-route 400s.
          if (answer.status === 200 || answer.status === 400) this.answers.set(key, answer);
          return answer;
        },
        (error) => {
          this.inFlight.delete(key);
          throw error;
        },
      );
      this.inFlight.set(key, pending);
    }
    return pending;
  }
}
