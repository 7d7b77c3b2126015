// Runs the service (or another server script) as a child process on a free loopback port, for benchmarks.
import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';

export interface SpawnedServer {
  port: number;
  pid: number;
  /** Milliseconds from spawn until the server said it was listening. */
  startupMs: number;
  rssKiB(): number;
  stop(): Promise<void>;
}

const ROOT = new URL('../../', import.meta.url).pathname;

/** Starts `script` (default: the service entry) with `env`, waiting for its "listening" log line with the port. */
export function spawnServer(env: Record<string, string>, script = 'dist/main.js'): Promise<SpawnedServer> {
  const started = performance.now();
  // The service runs from dist/ as in production (npm run build first); helper scripts run under tsx.
  const args = script.endsWith('.ts') ? ['--import', 'tsx', script] : [script];
  const child: ChildProcess = spawn(process.execPath, args, {
    cwd: ROOT,
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  return new Promise((resolve, reject) => {
    let buffered = '';
    child.once('exit', (code) => reject(new Error(`${script} exited early with code ${code}: ${buffered}`)));
    child.stderr!.on('data', (chunk) => {
      buffered += chunk;
      const match = /"port":(\d+)/.exec(buffered);
      if (!match) return;
      child.stderr!.removeAllListeners('data');
      child.stderr!.resume();
      child.removeAllListeners('exit');
      resolve({
        port: Number(match[1]),
        pid: child.pid!,
        startupMs: performance.now() - started,
        rssKiB: () => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${child.pid}/status`, 'utf8'))![1]),
        stop: () =>
          new Promise((done) => {
            child.once('exit', () => done());
            child.kill('SIGTERM');
          }),
      });
    });
  });
}
