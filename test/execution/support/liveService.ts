// The real quote service in live mode on a devnet (RPC_URL + NETWORK_PRESET), and waiting until it has published the
// chain head, so a quote is computed on exactly the state its transaction will meet.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { DeployContext } from '../../../devnet/deploy/context.ts';
import type { NetworkPreset } from '../../../src/network/types.ts';
import { postJson, startTestService, type TestService } from '../../support/service.ts';
import { head } from './chain.ts';

export interface LiveService extends TestService {
  /** Resolves once GET /health reports the chain's latest block. */
  waitForHead(): Promise<bigint>;
  /**
   * POSTs a quote request to /quotes or /quotes/advanced; resolves to the quote, or to `{ noRoute }` for a 400 "No
   * route found" answer, and rejects on any other answer.
   */
  quote(endpoint: 'quotes' | 'quotes/advanced', body: Record<string, unknown>): Promise<QuoteAnswer | { noRoute: string }>;
  close(): Promise<void>;
}

export interface QuoteAnswer {
  blockNumber: bigint;
  data: {
    amountOut: string;
    gasEstimate: number;
    splits: [number, { pairAddress: string; tokenIn: string; tokenOut: string; platform: string }[]][];
    tx?: { from: string; to: string; data: string; value: string };
  };
}

/**
 * Starts the service following `rpcUrl` with `preset` as its network file (written to a temporary directory).
 * @example const api = await startLiveService(devnet.ctx, devnet.deployment.preset); t.after(() => api.close());
 */
export async function startLiveService(
  ctx: DeployContext,
  preset: NetworkPreset,
  env: Record<string, string> = {},
): Promise<LiveService> {
  const dir = mkdtempSync(join(tmpdir(), 'execution-'));
  const presetPath = join(dir, 'network.json');
  writeFileSync(presetPath, JSON.stringify(preset));
  let api: TestService;
  try {
    api = await startTestService(undefined, {
      RPC_URL: ctx.rpcUrl,
      NETWORK_PRESET: presetPath,
      BLOCK_POLL_MS: '20',
      CACHE_TTL_MS: '0',
      // The devnet's clock runs ahead of the wall clock (BLOCK_SECONDS a block): a deadline of a year stays ahead of it.
      DEADLINE_SECONDS: String(365 * 24 * 3600),
      ...env,
    });
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
  const healthBlock = async () => {
    const response = await fetch(`http://127.0.0.1:${api.port}/health`);
    return BigInt(((await response.json()) as { blockNumber: string }).blockNumber);
  };
  return {
    ...api,
    async waitForHead() {
      const target = await head(ctx);
      const deadline = Date.now() + 20_000;
      for (;;) {
        const published = await healthBlock();
        if (published >= target) return published;
        if (Date.now() > deadline) throw new Error(`the service did not publish block ${target} (at ${published})`);
        await sleep(5);
      }
    },
    async quote(endpoint, body) {
      const response = await postJson(`${api.baseUrl}/${endpoint}`, body);
      if (response.status === 400 && response.text.includes('No route found')) return { noRoute: JSON.parse(response.text).error };
      if (response.status !== 200) throw new Error(`${endpoint} answered ${response.status}: ${response.text}`);
      return { blockNumber: BigInt(response.headers.get('x-block-number')!), data: JSON.parse(response.text).data };
    },
    async close() {
      await api.service.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
