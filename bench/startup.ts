// Time from process start to the first answered quote on the default snapshot, the first price-moving
// /quotes/advanced answer of a fresh service (how many routes its split has: a cold worker ran out of its time budget
// and answered with one), and the memory each extra quote worker adds (workers attach to the shared graph instead of
// copying it).
import { saveResults } from './support/results.ts';
import { spawnServer } from './support/spawnService.ts';

const request = JSON.stringify({
  chainId: 369,
  platform: 'mixed',
  fromToken: '0xA1077a294dDE1B09bB078844df40758a5D0f9a27',
  toToken: '0x15D38573d2feeb82e7ad5187aB8c1D52810B1f07',
  amountIn: '1000000000000000000000',
  slippage: 0.5,
});

/** WPLS → USDC for 1e29 wei (about $3M): a trade that moves prices, whose best answer splits over dozens of routes. */
const priceMoving = request.replace('"1000000000000000000000"', '"100000000000000000000000000000"');

/** The first price-moving advanced quote: its routes and time. */
async function firstAdvanced(port: number): Promise<{ routes: number; ms: number }> {
  const started = performance.now();
  const response = await fetch(`http://127.0.0.1:${port}/api/v2/quotes/advanced`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: priceMoving });
  if (!response.ok) throw new Error(`/quotes/advanced answered ${response.status}: ${await response.text()}`);
  const body = (await response.json()) as { data?: { splits?: unknown[] } };
  return { routes: body.data?.splits?.length ?? 0, ms: Math.round(performance.now() - started) };
}

async function firstQuote(port: number): Promise<void> {
  for (;;) {
    const response = await fetch(`http://127.0.0.1:${port}/api/v2/quotes`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: request,
    }).catch(() => undefined);
    if (response?.status === 200) return;
    await new Promise((r) => setTimeout(r, 10));
  }
}

const figures: Record<string, unknown> = {};
const rss: Record<number, number> = {};
for (const workers of [1, 2, 4]) {
  const started = performance.now();
  const service = await spawnServer({ WORKERS: String(workers), RATE_LIMIT_PER_MINUTE: '0' });
  await firstQuote(service.port);
  const firstQuoteMs = Math.round(performance.now() - started);
  const advanced = await firstAdvanced(service.port);
  // A few quotes through every worker so each has attached to the graph and warmed up.
  await Promise.all(Array.from({ length: 40 }, (_, i) => fetch(`http://127.0.0.1:${service.port}/api/v2/quotes`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: request.replace('"1000000000000000000000"', `"${1000 + i}000000000000000000"`),
  })));
  rss[workers] = service.rssKiB();
  figures[`workers=${workers}`] = {
    firstQuoteMs,
    listeningMs: Math.round(service.startupMs),
    firstPriceMovingAdvanced: advanced,
    rssMiB: Math.round(rss[workers] / 1024),
  };
  console.log(
    `workers=${workers}: listening after ${Math.round(service.startupMs)} ms, first quote after ${firstQuoteMs} ms, ` +
      `first price-moving advanced quote: ${advanced.routes} routes in ${advanced.ms} ms, RSS ${Math.round(rss[workers] / 1024)} MiB`,
  );
  await service.stop();
}
// The same first requests without the workers' warm-up (WORKER_WARM_UP=off): what it is for. (The /quotes request
// before it runs on one of the two workers, and warms the single-path search a little.)
{
  const started = performance.now();
  const service = await spawnServer({ WORKERS: '2', RATE_LIMIT_PER_MINUTE: '0', WORKER_WARM_UP: 'off' });
  await firstQuote(service.port);
  const firstQuoteMs = Math.round(performance.now() - started);
  const advanced = await firstAdvanced(service.port);
  figures['workers=2, no warm-up'] = { firstQuoteMs, listeningMs: Math.round(service.startupMs), firstPriceMovingAdvanced: advanced };
  console.log(`workers=2, no warm-up: first quote after ${firstQuoteMs} ms, first price-moving advanced quote: ${advanced.routes} routes in ${advanced.ms} ms`);
  await service.stop();
}
figures.rssPerExtraWorkerMiB = Math.round((rss[4] - rss[1]) / 3 / 1024);
console.log(`RSS per extra worker: ${figures.rssPerExtraWorkerMiB} MiB`);
saveResults('startup', figures);
