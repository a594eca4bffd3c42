/** docs/configuration.md names exactly the variables the configuration schema reads. */
import { describe, expect, it } from 'vitest';
import { ENVIRONMENT_VARIABLES } from '#src/config.js';
import { readDoc } from './markdown.js';

/** The variable in the first column of each table row: `| \`NAME\` | …`. */
function documentedVariables(): string[] {
  return [...readDoc('docs/configuration.md').matchAll(/^\| `([A-Z][A-Z0-9_]*)` \|/gm)].map(
    (m) => m[1] ?? '',
  );
}

describe('docs/configuration.md', () => {
  it('has one row for each variable of the schema in src/config.ts, and no other', () => {
    const documented = documentedVariables();
    expect(new Set(documented).size, 'a variable has two rows').toBe(documented.length);
    expect([...documented].sort()).toEqual([...ENVIRONMENT_VARIABLES].sort());
  });
});
