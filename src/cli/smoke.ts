import { existsSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { parseConfig } from '../config.js';
import { isEntryPoint } from '../lib/entry-point.js';
import { formatSmokeTable, runSmoke } from './smoke-checks.js';

/**
 * `npm run smoke [-- --token <token>]`: a read-only live check of the configured SERVICE_URL with
 * SERVICE_TOKEN (or --token). Prints one row per operation and exits 1 when any response does not
 * fit kiroku's schemas (or a call failed), 2 when it cannot start. The token is never printed.
 */
const USAGE = `Usage: npm run smoke [-- --token <token>]
       node dist/src/cli/smoke.js [--token <token>]

A read-only check that the configured service (SERVICE_URL) answers in the shapes kiroku expects:
one row per operation. Exit code 1 when an answer does not fit, 2 when it cannot start.
  --token <token>   the token to read with (default: SERVICE_TOKEN); it is never printed
  -h, --help        this text (reads no configuration)
`;

interface Output {
  write(text: string): unknown;
}

/** The only arguments: none, `--token <token>` or `--token=<token>`. */
function tokenFlag(args: readonly string[]): string | undefined | Error {
  try {
    return parseArgs({ args: [...args], options: { token: { type: 'string' } } }).values.token;
  } catch (error) {
    if ((error as { code?: unknown }).code === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE') {
      // parseArgs will not take a value that starts with '-' after a space; a token may.
      const [flag, value, ...rest] = args;
      if (flag === '--token' && value !== undefined && rest.length === 0) return value;
      return new Error('--token needs one value');
    }
    // Never echo a value (parseArgs' own message would): it may be a token passed the wrong way.
    const option = args.find((arg) => arg.startsWith('-') && arg.split('=')[0] !== '--token');
    return new Error(`unknown argument ${option ? option.split('=')[0] : '(a value)'}`);
  }
}

/** The whole command, with its inputs passed in (tests run it against the emulator). */
export async function smokeCommand(
  args: readonly string[],
  env: Record<string, string | undefined>,
  out: Output,
  err: Output,
): Promise<number> {
  if (args.includes('--help') || args.includes('-h')) {
    out.write(USAGE);
    return 0;
  }
  const flag = tokenFlag(args);
  if (flag instanceof Error) {
    err.write(`smoke: ${flag.message} (see --help)\n`);
    return 2;
  }
  let config: ReturnType<typeof parseConfig>;
  try {
    config = parseConfig(env);
  } catch (error) {
    err.write(`smoke: ${error instanceof Error ? error.message : String(error)}\n`);
    return 2;
  }
  const token = flag ?? config.service.token;
  if (!token) {
    err.write('smoke: no token: set SERVICE_TOKEN or pass --token (see --help)\n');
    return 2;
  }
  out.write(`Checking ${config.service.url} (${config.service.apiVersion}), read-only…\n\n`);
  const report = await runSmoke({
    baseUrl: config.service.url,
    apiVersion: config.service.apiVersion,
    oauthBaseUrl: config.service.oauthBaseUrl,
    token,
    ratePerSecond: config.service.ratePerSecond,
  });
  out.write(formatSmokeTable(report, token));
  return report.ok ? 0 : 1;
}

if (isEntryPoint(import.meta.url)) {
  if (existsSync('.env')) process.loadEnvFile('.env');
  process.exitCode = await smokeCommand(process.argv.slice(2), process.env, process.stdout, process.stderr);
}
