/**
 * CONTRIBUTING's "Adding a job" lists exactly the files a new job touches: they exist, there are at
 * most five, and the list of jobs names the example job's module.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { JOBS } from '#src/jobs/list.js';
import { REPO_ROOT, readDoc, section } from './markdown.js';

/** The first cell of each table row: the files the section lists. */
function listedFiles(text: string): string[] {
  return [...text.matchAll(/^\| `([^`]+)` \|/gm)].map((match) => match[1] ?? '');
}

describe('CONTRIBUTING: adding a job', () => {
  const text = section(readDoc('CONTRIBUTING.md'), 'Adding a job');
  const files = listedFiles(text);

  it('lists at most five files, each of them there', () => {
    expect(files.length).toBeGreaterThanOrEqual(3);
    expect(files.length).toBeLessThanOrEqual(5);
    for (const file of files) expect(existsSync(path.join(REPO_ROOT, file)), file).toBe(true);
  });

  it("names the example job's module, which the list of jobs imports and declares", () => {
    const module = files.find((file) => file.startsWith('src/jobs/') && file !== 'src/jobs/list.ts');
    expect(module).toBeDefined();
    const list = readDoc('src/jobs/list.ts');
    const specifier = `./${path.relative('src/jobs', module ?? '').replace(/\.ts$/, '.js')}`;
    expect(list).toContain(`'${specifier}'`);
    const declared = /export const (\w+) = defineJob\(/.exec(readDoc(module ?? ''))?.[1];
    expect(declared).toBeDefined();
    expect(text).toContain(`\`${declared}\``);
    expect(list).toMatch(new RegExp(`^\\s+${declared},$`, 'm'));
    expect(JOBS.map((job) => job.name)).toContain('storeSweep');
  });
});
