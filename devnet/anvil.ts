// A local anvil node (chain 369) from the @foundry-rs/anvil npm package, on loopback, started and stopped by PID.
import { spawn, type ChildProcess } from 'node:child_process';
import { createRequire } from 'node:module';
import { setTimeout as sleep } from 'node:timers/promises';

const require = createRequire(import.meta.url);
const CHAIN_ID_HEX = '0x171'; // 369
const STARTUP_TIMEOUT_MS = 20_000;
const STOP_TIMEOUT_MS = 5_000;

export interface AnvilOptions {
  /** Port to listen on; a free one when omitted. */
  port?: number;
  /** Seconds between blocks; without it anvil mines one block per transaction. */
  blockTime?: number;
  /** Lift the 24 KiB contract size limit (Balancer V3's Vault is larger). Default true. */
  disableCodeSizeLimit?: boolean;
  /** A state file (anvil's dump format) to start from. */
  loadStatePath?: string;
}

export interface AnvilInstance {
  rpcUrl: string;
  port: number;
  pid: number;
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
export async function startAnvil(options: AnvilOptions = {}): Promise<AnvilInstance> {
  // Port 0 lets anvil bind a free port itself (no race with other tests); it prints the one it got.
  const args = ['--chain-id', '369', '--host', '127.0.0.1', '--port', String(options.port ?? 0)];
  if (options.blockTime !== undefined) args.push('--block-time', String(options.blockTime));
  if (options.disableCodeSizeLimit ?? true) args.push('--disable-code-size-limit');
  // Generous gas limits: seeding liquidity and Balancer V3 deployments need large transactions.
  args.push('--gas-limit', '1000000000');
  if (options.loadStatePath) args.push('--load-state', options.loadStatePath);
  const child = spawn(require.resolve('@foundry-rs/anvil-linux-amd64/bin/anvil'), args, { stdio: ['ignore', 'pipe', 'ignore'] });
  const listening = new Promise<number>((resolve) => {
    let text = '';
    const onData = (chunk: Buffer) => {
      text += chunk.toString('utf8');
      const match = /Listening on 127\.0\.0\.1:(\d+)/.exec(text);
      if (!match) return;
      child.stdout!.off('data', onData);
      child.stdout!.resume(); // keep draining anvil's log so it never blocks on a full pipe
      resolve(Number(match[1]));
    };
    child.stdout!.on('data', onData);
  });
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

  let port: number;
  let rpcUrl: string;
  try {
    port = await new Promise<number>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('anvil did not start listening')), STARTUP_TIMEOUT_MS);
      listening.then((p) => (clearTimeout(timer), resolve(p)));
      void exited.then(() => (clearTimeout(timer), reject(exitedEarly)));
    });
    rpcUrl = `http://127.0.0.1:${port}`;
    await waitForChainId(rpcUrl, () => exitedEarly);
  } catch (error) {
    await stop();
    throw error;
  }
  return { rpcUrl, port, pid: child.pid!, stop };
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
