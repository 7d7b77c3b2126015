// Runs every benchmark in its own process (one at a time, so they do not compete for the two cores), then
// rewrites bench/RESULTS.md from their figures. Run via `npm run bench` (which builds dist/ first).
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const BENCHMARKS = [
  'bench/poolSwapCost.ts',
  'bench/routingLatency.ts',
  'bench/advancedLatency.ts',
  'bench/routingQuality.ts',
  'bench/flowAnytime.ts',
  'bench/flowScaling.ts',
  'bench/startup.ts',
  'bench/httpLoad.ts',
  'bench/chainSync.ts',
  'bench/gasCalibration.ts',
];

for (const script of BENCHMARKS) {
  if (!existsSync(new URL(`../${script}`, import.meta.url))) continue;
  console.log(`\n== ${script}`);
  execFileSync(process.execPath, ['--import', 'tsx', script], { stdio: 'inherit', cwd: new URL('..', import.meta.url).pathname });
}
execFileSync(process.execPath, ['--import', 'tsx', 'bench/writeResults.ts'], { stdio: 'inherit', cwd: new URL('..', import.meta.url).pathname });
