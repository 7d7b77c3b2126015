// Describes the machine a benchmark ran on, for bench/RESULTS.md.
import { cpus, totalmem } from 'node:os';

export function machineDescription(): string {
  const cpu = cpus()[0]?.model ?? 'unknown CPU';
  return `${cpus().length} × ${cpu}, ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}, ${process.platform}/${process.arch}`;
}
