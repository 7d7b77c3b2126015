// Exact string edits to Solidity sources read from node_modules, failing loudly when an upstream text changes.

/**
 * Replaces each `from` in `source` with its `to`, requiring every `from` to occur exactly once, so an edit can
 * never silently miss (a different package version) or hit twice (an unintended spot).
 * @example rewriteSource(text, [['mul(997)', 'mul(9971)']], 'UniswapV2Library.sol')
 */
export function rewriteSource(source: string, edits: readonly (readonly [from: string, to: string])[], what: string): string {
  let text = source;
  for (const [from, to] of edits) {
    const count = text.split(from).length - 1;
    if (count !== 1) throw new Error(`${what}: expected exactly one "${from}", found ${count}`);
    text = text.replace(from, () => to);
  }
  return text;
}
