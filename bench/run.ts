/**
 * `npm run bench [-- --quick] [-- --only <scenario>]`: runs the real bot against the fake Discord
 * and the emulator on loopback, prints a table, and writes bench/results.json.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from './args.js';
import { machineInfo, type ResultsFile, ranOn, writeResults } from './results.js';
import { runScenarios } from './runner.js';
import { SCENARIOS } from './scenarios/index.js';
import { formatDurations, formatNotes, formatTable } from './table.js';

const log = (line: string): void => {
  process.stderr.write(`${line}\n`);
};

async function main(): Promise<number> {
  let args: ReturnType<typeof parseArgs>;
  try {
    args = parseArgs(process.argv.slice(2));
  } catch (error) {
    console.error(error instanceof Error ? error.message : String(error));
    return 2;
  }
  const unknown = args.only.filter((name) => !SCENARIOS.some((s) => s.name === name));
  if (unknown.length > 0) {
    console.error(
      `unknown scenario(s): ${unknown.join(', ')}; known: ${SCENARIOS.map((s) => s.name).join(', ')}`,
    );
    return 2;
  }
  const selected = args.only.length > 0 ? SCENARIOS.filter((s) => args.only.includes(s.name)) : SCENARIOS;
  const startedAt = new Date();
  log(`kiroku bench (${args.quick ? 'quick' : 'full'}): ${selected.map((s) => s.name).join(', ')}`);
  const { rows, details, failures, summaries, durations } = await runScenarios(selected, {
    quick: args.quick,
    log,
  });
  const finishedAt = new Date();
  const results: ResultsFile = {
    startedAt: startedAt.toISOString(),
    finishedAt: finishedAt.toISOString(),
    quick: args.quick,
    scenarios: selected.map((s) => s.name),
    machine: machineInfo(),
    ranOn: ranOn(machineInfo()),
    durationS: Math.round((finishedAt.getTime() - startedAt.getTime()) / 1000),
    durations,
    rows,
    details,
    failures,
    ...summaries,
  };
  const out = args.out ?? path.join(path.dirname(fileURLToPath(import.meta.url)), 'results.json');
  await writeResults(out, results);
  // Every figure and its baseline were measured in this run, on this runtime and machine.
  console.log(`kiroku bench on ${ranOn(results.machine)}; each baseline from the same run\n`);
  console.log(formatTable(rows));
  const notes = formatNotes(rows);
  if (notes) console.log(`\nNotes:\n${notes}`);
  console.log(`\n${formatDurations(selected, durations, args.quick)}`);
  console.log(
    `\n${ranOn(results.machine)}; ${results.durationS} s in all; results in ${path.relative(process.cwd(), out)}`,
  );
  if (Object.keys(failures).length > 0) {
    console.log(`failed: ${Object.keys(failures).join(', ')}`);
    return 1;
  }
  return 0;
}

process.exitCode = await main();
