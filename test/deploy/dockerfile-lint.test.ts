/**
 * A maintained Dockerfile check, with every rule at its default. dockerfile-utils
 * (the Docker language server's validator, also `npm run lint`) finds nothing in the Dockerfile, and
 * no configuration anywhere switches a rule of a Dockerfile linter off.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { validate } from 'dockerfile-utils';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../support/spawn-bot.js';

const problems = (text: string) => validate(text).map((d) => `${d.range.start.line + 1}: ${d.message}`);

describe('the Dockerfile check', () => {
  it('finds nothing in the Dockerfile, with every rule at its default', () => {
    expect(problems(readFileSync(path.join(REPO_ROOT, 'Dockerfile'), 'utf8'))).toEqual([]);
  });

  it('can fail: an unknown flag and a deprecated instruction are reported', () => {
    const found = problems('FROM node:24\nHEALTHCHECK --bogus=1 CMD ["true"]\nMAINTAINER someone\n');
    expect(found).toHaveLength(2);
  });

  it('runs in npm run lint, and no linter is kept alive by switching its rules off', () => {
    const pkg = JSON.parse(readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8')) as {
      scripts: { lint: string };
      devDependencies: Record<string, string>;
    };
    expect(pkg.scripts.lint).toContain('dockerfile-utils lint Dockerfile');
    expect(Object.keys(pkg.devDependencies)).not.toContain('dockerfilelint');
    for (const config of ['.dockerfilelintrc', '.hadolint.yaml', '.hadolint.yml'])
      expect(existsSync(path.join(REPO_ROOT, config)), config).toBe(false);
  });
});
