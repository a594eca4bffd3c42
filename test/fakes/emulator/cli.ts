import { parseArgs } from 'node:util';
import { DEMO_OAUTH_CLIENT, DEMO_TOKENS, DEMO_USERS } from './seed.js';
import { startEmulator } from './server.js';

const USAGE = `Usage: npm run emulator -- [--port 8787] [--host 127.0.0.1] [--seed demo|empty] [--no-rate-limit]
       [--per-ip-limit 4] [--latency 200]`;

/** Strict arguments; a wrong one is one line on stderr and exit code 2, as with kiroku's own scripts. */
function readArgs() {
  try {
    return parseArgs({
      options: {
        port: { type: 'string', default: '8787' },
        host: { type: 'string', default: '127.0.0.1' },
        seed: { type: 'string', default: 'demo' },
        'no-rate-limit': { type: 'boolean', default: false },
        'per-ip-limit': { type: 'string', default: '4' },
        latency: { type: 'string', default: '0' },
        help: { type: 'boolean', default: false },
      },
    }).values;
  } catch (error) {
    console.error(
      `emulator: ${error instanceof Error ? error.message.split('.')[0] : String(error)} (see --help)`,
    );
    process.exit(2);
  }
}

function main(): Promise<void> | void {
  const values = readArgs();
  if (values.help) {
    console.log(USAGE);
    return;
  }
  const port = Number(values.port);
  const perIpLimit = Number(values['per-ip-limit']);
  const latency = Number(values.latency);
  const seed = values.seed;
  if (
    !Number.isInteger(port) ||
    port < 0 ||
    port > 65535 ||
    !Number.isInteger(perIpLimit) ||
    perIpLimit < 1 ||
    !(latency >= 0) ||
    (seed !== 'demo' && seed !== 'empty')
  ) {
    console.error(USAGE);
    process.exitCode = 2;
    return;
  }
  return run({ port, host: values.host, seed, rateLimit: !values['no-rate-limit'], perIpLimit, latency });
}

async function run(opts: {
  port: number;
  host: string;
  seed: 'demo' | 'empty';
  rateLimit: boolean;
  perIpLimit: number;
  latency: number;
}): Promise<void> {
  const emulator = await startEmulator(opts);
  emulator.faults.latencyMs = opts.latency;
  const lines = [
    `kiroku service emulator listening on ${emulator.url} (API ${emulator.url}/v1, OAuth ${emulator.url}/oauth)`,
    `seed: ${opts.seed}; rate limit: ${opts.rateLimit ? `${opts.perIpLimit} req/s per IP` : 'off'}; latency: ${opts.latency} ms`,
  ];
  if (opts.seed === 'demo') {
    lines.push('demo tokens (local emulator only):');
    for (const [name, token] of Object.entries(DEMO_TOKENS)) lines.push(`  ${name.padEnd(10)} ${token}`);
    lines.push(
      `demo users: ${Object.values(DEMO_USERS)
        .map((u) => `${u.username}=${u.id}`)
        .join(' ')}`,
    );
  }
  lines.push(`OAuth client: id=${DEMO_OAUTH_CLIENT.id} secret=${DEMO_OAUTH_CLIENT.secret}`);
  lines.push(`faults: curl -X POST ${emulator.url}/_emulator/faults -d '{"latencyMs":500}'`);
  console.log(lines.join('\n'));

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`${signal}: stopping`);
    emulator.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.once('SIGINT', () => stop('SIGINT'));
  process.once('SIGTERM', () => stop('SIGTERM'));
}

const started = main();
if (started) {
  started.catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  });
}
