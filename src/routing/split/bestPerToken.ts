// The best few partial paths to each token in a layered path search (the candidate search, column generation): a
// path blocked later by a repeated token or pool still has an alternative through the same token.

/** Keeps, for each token, the `keep` partial paths of highest `score`. */
export class BestPerToken<P extends { token: number }> {
  private readonly lists = new Map<number, P[]>();

  constructor(
    private readonly keep: number,
    private readonly score: (partial: P) => number,
  ) {}

  /** Whether a partial path to `token` of this score would be kept (test before building it). */
  wouldKeep(token: number, score: number): boolean {
    const list = this.lists.get(token);
    return !list || list.length < this.keep || score > this.score(list[list.length - 1]);
  }

  add(partial: P): void {
    let list = this.lists.get(partial.token);
    if (!list) this.lists.set(partial.token, (list = []));
    const score = this.score(partial);
    if (list.length >= this.keep && score <= this.score(list[list.length - 1])) return;
    let i = list.length;
    while (i > 0 && this.score(list[i - 1]) < score) i--;
    list.splice(i, 0, partial);
    if (list.length > this.keep) list.pop();
  }

  /** Every kept partial path, token by token, best first within a token. */
  all(): P[] {
    // A loop: spreading the lists and flattening them is over ten times slower in V8.
    const kept: P[] = [];
    for (const list of this.lists.values()) for (const partial of list) kept.push(partial);
    return kept;
  }
}
