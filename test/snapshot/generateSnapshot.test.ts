// The seeded snapshot generator: deterministic, and the shape the engine relies on (unique sorted pairs, uint112 reserves).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { loadPreset } from '../../src/network/loadPreset.ts';
import { MAX_UINT112 } from '../../src/pools/univ2/univ2Math.ts';
import { generateSnapshot } from '../../src/snapshot/generate/generateSnapshot.ts';
import { DEFAULT_SNAPSHOT_PATH, readSnapshot } from '../../src/snapshot/snapshotFile.ts';
import type { Snapshot } from '../../src/snapshot/types.ts';

const preset = loadPreset();
const toJson = (s: Snapshot) => JSON.stringify(s, (_k, v) => (typeof v === 'bigint' ? v.toString() : v));

test('the default generation (seed 369) reproduces the committed default snapshot and has its shape', () => {
  const generated = generateSnapshot(preset, { seed: 369 });
  assert.equal(toJson(generated), toJson(readSnapshot(DEFAULT_SNAPSHOT_PATH)));

  assert.equal(generated.chainId, 369);
  assert.equal(generated.synthetic, true);
  // The preset's real tokens come first, with their real addresses and decimals.
  assert.deepEqual(
    generated.tokens.slice(0, preset.tokens.length),
    preset.tokens.map(({ address, symbol, decimals }) => ({ address, symbol, decimals })),
  );
  assert.equal(new Set(generated.tokens.map((t) => t.address.toLowerCase())).size, generated.tokens.length);

  // About 20,000 pools: exactly 20,000 UniV2 pairs, plus a small fixed set of pools of the other kinds.
  const univ2 = generated.pools.filter((p) => p.kind === 'univ2');
  assert.equal(univ2.length, 20_000);
  assert.ok(generated.pools.length < 20_500, `pools ${generated.pools.length}`);

  const pairs = new Set<string>();
  const platforms = new Set<string>();
  univ2.forEach((pool, i) => {
    const [t0, t1] = pool.tokens;
    const context = `UniV2 pool ${i}`;
    assert.equal(preset.platforms[pool.platform].kind, 'univ2', context);
    assert.equal(pool.tokens.length, 2, context);
    assert.ok(generated.tokens[t0].address.toLowerCase() < generated.tokens[t1].address.toLowerCase(), context);
    pairs.add(`${pool.platform}:${t0}:${t1}`);
    platforms.add(pool.platform);
    for (const reserve of [pool.state.reserve0, pool.state.reserve1]) {
      assert.equal(typeof reserve, 'bigint', context);
      assert.ok((reserve as bigint) >= 1n && (reserve as bigint) <= MAX_UINT112, `${context}: reserve ${reserve}`);
    }
  });
  assert.equal(pairs.size, univ2.length, 'no two UniV2 pools share platform, token0 and token1');
  assert.deepEqual([...platforms].sort(), ['dexa_v1', 'dexa_v2', 'dexb_v2', 'dexc_v2']);
  for (const [i, pool] of generated.pools.entries()) {
    // Every pool sits on a platform of its kind's family and joins distinct known tokens.
    assert.ok(pool.kind.toLowerCase().startsWith(preset.platforms[pool.platform].kind), `pool ${i}: ${pool.kind} on ${pool.platform}`);
    assert.equal(new Set(pool.tokens).size, pool.tokens.length, `pool ${i}`);
    assert.ok(pool.tokens.every((t) => t >= 0 && t < generated.tokens.length), `pool ${i}`);
  }
  assert.equal(new Set(generated.pools.map((p) => p.address.toLowerCase())).size, generated.pools.length);
});

test('the same seed generates identical JSON and another seed different JSON', () => {
  const a = toJson(generateSnapshot(preset, { seed: 7, univ2Pools: 1_500 }));
  const b = toJson(generateSnapshot(preset, { seed: 7, univ2Pools: 1_500 }));
  const c = toJson(generateSnapshot(preset, { seed: 8, univ2Pools: 1_500 }));
  assert.equal(a, b);
  assert.notEqual(a, c);
  assert.equal(JSON.parse(a).pools.filter((p: { kind: string }) => p.kind === 'univ2').length, 1_500);
});

