// Service configuration from environment variables; names and defaults are part of the contract (README).
import { availableParallelism } from 'node:os';

export interface ServiceConfig {
  port: number;
  host: string;
  /** Quote workers; 0 computes quotes inline on the main thread. */
  workers: number;
  /** Nice value of the quote workers' threads (0–19): the HTTP thread, at 0, preempts a route search at once. */
  workerNice: number;
  /** Whether each quote worker warms up its JIT with quotes of its own before serving (src/workers/jitWarmUp.ts). */
  workerWarmUp: boolean;
  /** Largest young generation of each quote worker's heap, in MiB (0: Node's default, 48 on 64-bit). */
  workerYoungGenerationMb: number;
  rateLimitPerMinute: number;
  whitelistDomains: string[];
  trustProxy: boolean;
  botDetection: boolean;
  cacheTtlMs: number;
  cacheMaxEntries: number;
  snapshotPath?: string;
  presetPath?: string;
  logLevel: 'debug' | 'info' | 'warn' | 'error' | 'silent';
  /** Seconds until a quote's transaction deadline. */
  deadlineSeconds: number;
  /** Largest request body accepted, in bytes. */
  maxBodyBytes: number;
  /** Quotes queued beyond the workers before new requests get 503. */
  maxQueue: number;
  /** Milliseconds after which /quotes/advanced returns its best split so far. */
  advancedTimeBudgetMs: number;
  /** Longest a worker may compute one quote before it is stopped and replaced (0: no limit; see PoolSettings.taskTimeoutMs). */
  quoteTimeoutMs: number;
  /** JSON-RPC endpoint of a chain-369 node: when set, state is read from it and follows every block (live mode). */
  rpcUrl?: string;
  /** Live mode: how often the chain head is polled. */
  blockPollMs: number;
  /** Live mode: quotes are refused (503) once the state was last confirmed current longer ago than this. */
  maxStateAgeMs: number;
}

const TRUE = new Set(['1', 'true', 'on', 'yes']);
const FALSE = new Set(['0', 'false', 'off', 'no']);

/**
 * Reads the configuration, throwing on a malformed value rather than running with a surprise.
 * @example loadConfig({ PORT: '0', WORKERS: '1' }).port // 0
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): ServiceConfig {
  return {
    port: integer(env, 'PORT', 8080),
    host: env.HOST || '0.0.0.0',
    // One worker per core, not cores − 1: the HTTP thread's share of a quote is tens of microseconds, and the workers
    // run at a lower priority (workerNice), so it still gets a core the moment a request arrives (bench/RESULTS.md).
    workers: integer(env, 'WORKERS', availableParallelism()),
    workerNice: niceValue(env, 'WORKER_NICE', 10),
    workerWarmUp: flag(env, 'WORKER_WARM_UP', true),
    // Twice Node's default: half the scavenges, while each stays short. Larger ones (128, 192) grew their semi-spaces
    // past 32 MiB while serving, and the scavenges that grew them, on fresh memory, took 19-28 ms (README).
    workerYoungGenerationMb: youngGenerationMb(env, 'WORKER_YOUNG_GENERATION_MB', 96),
    rateLimitPerMinute: integer(env, 'RATE_LIMIT_PER_MINUTE', 60),
    whitelistDomains: (env.WHITELIST_DOMAINS ?? '')
      .split(',')
      .map((d) => d.trim().toLowerCase())
      .filter(Boolean),
    trustProxy: flag(env, 'TRUST_PROXY', false),
    botDetection: flag(env, 'BOT_DETECTION', true),
    cacheTtlMs: integer(env, 'CACHE_TTL_MS', 5000),
    cacheMaxEntries: integer(env, 'CACHE_MAX_ENTRIES', 50_000),
    snapshotPath: env.SNAPSHOT || undefined,
    presetPath: env.NETWORK_PRESET || undefined,
    logLevel: logLevel(env.LOG_LEVEL),
    deadlineSeconds: integer(env, 'DEADLINE_SECONDS', 1200),
    maxBodyBytes: 16 * 1024,
    maxQueue: integer(env, 'MAX_QUEUE', 4096),
    advancedTimeBudgetMs: integer(env, 'ADVANCED_TIME_BUDGET_MS', 25),
    quoteTimeoutMs: quoteTimeoutMs(env, 'QUOTE_TIMEOUT_MS', 10_000),
    rpcUrl: env.RPC_URL || undefined,
    blockPollMs: integer(env, 'BLOCK_POLL_MS', 1000),
    maxStateAgeMs: integer(env, 'MAX_STATE_AGE_MS', 60_000),
  };
}

function integer(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0) throw new Error(`${name} must be a non-negative integer, got "${raw}"`);
  return value;
}

function niceValue(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const value = integer(env, name, fallback);
  if (value > 19) throw new Error(`${name} must be between 0 and 19, got "${env[name]}"`);
  return value;
}

/**
 * 0 (no limit) or 1 s to 1 h. The default, 10 s, is far past any quote's own time (an advanced quote's budget is 25 ms):
 * only a search that will never finish meets it; below a second a slow moment could stop a healthy worker.
 */
function quoteTimeoutMs(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const value = integer(env, name, fallback);
  if (value !== 0 && (value < 1_000 || value > 3_600_000)) throw new Error(`${name} must be 0 or between 1000 and 3600000, got "${env[name]}"`);
  return value;
}

/**
 * 0 (Node's default) or 16–4096 MiB: an advanced quote allocates about 3.5 MB, so below 16 MiB (semi-spaces of about 5 MiB)
 * a worker would scavenge several times per quote.
 */
function youngGenerationMb(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const value = integer(env, name, fallback);
  if (value !== 0 && (value < 16 || value > 4096)) throw new Error(`${name} must be 0 or between 16 and 4096, got "${env[name]}"`);
  return value;
}

function flag(env: NodeJS.ProcessEnv, name: string, fallback: boolean): boolean {
  const raw = env[name]?.toLowerCase();
  if (raw === undefined || raw === '') return fallback;
  if (TRUE.has(raw)) return true;
  if (FALSE.has(raw)) return false;
  throw new Error(`${name} must be on/off (or true/false, 1/0), got "${env[name]}"`);
}

function logLevel(raw: string | undefined): ServiceConfig['logLevel'] {
  const level = (raw || 'info').toLowerCase();
  if (['debug', 'info', 'warn', 'error', 'silent'].includes(level)) return level as ServiceConfig['logLevel'];
  throw new Error(`LOG_LEVEL must be debug, info, warn, error or silent, got "${raw}"`);
}
