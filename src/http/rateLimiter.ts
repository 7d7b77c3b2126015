// Per-client rate limit: at most `limit` requests in any sliding window of `windowMs`, kept exactly with a ring
// of the last `limit` request times per client; idle clients are swept so memory stays bounded.

export interface RateDecision {
  allowed: boolean;
  /** Whole seconds until a request would be allowed (when refused). */
  retryAfterSeconds: number;
}

export class RateLimiter {
  private readonly clients = new Map<string, { times: Float64Array; next: number }>();
  private lastSweep = 0;

  constructor(
    readonly limit: number,
    private readonly windowMs = 60_000,
    private readonly now: () => number = () => performance.timeOrigin + performance.now(),
  ) {}

  /**
   * Records a request from `client` and says whether it is within the limit (a refused request is not recorded).
   * @example new RateLimiter(60).take('203.0.113.7').allowed // true
   */
  take(client: string): RateDecision {
    const now = this.now();
    this.sweep(now);
    let entry = this.clients.get(client);
    if (!entry) {
      entry = { times: new Float64Array(this.limit).fill(-Infinity), next: 0 };
      this.clients.set(client, entry);
    }
    // The oldest of the last `limit` requests must have left the window.
    const oldest = entry.times[entry.next];
    if (now - oldest < this.windowMs) {
      return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((oldest + this.windowMs - now) / 1000)) };
    }
    entry.times[entry.next] = now;
    entry.next = (entry.next + 1) % this.limit;
    return { allowed: true, retryAfterSeconds: 0 };
  }

  private sweep(now: number): void {
    if (now - this.lastSweep < this.windowMs) return;
    this.lastSweep = now;
    for (const [client, entry] of this.clients) {
      const newest = entry.times[(entry.next + this.limit - 1) % this.limit];
      if (now - newest >= this.windowMs) this.clients.delete(client);
    }
  }
}
