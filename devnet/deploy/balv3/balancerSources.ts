// Gathers the Solidity sources Balancer V3 needs, following imports from the npm packages, so one solc run sees them
// all: OpenZeppelin 5 comes from its npm alias (the root @openzeppelin/contracts is Uniswap's 3.4) and permit2, which
// is not on npm, from our minimal interface files.
import { existsSync, readFileSync } from 'node:fs';
import { posix } from 'node:path';

const ROOT = new URL('../../../', import.meta.url).pathname;

/** Import prefixes that do not live at node_modules/<import path>; the first match wins. */
const REMAPPINGS: readonly [prefix: string, directory: string][] = [
  ['@openzeppelin/contracts/', 'node_modules/openzeppelin-contracts-v5/'],
  ['permit2/src/interfaces/', 'devnet/deploy/balv3/permit2/'],
  // Our own Solidity (devnet contracts, test probes) by its path in the project.
  ['devnet/', 'devnet/'],
  ['test/', 'test/'],
];

const IMPORT = /^\s*import\s+(?:[^"';]*?\s+from\s+)?["']([^"']+)["']/gm;

/**
 * Returns every source unit reachable from `entries` (source unit name → text), keyed by the name the importing files
 * use, so solc resolves each import to exactly one file.
 * @example const sources = collectBalancerSources(['@balancer-labs/v3-vault/contracts/Vault.sol'])
 */
export function collectBalancerSources(entries: readonly string[]): Record<string, string> {
  const sources: Record<string, string> = {};
  const pending = [...entries];
  while (pending.length > 0) {
    const unit = pending.pop()!;
    if (unit in sources) continue;
    const text = readFileSync(fileOf(unit), 'utf8');
    sources[unit] = text;
    for (const match of text.matchAll(IMPORT)) {
      const target = match[1];
      pending.push(target.startsWith('.') ? posix.normalize(posix.join(posix.dirname(unit), target)) : target);
    }
  }
  return sources;
}

function fileOf(unit: string): string {
  const mapping = REMAPPINGS.find(([prefix]) => unit.startsWith(prefix));
  const path = mapping ? `${ROOT}${mapping[1]}${unit.slice(mapping[0].length)}` : `${ROOT}node_modules/${unit}`;
  if (!existsSync(path)) throw new Error(`Balancer V3 source not found: ${unit} (looked at ${path})`);
  return path;
}
