// HTTP load over loopback with autocannon (bounded in time): a bare uWS JSON echo, a cached quote, and uncached
// quotes (requests drawn from the routing benchmark's query mix, each amount made unique) computed in the default
// worker pool, in one worker and inline — all in one run, so the ratios compare like with like; then how long a cached
// answer waits while the workers are loaded, by worker count and priority.
import { availableParallelism } from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';
import autocannon from 'autocannon';
import { buildGraph } from '../src/graph/buildGraph.ts';
import { GraphView } from '../src/graph/graphView.ts';
import { loadPreset } from '../src/network/loadPreset.ts';
import { loopbackClient } from './support/loopbackClient.ts';
import { queryMix } from './support/queryMix.ts';
import { percentile, saveResults } from './support/results.ts';
import { type SpawnedServer, spawnServer } from './support/spawnService.ts';
import { defaultSnapshotPath, loadSnapshot } from './support/snapshots.ts';

const DURATION_S = Number(process.env.BENCH_DURATION ?? 8);
const CONNECTIONS = 50;
const WPLS = '0xA1077a294dDE1B09bB078844df40758a5D0f9a27';
const USDC = '0x15D38573d2feeb82e7ad5187aB8c1D52810B1f07';
const body = (amountIn: string, fromToken = WPLS, toToken = USDC) =>
  JSON.stringify({ chainId: 369, platform: 'mixed', fromToken, toToken, amountIn, slippage: 0.5 });

const graph = new GraphView(buildGraph(loadSnapshot(defaultSnapshotPath()), loadPreset(), 1));
const mix = queryMix(graph, 20_000, 13).map((q) => ({
  from: graph.tokenAddress(q.from),
  to: graph.tokenAddress(q.to),
  amountIn: q.amountIn,
}));

interface Scenario {
  label: string;
  url: (server: SpawnedServer) => string;
  unique: boolean;
}

async function load(url: string, unique: boolean) {
  let counter = 0;
  const result = await autocannon({
    url,
    method: 'POST',
    connections: CONNECTIONS,
    duration: DURATION_S,
    headers: { 'content-type': 'application/json' },
    body: body('1000000000000000000000'),
    requests: unique
      ? [
          {
            setupRequest: (req: any) => {
              const q = mix[++counter % mix.length];
              // A distinct amount per request so none is answered from the cache.
              return { ...req, body: body(`${q.amountIn + BigInt(counter)}`, q.from, q.to) };
            },
          },
        ]
      : undefined,
  });
  return {
    requestsPerSecond: Math.round(result.requests.average),
    latencyP50Ms: result.latency.p50,
    latencyP99Ms: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
  };
}

const figures: Record<string, unknown> = {};
const run = async (label: string, server: SpawnedServer, path: string, unique: boolean) => {
  const url = `http://127.0.0.1:${server.port}${path}`;
  await load(url, unique); // warm-up pass, discarded
  const r = await load(url, unique);
  figures[label] = r;
  console.log(`${label.padEnd(44)} ${String(r.requestsPerSecond).padStart(7)} req/s  p50 ${r.latencyP50Ms} ms  p99 ${r.latencyP99Ms} ms  non-2xx ${r.non2xx}`);
};

const base = { RATE_LIMIT_PER_MINUTE: '0' };
const cores = availableParallelism();
const echo = await spawnServer({}, 'bench/support/echoServer.ts');
await run('bare uWS JSON echo', echo, '/', false);
await echo.stop();

// The default pool (a worker per core, at nice 10), the earlier default of one worker, and inline computation.
const POOLS: { where: string; env: Record<string, string> }[] = [
  { where: `${cores} workers, default`, env: {} },
  { where: '1 worker', env: { WORKERS: '1' } },
  { where: 'inline', env: { WORKERS: '0' } },
];
for (const [i, pool] of POOLS.entries()) {
  const service = await spawnServer({ ...base, ...pool.env });
  if (i === 0) await run('cached /quotes', service, '/api/v2/quotes', false);
  await run(`uncached /quotes (${pool.where})`, service, '/api/v2/quotes', true);
  await run(`uncached /quotes/advanced (${pool.where})`, service, '/api/v2/quotes/advanced', true);
  await service.stop();
}

/**
 * A cached /quotes answer asked every 5 ms by one client while 50 connections load the workers with uncached
 * /quotes/advanced requests: how long an answer that needs no search waits behind the searches.
 */
async function cachedUnderLoad(env: Record<string, string>) {
  const service = await spawnServer({ ...base, ...env });
  try {
    const url = `http://127.0.0.1:${service.port}/api/v2/quotes/advanced`;
    await load(url, true); // warm-up pass, discarded
    const probe = loopbackClient(service.port);
    const cachedBody = { chainId: 369, platform: 'mixed', fromToken: WPLS, toToken: USDC, amountIn: '1000000000000000000000', slippage: 0.5 };
    await probe.post('/api/v2/quotes', cachedBody);
    const loaded = load(url, true);
    const times: number[] = [];
    const end = performance.now() + (DURATION_S - 1) * 1000;
    await sleep(300);
    while (performance.now() < end) {
      const started = performance.now();
      await probe.post('/api/v2/quotes', cachedBody);
      times.push(performance.now() - started);
      await sleep(5);
    }
    const advanced = await loaded;
    probe.close();
    times.sort((a, b) => a - b);
    const ms = (p: number) => Math.round(percentile(times, p) * 100) / 100;
    return { probes: times.length, p50Ms: ms(50), p90Ms: ms(90), p99Ms: ms(99), advancedPerSecond: advanced.requestsPerSecond };
  } finally {
    await service.stop();
  }
}
const UNDER_LOAD: { label: string; env: Record<string, string> }[] = [
  { label: `${cores} workers at nice 10 (default)`, env: {} },
  { label: `${cores} workers at nice 0`, env: { WORKER_NICE: '0' } },
  { label: '1 worker at nice 0', env: { WORKERS: '1', WORKER_NICE: '0' } },
];
const underLoad: Record<string, unknown> = {};
for (const { label, env } of UNDER_LOAD) {
  const r = await cachedUnderLoad(env);
  underLoad[label] = r;
  console.log(`cached /quotes under advanced load, ${label.padEnd(30)} p50 ${r.p50Ms} ms  p90 ${r.p90Ms} ms  p99 ${r.p99Ms} ms  (advanced ${r.advancedPerSecond} req/s)`);
}
figures.cachedUnderAdvancedLoad = underLoad;

const ratio = (a: string, b: string) =>
  Math.round(((figures[a] as { requestsPerSecond: number }).requestsPerSecond / (figures[b] as { requestsPerSecond: number }).requestsPerSecond) * 1000) / 1000;
const [pooled, one, inline] = POOLS.map((p) => p.where);
figures.cachedOverEcho = ratio('cached /quotes', 'bare uWS JSON echo');
figures.poolOverInline = ratio(`uncached /quotes (${pooled})`, `uncached /quotes (${inline})`);
figures.poolOverOneWorker = ratio(`uncached /quotes (${pooled})`, `uncached /quotes (${one})`);
figures.advancedPoolOverOneWorker = ratio(`uncached /quotes/advanced (${pooled})`, `uncached /quotes/advanced (${one})`);
console.log(`cached/echo = ${figures.cachedOverEcho}, pool/inline (uncached /quotes) = ${figures.poolOverInline}, default pool/1 worker: /quotes ${figures.poolOverOneWorker}, /quotes/advanced ${figures.advancedPoolOverOneWorker}`);
saveResults('httpLoad', figures);
