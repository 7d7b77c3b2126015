// Solidity compilation with the npm solc-js compilers (0.8.x, and the exact 0.5.16 / 0.6.6 that Uniswap V2's pair and
// router were built with), resolving imports from node_modules, with an on-disk cache so reruns skip the compiler.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Abi, Hex } from 'viem';

const require = createRequire(import.meta.url);
const ROOT = new URL('../', import.meta.url).pathname;
const CACHE_DIR = `${ROOT}.cache/solc/`;

/** npm package of each compiler: `solc` is 0.8.x; the others are pinned aliases of older solc releases. */
const COMPILER_PACKAGES = { '0.8': 'solc', '0.6.6': 'solc-0.6.6', '0.5.16': 'solc-0.5.16' } as const;
export type CompilerVersion = keyof typeof COMPILER_PACKAGES;

export interface CompiledContract {
  abi: Abi;
  /** Creation bytecode, linked (no library placeholders are supported). */
  bytecode: Hex;
  /** Runtime bytecode, e.g. for anvil_setCode. */
  deployedBytecode: Hex;
}

export interface CompileOptions {
  compiler?: CompilerVersion;
  optimizerRuns?: number;
  viaIR?: boolean;
  /** Defaults to cancun for 0.8 and to the compiler's own default for older versions. */
  evmVersion?: string;
  /** Only these contracts are returned (and cached); all when omitted. */
  contracts?: string[];
}

interface SolcOutput {
  errors?: { severity: string; formattedMessage: string }[];
  contracts?: Record<
    string,
    Record<string, { abi: Abi; evm: { bytecode: { object: string }; deployedBytecode: { object: string } } }>
  >;
}

/**
 * Compiles Solidity sources (source unit name → text) and returns each contract by name. Imports that are not among
 * `sources` are read from node_modules (`@uniswap/v2-core/contracts/...`) or the project root (`contracts/...`).
 * The result is cached under .cache/solc/<sha256 of compiler and input>.json.
 * @example const { StableSwap } = compileSolidity({ 'contracts/StableSwap.sol': text });
 */
export function compileSolidity(
  sources: Record<string, string>,
  options: CompileOptions = {},
): Record<string, CompiledContract> {
  const compiler = options.compiler ?? '0.8';
  const settings: Record<string, unknown> = {
    optimizer: { enabled: true, runs: options.optimizerRuns ?? 200 },
    outputSelection: { '*': { '*': ['abi', 'evm.bytecode.object', 'evm.deployedBytecode.object'] } },
  };
  const evmVersion = options.evmVersion ?? (compiler === '0.8' ? 'cancun' : undefined);
  if (evmVersion) settings.evmVersion = evmVersion;
  if (options.viaIR) settings.viaIR = true;
  const input = JSON.stringify({
    language: 'Solidity',
    sources: Object.fromEntries(Object.entries(sources).map(([name, content]) => [name, { content }])),
    settings,
  });
  const packageName = COMPILER_PACKAGES[compiler];
  // The package version names the compiler, so a cache hit never loads solc-js (seconds for the older ones).
  const version = (require(`${packageName}/package.json`) as { version: string }).version;
  const key = `${version}\n${input}\n${(options.contracts ?? []).join(',')}`;
  const cachePath = `${CACHE_DIR}${createHash('sha256').update(key).digest('hex')}.json`;

  if (existsSync(cachePath)) return JSON.parse(readFileSync(cachePath, 'utf8'));
  const contracts = runSolc(packageName, input, options.contracts);
  mkdirSync(CACHE_DIR, { recursive: true });
  // Write then rename, so concurrent processes never read a half-written cache entry.
  const tmp = `${cachePath}.${process.pid}.tmp`;
  writeFileSync(tmp, JSON.stringify(contracts));
  renameSync(tmp, cachePath);
  return contracts;
}

/** Reads a Solidity import from node_modules or the project root. */
function findImport(path: string): { contents: string } | { error: string } {
  for (const candidate of [`${ROOT}node_modules/${path}`, `${ROOT}${path}`]) {
    if (existsSync(candidate)) return { contents: readFileSync(candidate, 'utf8') };
  }
  try {
    return { contents: readFileSync(require.resolve(path), 'utf8') };
  } catch {
    return { error: `File not found: ${path}` };
  }
}

function runSolc(packageName: string, input: string, wanted?: string[]): Record<string, CompiledContract> {
  const solc = require(packageName) as { compile(input: string, callbacks: object): string };
  const output = JSON.parse(solc.compile(input, { import: findImport })) as SolcOutput;
  const errors = (output.errors ?? []).filter((e) => e.severity === 'error');
  if (errors.length > 0) throw new Error(`solc failed:\n${errors.map((e) => e.formattedMessage).join('\n')}`);
  const contracts: Record<string, CompiledContract> = {};
  for (const [file, byName] of Object.entries(output.contracts ?? {})) {
    for (const [name, contract] of Object.entries(byName)) {
      if (wanted && !wanted.includes(name)) continue;
      if (contract.evm.bytecode.object.includes('__$')) throw new Error(`${name} needs library linking`);
      if (contracts[name]) {
        // Interfaces and libraries repeat across packages; only a real contract clash matters.
        if (contract.evm.bytecode.object === '' || contracts[name].bytecode === '0x') continue;
        throw new Error(`Contract name ${name} appears twice (again in ${file})`);
      }
      contracts[name] = {
        abi: contract.abi,
        bytecode: `0x${contract.evm.bytecode.object}`,
        deployedBytecode: `0x${contract.evm.deployedBytecode.object}`,
      };
    }
  }
  return contracts;
}
