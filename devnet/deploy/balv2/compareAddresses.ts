// Address order as Balancer sorts pool tokens: by numeric value, so letter case does not matter.

/**
 * A sort comparator over addresses (numeric order, which is also lowercase hex order).
 * @example tokens.sort(compareAddresses)
 */
export function compareAddresses(a: string, b: string): number {
  const x = BigInt(a);
  const y = BigInt(b);
  return x < y ? -1 : x > y ? 1 : 0;
}
