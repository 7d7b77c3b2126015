// The devnet for the execution tests and the gas calibration: startDevnet() (anvil plus the full deployment of
// devnet/deployDevnet.ts, our router included, restored from .cache/devnet when nothing it depends on changed).
import type { AnvilInstance } from '../../../devnet/anvil.ts';
import type { DeployContext } from '../../../devnet/deploy/context.ts';
import type { DevnetDeployment } from '../../../devnet/deployDevnet.ts';
import type { SeedOptions } from '../../../devnet/seedSelection.ts';
import { startDevnet } from '../../../devnet/startDevnet.ts';

export interface ExecutionDevnet {
  anvil: AnvilInstance;
  ctx: DeployContext;
  deployment: DevnetDeployment;
  stop(): Promise<void>;
}

/** A small seed (a few UniV2 pools per platform, up to 7 pools of every other platform: every pool kind). */
export const SMALL_SEED: SeedOptions = { v2PoolsPerPlatform: 3, otherPoolsPerPlatform: 7, tailTokens: 1 };

/** Seconds between the devnet's blocks, as on chain 369 (see startExecutionDevnet). */
export const BLOCK_SECONDS = 10;

/**
 * Starts the devnet with `seed` (default: the full devnet), checks that it carries our router, and makes every block
 * BLOCK_SECONDS later than the one before. Mined back to back, blocks would share a timestamp, and a UniV2 pair writes
 * its price accumulators only in the first swap of a new second: gas would be measured lower than chain 369 charges.
 * The devnet's clock then runs ahead of the wall clock, so quotes for it need a long deadline (startLiveService).
 * @example const devnet = await startExecutionDevnet(SMALL_SEED); after(() => devnet.stop());
 */
export async function startExecutionDevnet(seed: SeedOptions = {}): Promise<ExecutionDevnet> {
  const devnet = await startDevnet({ seed });
  try {
    if (!devnet.deployment.preset.aggregatorRouter) {
      throw new Error('The devnet preset has no aggregatorRouter: devnet/deployDevnet.ts must deploy it');
    }
    await devnet.ctx.rpc('anvil_setBlockTimestampInterval', [BLOCK_SECONDS]);
  } catch (error) {
    await devnet.stop();
    throw error;
  }
  return { anvil: devnet.anvil, ctx: devnet.ctx, deployment: devnet.deployment, stop: () => devnet.stop() };
}
