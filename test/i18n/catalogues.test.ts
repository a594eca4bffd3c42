import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { en } from '#src/i18n/messages/en.js';
import { ja } from '#src/i18n/messages/ja.js';

const ROOT = join(import.meta.dirname, '../..');

/**
 * Families of keys that code builds from a value (`t(\`rating.${state}\`)`), so no code names
 * their members one by one. Each prefix must still appear in code as the start of such a template.
 */
const BUILT_FROM_A_VALUE = [
  'status.',
  'rating.',
  'season.',
  'media.',
  'review.',
  'subscription.kind.',
  'subscription.state.',
  'subscription.action.',
  'subscription.language.',
  'subscription.weekday.',
  'help.group.',
];

/** The text of every TypeScript file of the program (src/ and commands/), catalogues left out. */
function programText(): string {
  const files = ['src', 'commands'].flatMap((top) =>
    readdirSync(join(ROOT, top), { recursive: true, encoding: 'utf8' })
      .filter((file) => file.endsWith('.ts') && !join(top, file).startsWith(join('src', 'i18n', 'messages')))
      .map((file) => join(ROOT, top, file)),
  );
  return files.map((file) => readFileSync(file, 'utf8')).join('\n');
}

describe('catalogues', () => {
  const code = programText();

  it('every key is used by some code: named in quotes, or in a family built from a value', () => {
    const named = (key: string) => [`'${key}'`, `"${key}"`, `\`${key}\``].some((form) => code.includes(form));
    const built = (key: string) => BUILT_FROM_A_VALUE.some((prefix) => key.startsWith(prefix));
    expect(Object.keys(en).filter((key) => !named(key) && !built(key))).toEqual([]);
  });

  it('each family built from a value is built somewhere', () => {
    expect(BUILT_FROM_A_VALUE.filter((prefix) => !code.includes(`\`${prefix}\${`))).toEqual([]);
  });

  it('Japanese has the English keys in the same order, so a text is found at the same place in both', () => {
    expect(Object.keys(ja)).toEqual(Object.keys(en));
  });
});
