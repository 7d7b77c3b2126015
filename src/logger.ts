// A minimal leveled logger writing one JSON line per event to stderr.
import type { ServiceConfig } from './config.ts';

const LEVELS = { debug: 10, info: 20, warn: 30, error: 40, silent: 100 } as const;
export type Logger = Record<'debug' | 'info' | 'warn' | 'error', (message: string, fields?: object) => void>;

export function createLogger(level: ServiceConfig['logLevel']): Logger {
  const threshold = LEVELS[level];
  const at = (name: keyof typeof LEVELS) => (message: string, fields?: object) => {
    if (LEVELS[name] < threshold) return;
    process.stderr.write(JSON.stringify({ time: new Date().toISOString(), level: name, message, ...fields }) + '\n');
  };
  return { debug: at('debug'), info: at('info'), warn: at('warn'), error: at('error') };
}
