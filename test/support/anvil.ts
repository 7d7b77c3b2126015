// Test support for on-chain checks: a local anvil node (chain 369) started and stopped by PID, and solc
// compilation with an on-disk cache so reruns skip the slow solc-js compiler.
import { spawn, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Abi, Hex } from 'viem';

const require = createRequire(import.meta.url);
const CHAIN_ID_HEX = '0x171'; // 369
const STARTUP_TIMEOUT_MS = 20_000;
const STOP_TIMEOUT_MS = 5_000;

export interface AnvilInstance {
  rpcUrl: string;
  /** Kills the node by PID (SIGTERM, then SIGKILL if it lingers) and resolves once it has exited. */
  stop(): Promise<void>;
}

/** Nodes still running, so a crashing test process does not leave them behind. */
const running = new Set<ChildProcess>();
process.once('exit', () => {
  for (const child of running) {
    try {
      if (child.pid !== undefined) process.kill(child.pid, 'SIGKILL');
    } catch {
      // already gone
    }
  }
});

/**
 * Starts anvil on 127.0.0.1 with chain id 369 on a free port and resolves once `eth_chainId` answers.
 * @example const anvil = await startAnvil(); t.after(() => anvil.stop());
 */
export async function startAnvil(): Promise<AnvilInstance> {
  const port = await freePort();
  const rpcUrl = `http://127.0.0.1:${port}`;
  const child = spawn(
    require.resolve('@foundry-rs/anvil-linux-amd64/bin/anvil'),
    ['--chain-id', '369', '--host', '127.0.0.1', '--port', String(port), '--quiet'],
    { stdio: 'ignore' },
  );
  running.add(child);
  let exitedEarly: Error | undefined;
  const exited = new Promise<void>((resolve) => {
    child.once('exit', () => resolve());
    child.once('error', (error) => {
      exitedEarly = error;
      resolve();
    });
  }).then(() => {
    running.delete(child);
    exitedEarly ??= new Error(`anvil exited with code ${child.exitCode}`);
  });

  const stop = async (): Promise<void> => {
    if (!running.has(child) || child.pid === undefined) return exited;
    process.kill(child.pid, 'SIGTERM');
    const timer = setTimeout(() => {
      if (running.has(child) && child.pid !== undefined) process.kill(child.pid, 'SIGKILL');
    }, STOP_TIMEOUT_MS);
    await exited;
    clearTimeout(timer);
  };

  try {
    await waitForChainId(rpcUrl, () => exitedEarly);
  } catch (error) {
    await stop();
    throw error;
  }
  return { rpcUrl, stop };
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (!address || typeof address === 'string') throw new Error('Could not pick a free port');
  return address.port;
}

async function waitForChainId(rpcUrl: string, failure: () => Error | undefined): Promise<void> {
  const deadline = Date.now() + STARTUP_TIMEOUT_MS;
  while (Date.now() < deadline) {
    const early = failure();
    if (early) throw early;
    try {
      const response = await fetch(rpcUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] }),
      });
      const body = (await response.json()) as { result?: string };
      if (body.result === CHAIN_ID_HEX) return;
      throw new Error(`anvil answered eth_chainId with ${JSON.stringify(body)}`);
    } catch (error) {
      if (error instanceof Error && error.message.startsWith('anvil answered')) throw error;
      await sleep(50); // not listening yet
    }
  }
  throw new Error(`anvil did not answer on ${rpcUrl} within ${STARTUP_TIMEOUT_MS} ms`);
}

export interface CompiledContract {
  abi: Abi;
  bytecode: Hex;
}

interface SolcOutput {
  errors?: { severity: string; formattedMessage: string }[];
  contracts?: Record<string, Record<string, { abi: Abi; evm: { bytecode: { object: string } } }>>;
}

const CACHE_DIR = new URL('../../.cache/solc/', import.meta.url).pathname;

/**
 * Compiles Solidity sources (source unit name → text) with the npm `solc` package and returns each contract by
 * name. The result is cached under .cache/solc/<sha256 of compiler version and input>.json.
 * @example const { StableSwap } = compileSolidity({ 'contracts/StableSwap.sol': text });
 */
export function compileSolidity(sources: Record<string, string>): Record<string, CompiledContract> {
  const input = JSON.stringify({
    language: 'Solidity',
    sources: Object.fromEntries(Object.entries(sources).map(([name, content]) => [name, { content }])),
    settings: {
      optimizer: { enabled: true, runs: 200 },
      evmVersion: 'cancun',
      outputSelection: { '*': { '*': ['abi', 'evm.bytecode.object'] } },
    },
  });
  // The package version names the compiler, so a cache hit never loads solc-js (about a second).
  const solcVersion = (require('solc/package.json') as { version: string }).version;
  const hash = createHash('sha256').update(`${solcVersion}\n${input}`).digest('hex');
  const cachePath = `${CACHE_DIR}${hash}.json`;

  let contracts: Record<string, CompiledContract>;
  try {
    contracts = JSON.parse(readFileSync(cachePath, 'utf8'));
  } catch {
    contracts = runSolc(input);
    mkdirSync(CACHE_DIR, { recursive: true });
    // Write then rename, so concurrent test files never read a half-written cache entry.
    const tmp = `${cachePath}.${process.pid}.tmp`;
    writeFileSync(tmp, JSON.stringify(contracts));
    renameSync(tmp, cachePath);
  }
  return contracts;
}

function runSolc(input: string): Record<string, CompiledContract> {
  const solc = require('solc') as { compile(input: string): string };
  const output = JSON.parse(solc.compile(input)) as SolcOutput;
  const errors = (output.errors ?? []).filter((e) => e.severity === 'error');
  if (errors.length > 0) throw new Error(`solc failed:\n${errors.map((e) => e.formattedMessage).join('\n')}`);
  const contracts: Record<string, CompiledContract> = {};
  for (const [file, byName] of Object.entries(output.contracts ?? {})) {
    for (const [name, contract] of Object.entries(byName)) {
      if (contracts[name]) throw new Error(`Contract name ${name} appears twice (again in ${file})`);
      contracts[name] = { abi: contract.abi, bytecode: `0x${contract.evm.bytecode.object}` };
    }
  }
  return contracts;
}
