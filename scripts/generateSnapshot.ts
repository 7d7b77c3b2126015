// Writes a generated snapshot. Usage: npm run generate:snapshot -- [--seed N] [--univ2 N] [--out file]
import { parseArgs } from 'node:util';
import { loadPreset } from '../src/network/loadPreset.ts';
import { generateSnapshot } from '../src/snapshot/generate/generateSnapshot.ts';
import { DEFAULT_SNAPSHOT_PATH, writeSnapshot } from '../src/snapshot/snapshotFile.ts';

const { values } = parseArgs({
  options: { seed: { type: 'string', default: '369' }, univ2: { type: 'string' }, out: { type: 'string' } },
});
const snapshot = generateSnapshot(loadPreset(), {
  seed: Number(values.seed),
  univ2Pools: values.univ2 ? Number(values.univ2) : undefined,
});
const out = values.out ?? DEFAULT_SNAPSHOT_PATH;
writeSnapshot(out, snapshot);
console.log(`wrote ${out}: ${snapshot.tokens.length} tokens, ${snapshot.pools.length} pools`);
