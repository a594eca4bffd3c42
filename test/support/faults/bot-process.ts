/**
 * The bot as its own process, for the crash tests: the real composition root (startKiroku) with the
 * configuration from the environment, as `npm start` has it, and the jobs driven in a tight loop
 * instead of on their minute-scale intervals.
 *
 * Test-only environment (never read by src/):
 * - RELIABILITY_NOW: ISO instant the injected clock starts at (it then runs at real speed).
 * - RELIABILITY_JOBS: `feed`, `digest` or `feed,digest` (default both); `started`: the jobs as
 *   production starts them (e.g. the per-owner queue with Redis), no loop.
 * - RELIABILITY_LOOP_MS: pause between two rounds of the jobs (default 20).
 *
 * Progress goes to stderr as JSON lines `{"reliability": <event>, ...}`; pino logs go to stdout.
 */
import { startKiroku } from '#src/app.js';
import { parseConfig } from '#src/config.js';
import { createLogger } from '#src/logger.js';
import { RELAXED_INTERACTION_LIMITS } from '../relaxed-limits.js';

function mark(event: string, detail: Record<string, unknown> = {}): void {
  process.stderr.write(`${JSON.stringify({ reliability: event, ...detail })}\n`);
}

process.on('unhandledRejection', (reason) => mark('unhandled-rejection', { reason: String(reason) }));
process.on('uncaughtException', (error) => {
  mark('uncaught-exception', { error: String(error) });
  process.exit(70);
});

const config = parseConfig(process.env);
const logger = createLogger(config.logLevel);
const start = process.env.RELIABILITY_NOW ? Date.parse(process.env.RELIABILITY_NOW) : Number.NaN;
const offset = Number.isFinite(start) ? start - Date.now() : 0;
const now = () => new Date(Date.now() + offset);
const jobs = new Set((process.env.RELIABILITY_JOBS ?? 'feed,digest').split(','));
const loopMs = Number(process.env.RELIABILITY_LOOP_MS ?? 20);

const started = jobs.has('started');
// The crash tests subscribe many channels per person at once: the per-person limits stay out of reach.
const kiroku = await startKiroku({
  config,
  logger,
  now,
  startJobs: started,
  interactionLimits: RELAXED_INTERACTION_LIMITS,
});
mark('ready', { pid: process.pid });
if (started) await new Promise(() => undefined);

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
for (;;) {
  if (kiroku.client.isReady()) {
    if (jobs.has('feed')) mark('feed-cycle', { report: await kiroku.jobs.feed.runCycle() });
    if (jobs.has('digest')) mark('digest-tick', { report: await kiroku.jobs.digest.tick() });
  }
  await sleep(loopMs);
}
