/**
 * CONTRIBUTING's "Adding a command" lists the places a command touches, with `/status` as the
 * model: each named file exists, there are at most four of them besides the README's row, and the
 * model command is in each as the list says (its folder, its registry line and so in /help, its
 * texts in both languages, its test, its README row).
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ALL_COMMAND_PATHS } from '#src/components/command-names.js';
import { en } from '#src/i18n/messages/en.js';
import { ja } from '#src/i18n/messages/ja.js';
import { HELP_PATHS } from '../../commands/help/index.js';
import { REPO_ROOT, readDoc, section } from './markdown.js';

const MODEL = 'status';
/** The section's opening list: from its first step to the blank line after the last. */
const steps = /\n1\. [\s\S]*?\n\n/.exec(section(readDoc('CONTRIBUTING.md'), 'Adding a command'))?.[0] ?? '';

/** The numbered places: each step's code-spanned file paths. */
function places(): string[][] {
  const items = steps.split(/\n(?=\d+\. )/).filter((item) => /^\d+\. /.test(item));
  return items.map((item) => [...item.matchAll(/`([\w./-]+\.(?:ts|md))`/g)].map(([, file = '']) => file));
}

const read = (file: string) => readFileSync(path.join(REPO_ROOT, file), 'utf8');

describe('CONTRIBUTING: adding a command', () => {
  it('names at most four places, each an existing file', () => {
    const named = places();
    expect(named.length).toBeGreaterThan(0);
    expect(named.length).toBeLessThanOrEqual(4);
    for (const files of named) {
      expect(files.length).toBeGreaterThan(0);
      for (const file of files) expect(existsSync(path.join(REPO_ROOT, file)), file).toBe(true);
    }
  });

  it('names the model command’s own files: its folder, the registry, both catalogues, its test', () => {
    const files = places().flat();
    expect(files).toEqual([
      `commands/${MODEL}/index.ts`,
      'src/components/command-names.ts',
      'src/i18n/messages/vocabulary-en.ts',
      'src/i18n/messages/vocabulary-ja.ts',
      `test/commands/${MODEL}.e2e.test.ts`,
    ]);
    expect(read(`commands/${MODEL}/index.ts`)).toContain(`slashCommand(\n    '${MODEL}'`);
    expect(read(`test/commands/${MODEL}.e2e.test.ts`)).toContain(`name: '${MODEL}'`);
  });

  it('finds the model in the registry, in /help, in both catalogues and in the README’s table', () => {
    expect(ALL_COMMAND_PATHS).toContain(MODEL);
    expect(HELP_PATHS).toContain(MODEL);
    expect(steps).toContain(`\`'${MODEL}.set'\``);
    expect(Object.keys(en)).toContain(`${MODEL}.set`);
    expect(Object.keys(ja)).toContain(`${MODEL}.set`);
    expect(readDoc('README.md')).toMatch(new RegExp(`^\\| \`/${MODEL}[ \`]`, 'm'));
  });
});
