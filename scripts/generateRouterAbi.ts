// Generates src/tx/aggregatorRouterAbi.generated.ts from the solc output of contracts/AggregatorRouter.sol.
// Usage: npm run generate:router
import { writeFileSync } from 'node:fs';
import { aggregatorRouterArtifact } from '../devnet/deploy/aggregatorRouter.ts';
import { aggregatorRouterAbiModule } from './generateRouterAbiModule.ts';

const target = new URL('../src/tx/aggregatorRouterAbi.generated.ts', import.meta.url);
writeFileSync(target, aggregatorRouterAbiModule(aggregatorRouterArtifact().abi));
console.log('wrote src/tx/aggregatorRouterAbi.generated.ts');
