// Benchmarks write their figures to bench/results/<name>.json; bench/writeResults.ts turns them into RESULTS.md.
import { mkdirSync, writeFileSync } from 'node:fs';
import { machineDescription } from './machine.ts';

export function saveResults(name: string, figures: unknown): void {
  const dir = new URL('../results/', import.meta.url);
  mkdirSync(dir, { recursive: true });
  const record = { name, machine: machineDescription(), date: new Date().toISOString(), figures };
  writeFileSync(new URL(`${name}.json`, dir), JSON.stringify(record, null, 2) + '\n');
}

export function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}
