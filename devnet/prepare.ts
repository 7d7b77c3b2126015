// Warms the caches the on-chain tests share, once and in one process, before the test files run in parallel: every
// Solidity compile (.cache/solc; Balancer V3 alone takes minutes) and the deployed devnet (.cache/devnet).
import { startDevnet } from './startDevnet.ts';

const started = performance.now();
const devnet = await startDevnet();
await devnet.stop();
const seconds = ((performance.now() - started) / 1000).toFixed(1);
process.stdout.write(`devnet ${devnet.fromCache ? 'cache is warm' : 'compiled and deployed'} (${seconds} s)\n`);
