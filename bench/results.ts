/** bench/results.json: every row, the scenarios' raw details and the machine they ran on. */
import { writeFile } from 'node:fs/promises';
import os from 'node:os';
import type { ScenarioDuration } from './runner.js';
import type { Row } from './types.js';

export interface ResultsFile {
  startedAt: string;
  finishedAt: string;
  quick: boolean;
  scenarios: string[];
  /** The whole run's wall time, seconds. */
  durationS: number;
  /** Each scenario's wall time (the bench's own running time), by scenario name. */
  durations: Record<string, ScenarioDuration>;
  machine: {
    node: string;
    platform: string;
    arch: string;
    cpus: number;
    cpuModel: string;
    totalMemoryMb: number;
  };
  /** The runtime and machine in words, as the table's caption names them. */
  ranOn: string;
  rows: Row[];
  details: Record<string, unknown>;
  /** Scenarios that threw, with their message. */
  failures: Record<string, string>;
  /** Scenarios' headline figures by their `resultsKey` (e.g. `scale_out`). */
  [resultsKey: string]: unknown;
}

export function machineInfo(): ResultsFile['machine'] {
  const cpus = os.cpus();
  return {
    node: process.version,
    platform: process.platform,
    arch: process.arch,
    cpus: cpus.length,
    cpuModel: cpus[0]?.model ?? 'unknown',
    totalMemoryMb: Math.round(os.totalmem() / 1024 / 1024),
  };
}

/** `node v24.11.0 on 2 × Intel(R) Xeon(R) Processor (linux x64, 24 GB)`. */
export function ranOn(machine: ResultsFile['machine']): string {
  const memory = Math.round(machine.totalMemoryMb / 1024);
  return `node ${machine.node} on ${machine.cpus} × ${machine.cpuModel} (${machine.platform} ${machine.arch}, ${memory} GB)`;
}

export async function writeResults(file: string, results: ResultsFile): Promise<void> {
  await writeFile(file, `${JSON.stringify(results, null, 2)}\n`);
}
