// Starts the real service (uWS server, worker pool, shared graph) on port 0 for a test, and stops it after.
import type { TestContext } from 'node:test';
import { loadConfig } from '../../src/config.ts';
import { createLogger } from '../../src/logger.ts';
import { type Service, startService } from '../../src/service.ts';

export interface TestService {
  service: Service;
  /** Base URL ending in /api/v2 (the spec's {base_url}). */
  baseUrl: string;
  port: number;
}

/**
 * Defaults for tests: loopback, one worker without the warm-up (test/workers/warmUp.test.ts starts one with it), no
 * rate limit, quiet; `env` overrides any of them.
 */
export async function startTestService(t: TestContext | undefined, env: Record<string, string> = {}): Promise<TestService> {
  const config = loadConfig({
    PORT: '0',
    HOST: '127.0.0.1',
    WORKERS: '1',
    WORKER_WARM_UP: 'off',
    RATE_LIMIT_PER_MINUTE: '0',
    LOG_LEVEL: 'silent',
    ...env,
  });
  const service = await startService(config, createLogger(config.logLevel));
  t?.after(() => service.close());
  return { service, baseUrl: `http://127.0.0.1:${service.port}/api/v2`, port: service.port };
}

/** POSTs JSON to a quote endpoint and returns status, headers and the raw text body. */
export async function postJson(
  url: string,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<{ status: number; headers: Headers; text: string }> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  return { status: response.status, headers: response.headers, text: await response.text() };
}
