/**
 * A vitest reporter for tests that did not run. A suite that needs a server binary (redis-server,
 * PostgreSQL) skips where it is missing and names the reason in its title; the default summary only
 * counts skips, so this one lists them with that reason. Under CI (CI set and not "false") a skip
 * fails the run: CI installs what every suite needs, and a skip there means a suite silently stopped
 * running.
 */
import type { Reporter, TestCase, TestModule, Vitest } from 'vitest/node';

/** The note given to `ctx.skip(note)`, else the title of the outermost skipped suite (which says why). */
function reasonOf(test: TestCase): string {
  const result = test.result();
  if (result.state === 'skipped' && result.note) return result.note;
  let reason = test.fullName;
  for (let parent = test.parent; parent.type === 'suite'; parent = parent.parent)
    if (parent.options.mode === 'skip') reason = parent.name;
  return reason;
}

export function inCi(env: NodeJS.ProcessEnv = process.env): boolean {
  return Boolean(env.CI) && env.CI !== 'false';
}

export class SkipReport implements Reporter {
  private filtered = false;

  onInit(vitest: Vitest): void {
    // With -t or .only, skips are what was asked for.
    this.filtered = vitest.config.testNamePattern !== undefined;
  }

  onTestRunEnd(testModules: ReadonlyArray<TestModule>): void {
    if (this.filtered) return;
    const byReason = new Map<string, { module: string; count: number }>();
    let skipped = 0;
    for (const module of testModules) {
      for (const test of module.children.allTests('skipped')) {
        if (test.options.mode === 'todo') continue;
        skipped += 1;
        const key = `${module.relativeModuleId}\u0000${reasonOf(test)}`;
        const entry = byReason.get(key) ?? { module: module.relativeModuleId, count: 0 };
        entry.count += 1;
        byReason.set(key, entry);
      }
    }
    if (skipped === 0) return;
    const lines = [`\n Skipped ${skipped} test${skipped === 1 ? '' : 's'}:`];
    for (const [key, { module, count }] of byReason)
      lines.push(`   ${module} (${count}): ${key.split('\u0000')[1]}`);
    if (inCi()) {
      lines.push(' CI runs every suite: a skipped test fails the run (see .ci/run for what it installs).');
      process.exitCode = 1;
    }
    process.stdout.write(`${lines.join('\n')}\n`);
  }
}
