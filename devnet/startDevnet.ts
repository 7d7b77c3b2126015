// Starts a devnet: anvil plus the full deployment. The first run deploys and saves anvil's state under .cache/devnet
// (keyed by every input of the deployment); later runs load that state, which takes a second instead of minutes.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, readdirSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { parseSnapshotText, serializeSnapshot } from '../src/snapshot/snapshotFile.ts';
import { type AnvilInstance, type AnvilOptions, startAnvil } from './anvil.ts';
import { type DeployContext, createDeployContext } from './deploy/context.ts';
import { type DevnetDeployment, deployDevnet } from './deployDevnet.ts';
import type { SeedOptions } from './seedSelection.ts';

const ROOT = new URL('../', import.meta.url).pathname;
const CACHE_DIR = join(ROOT, '.cache/devnet');
/** Everything that changes what the deployment puts on chain. */
const INPUTS = ['devnet', 'contracts', 'data/snapshots/default.json.gz', 'data/networks/chain369.json', 'package-lock.json'];

export interface Devnet {
  anvil: AnvilInstance;
  rpcUrl: string;
  ctx: DeployContext;
  deployment: DevnetDeployment;
  /** True when the state came from the cache. */
  fromCache: boolean;
  stop(): Promise<void>;
}

export interface DevnetOptions extends AnvilOptions {
  seed?: SeedOptions;
  /** Reuse (and save) the deployed state in .cache/devnet. Default true. */
  cache?: boolean;
}

/**
 * Starts anvil and deploys (or restores) the devnet.
 * @example const devnet = await startDevnet(); t.after(() => devnet.stop()); devnet.deployment.preset
 */
export async function startDevnet(options: DevnetOptions = {}): Promise<Devnet> {
  const useCache = options.cache ?? true;
  const key = join(CACHE_DIR, inputsHash(options.seed ?? {}));
  const [statePath, deploymentPath] = [`${key}.state.json`, `${key}.deployment.json`];
  const cached = useCache && existsSync(statePath) && existsSync(deploymentPath);
  const anvil = await startAnvil({ ...options, loadStatePath: cached ? statePath : undefined });
  try {
    const ctx = createDeployContext(anvil.rpcUrl);
    let deployment: DevnetDeployment;
    if (cached) {
      const saved = JSON.parse(readFileSync(deploymentPath, 'utf8')) as SavedDeployment;
      deployment = { preset: saved.preset, snapshot: parseSnapshotText(saved.snapshot) };
    } else {
      deployment = await deployDevnet(ctx, options.seed);
      if (useCache) {
        // anvil_dumpState answers gzip-compressed JSON as hex; --load-state reads the JSON from a file.
        const dump = await ctx.rpc<string>('anvil_dumpState', []);
        const saved: SavedDeployment = { preset: deployment.preset, snapshot: serializeSnapshot(deployment.snapshot) };
        mkdirSync(CACHE_DIR, { recursive: true });
        writeAtomically(statePath, gunzipSync(Buffer.from(dump.slice(2), 'hex')));
        writeAtomically(deploymentPath, JSON.stringify(saved));
      }
    }
    return { anvil, rpcUrl: anvil.rpcUrl, ctx, deployment, fromCache: cached, stop: () => anvil.stop() };
  } catch (error) {
    await anvil.stop();
    throw error;
  }
}

interface SavedDeployment {
  preset: DevnetDeployment['preset'];
  snapshot: string;
}

/** Write then rename, so a concurrent reader never sees half a file. */
function writeAtomically(path: string, data: string | Buffer): void {
  const tmp = `${path}.${process.pid}.tmp`;
  writeFileSync(tmp, data);
  renameSync(tmp, path);
}

function inputsHash(seed: SeedOptions): string {
  const hash = createHash('sha256').update(JSON.stringify(seed));
  const visit = (path: string) => {
    const full = join(ROOT, path);
    if (statSync(full).isDirectory()) {
      for (const name of readdirSync(full).sort()) visit(join(path, name));
    } else {
      hash.update(path).update(readFileSync(full));
    }
  };
  for (const input of INPUTS) visit(input);
  return hash.digest('hex').slice(0, 24);
}
