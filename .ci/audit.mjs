// CI step: `npm audit --omit=dev`. A known advisory in a production dependency fails the run; a registry
// whose advisory endpoint cannot answer (some mirrors answer 405) is said plainly, and the run goes on:
// the dependencies were then NOT checked, which the log must not hide behind a pass.
import { spawnSync } from 'node:child_process';

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const run = spawnSync(npm, ['audit', '--omit=dev', '--json'], { encoding: 'utf8' });
if (run.error) {
  console.error(`npm audit: could not run npm (${run.error.message})`);
  process.exit(1);
}

let report;
try {
  report = JSON.parse(run.stdout);
} catch {
  report = undefined;
}

const endpointFailure = report && typeof report.statusCode === 'number' && !report.vulnerabilities;
if (run.status === 0) {
  console.log('npm audit: no known advisories in the production dependencies.');
} else if (endpointFailure || report === undefined) {
  const why = report?.message ?? (run.stderr.trim().split('\n').at(-1) || 'no readable answer');
  console.log(
    `npm audit: NOT CHECKED. The registry's advisory endpoint is unavailable (${why}); the production dependencies were not checked for advisories. Run \`npm audit --omit=dev\` where the registry answers.`,
  );
} else {
  const counts = report.metadata?.vulnerabilities ?? {};
  const summary = Object.entries(counts)
    .filter(([severity, count]) => severity !== 'total' && count > 0)
    .map(([severity, count]) => `${count} ${severity}`)
    .join(', ');
  console.error(`npm audit: advisories in the production dependencies (${summary || 'see below'}):`);
  for (const [name, entry] of Object.entries(report.vulnerabilities ?? {}))
    console.error(`  ${name} (${entry.severity}): ${entry.range ?? ''}`);
  console.error('Run `npm audit --omit=dev` for details and `npm audit fix --omit=dev` to fix.');
  process.exit(1);
}
