import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { CommandShapeError, loadCommands } from '../../src/bot/loader.js';

describe('command loader', () => {
  let directory: string | undefined;
  afterEach(async () => {
    if (directory) await rm(directory, { recursive: true, force: true });
  });

  it('loads every command in commands/: English names, a ja description on every option', async () => {
    const commands = await loadCommands();
    expect([...commands.keys()].sort()).toContain('work');
    for (const command of commands.values()) {
      const walk = (options: unknown[] = []): void => {
        for (const option of options as Array<{
          name_localizations?: { ja?: string };
          description_localizations?: { ja?: string };
          options?: unknown[];
        }>) {
          // A mention shows the English name to everyone, so the picker shows the same (docs/commands.md).
          expect(option.name_localizations).toBeUndefined();
          expect(option.description_localizations?.ja).toBeTruthy();
          walk(option.options);
        }
      };
      walk('options' in command.definition ? command.definition.options : []);
    }
  });

  it('refuses a module without ja localizations, naming the file and the field', async () => {
    directory = await mkdtemp(path.join(tmpdir(), 'kiroku-commands-'));
    await writeFile(
      path.join(directory, 'broken.js'),
      `export const command = { definition: { name: 'broken', description: 'x', name_localizations: { ja: 'x' }, description_localizations: {} }, ephemeral: () => true, execute: async () => ({ kind: 'message' }) };`,
    );
    await expect(loadCommands(directory)).rejects.toThrow(CommandShapeError);
    await expect(loadCommands(directory)).rejects.toThrow(
      /broken\.js: definition\.description_localizations\.ja/,
    );
  });

  it('refuses a module that does not export a command', async () => {
    directory = await mkdtemp(path.join(tmpdir(), 'kiroku-commands-'));
    await writeFile(path.join(directory, 'empty.js'), 'export const nothing = 1;');
    await expect(loadCommands(directory)).rejects.toThrow(/empty\.js/);
  });
});
