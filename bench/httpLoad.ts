// HTTP load over loopback with autocannon (bounded in time): a bare uWS JSON echo, a cached quote, and uncached
// quotes (requests drawn from the routing benchmark's query mix, each amount made unique) computed inline and in
// the worker pool — all in one run, so the ratios compare like with like.
import autocannon from 'autocannon';
import { buildGraph } from '../src/graph/buildGraph.ts';
import { GraphView } from '../src/graph/graphView.ts';
import { loadPreset } from '../src/network/loadPreset.ts';
import { queryMix } from './support/queryMix.ts';
import { saveResults } from './support/results.ts';
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
  console.log(`${label.padEnd(34)} ${String(r.requestsPerSecond).padStart(7)} req/s  p50 ${r.latencyP50Ms} ms  p99 ${r.latencyP99Ms} ms  non-2xx ${r.non2xx}`);
};

const base = { RATE_LIMIT_PER_MINUTE: '0' };
const echo = await spawnServer({}, 'bench/support/echoServer.ts');
await run('bare uWS JSON echo', echo, '/', false);
await echo.stop();

for (const workers of ['1', '0']) {
  const service = await spawnServer({ ...base, WORKERS: workers });
  const where = workers === '0' ? 'inline' : 'worker pool';
  if (workers === '1') await run('cached /quotes', service, '/api/v2/quotes', false);
  await run(`uncached /quotes (${where})`, service, '/api/v2/quotes', true);
  await run(`uncached /quotes/advanced (${where})`, service, '/api/v2/quotes/advanced', true);
  await service.stop();
}
const ratio = (a: string, b: string) =>
  Math.round(((figures[a] as { requestsPerSecond: number }).requestsPerSecond / (figures[b] as { requestsPerSecond: number }).requestsPerSecond) * 1000) / 1000;
figures.cachedOverEcho = ratio('cached /quotes', 'bare uWS JSON echo');
figures.poolOverInline = ratio('uncached /quotes (worker pool)', 'uncached /quotes (inline)');
console.log(`cached/echo = ${figures.cachedOverEcho}, pool/inline (uncached /quotes) = ${figures.poolOverInline}`);
saveResults('httpLoad', figures);
