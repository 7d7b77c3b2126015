// Requests whose quote ran past the workers' task timeout (a search caught in an endless loop), refused for a while
// instead of being computed again: each attempt would hold a worker for the whole timeout and then have it replaced,
// so a client retrying one would keep the pool's workers busy with nothing else. Only the same request is refused (a
// client varying it is the rate limit's to stop).
import QuickLRU from 'quick-lru';

/** How long a stuck request is refused: across graph versions, as a new block seldom changes what made it loop. */
const REFUSED_FOR_MS = 10 * 60_000;
const MAX_REMEMBERED = 1_024;

export class StuckRequests {
  private readonly keys = new QuickLRU<string, true>({ maxSize: MAX_REMEMBERED, maxAge: REFUSED_FOR_MS });

  /** `key` names the request without its graph version. */
  has(key: string): boolean {
    return this.keys.has(key);
  }

  add(key: string): void {
    this.keys.set(key, true);
  }
}
