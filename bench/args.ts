/** Command-line options of `npm run bench`: `--quick` and `--only <scenario>` (repeatable or comma-separated). */
export interface BenchArgs {
  quick: boolean;
  only: string[];
  /** Where results.json goes (default bench/results.json). */
  out: string | undefined;
}

export function parseArgs(argv: readonly string[]): BenchArgs {
  const args: BenchArgs = { quick: false, only: [], out: undefined };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] ?? '';
    if (arg === '--quick') args.quick = true;
    else if (arg === '--only' || arg.startsWith('--only=')) {
      const value = arg.includes('=') ? arg.slice(arg.indexOf('=') + 1) : argv[++i];
      if (!value) throw new Error('--only needs a scenario name');
      args.only.push(...value.split(',').filter(Boolean));
    } else if (arg === '--out' || arg.startsWith('--out=')) {
      const value = arg.includes('=') ? arg.slice(arg.indexOf('=') + 1) : argv[++i];
      if (!value) throw new Error('--out needs a path');
      args.out = value;
    } else if (arg === '--help' || arg === '-h') {
      throw new Error('usage: npm run bench -- [--quick] [--only <scenario>[,<scenario>]] [--out <file>]');
    } else throw new Error(`unknown option ${arg} (try --help)`);
  }
  return args;
}
