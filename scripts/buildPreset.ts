// Builds data/networks/chain369.json (the mainnet preset) from the shared chain facts file.
// Usage: npm run build:preset -- [path/to/chain369.json]
import { readFileSync, writeFileSync } from 'node:fs';
import { getAddress } from 'viem';
import type { DexPlatformId, NetworkPreset, PlatformPreset } from '../src/network/types.ts';

const source = process.argv[2] ?? new URL('../../shared/data/chain369.json', import.meta.url).pathname;
const facts = JSON.parse(readFileSync(source, 'utf8'));
const p = facts.platforms;
const v = (field: { value: unknown } | undefined) => field?.value as string | undefined;
const uniV2 = (id: string): PlatformPreset => ({
  kind: 'univ2',
  factory: v(p[id].factory),
  router: v(p[id].router),
  ...(v(p[id].initCodeHash) ? { initCodeHash: v(p[id].initCodeHash) } : {}),
  swapFee: { numerator: p[id].swapFee.value.numerator, denominator: p[id].swapFee.value.denominator },
});
// dexb_v3's tier table is unconfirmed (only 2500 observed); PancakeSwap-V3's set is the likeliest.
const pancakeTiers = [
  { fee: 100, tickSpacing: 1 },
  { fee: 500, tickSpacing: 10 },
  { fee: 2500, tickSpacing: 50 },
  { fee: 10000, tickSpacing: 200 },
];

const platforms: Record<DexPlatformId, PlatformPreset> = {
  dexa_v1: uniV2('dexa_v1'),
  dexa_v2: uniV2('dexa_v2'),
  dexa_stable: { kind: 'stable', pools: [v(p.dexa_stable.pool)!] },
  dexb_v2: uniV2('dexb_v2'),
  dexb_v3: { kind: 'univ3', factory: v(p.dexb_v3.factory), router: v(p.dexb_v3.router), feeTiers: pancakeTiers },
  dexc_v2: uniV2('dexc_v2'),
  dexc_v3: {
    kind: 'univ3',
    factory: v(p.dexc_v3.factory),
    poolDeployer: v(p.dexc_v3.poolDeployer),
    poolInitCodeHash: v(p.dexc_v3.poolInitCodeHash),
    router: p.dexc_v3.router.value.SmartRouter,
    quoterV2: v(p.dexc_v3.quoterV2),
    feeTiers: p.dexc_v3.feeTiers.value,
  },
  dexd_v2: { kind: 'balv2', vault: v(p.dexd_v2.vault) },
  dexe_v3: { kind: 'balv3', vault: v(p.dexe_v3.vault) },
};
for (const platform of Object.values(platforms)) {
  for (const key of ['factory', 'router', 'poolDeployer', 'quoterV2', 'vault'] as const) {
    if (platform[key]) platform[key] = getAddress(platform[key]!);
  }
  if (platform.pools) platform.pools = platform.pools.map((a) => getAddress(a));
}

const preset: NetworkPreset = {
  chainId: facts.chain.chainId.value,
  nativeSymbol: facts.chain.nativeCurrency.value.symbol,
  wrappedNative: {
    symbol: facts.wrappedNative.symbol,
    address: getAddress(facts.wrappedNative.address),
    decimals: facts.wrappedNative.decimals,
  },
  multicall3: getAddress(facts.chain.multicall3.value.address),
  platforms,
  // Symbols in the facts file carry descriptions ("DAI (eDAI, bridged ...)"): keep the first word.
  tokens: facts.tokens.map((t: { symbol: string; address: string; decimals: number }) => ({
    symbol: t.symbol.split(' ')[0],
    address: getAddress(t.address),
    decimals: t.decimals,
  })),
};

const out = new URL('../data/networks/chain369.json', import.meta.url);
const header = { $generated: 'by scripts/buildPreset.ts from the shared chain facts; do not edit by hand' };
writeFileSync(out, JSON.stringify({ ...header, ...preset }, null, 2) + '\n');
console.log(`wrote ${out.pathname}: ${Object.keys(platforms).length} platforms, ${preset.tokens.length} tokens`);
