import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { CommandShapeError, loadCommands } from '#src/bot/loader.js';

/** One command folder as the loader reads it: `<name>/index.js`. */
async function writeCommand(directory: string, name: string, source: string): Promise<void> {
  await mkdir(path.join(directory, name));
  await writeFile(path.join(directory, name, 'index.js'), source);
}

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
    await writeCommand(
      directory,
      'broken',
      `export const command = { definition: { name: 'broken', description: 'x', name_localizations: { ja: 'x' }, description_localizations: {} }, ephemeral: () => true, execute: async () => ({ kind: 'message' }) };`,
    );
    await expect(loadCommands(directory)).rejects.toThrow(CommandShapeError);
    await expect(loadCommands(directory)).rejects.toThrow(
      /broken\/index\.js: definition\.description_localizations\.ja/,
    );
  });

  it('refuses a module whose custom ids would not reach it: another family, or no handler', async () => {
    directory = await mkdtemp(path.join(tmpdir(), 'kiroku-commands-'));
    const definition = `{ name: 'lost', description: 'x', description_localizations: { ja: 'x' } }`;
    const handler = `{ answers: 'update', handle: async () => ({ kind: 'update' }) }`;
    await writeCommand(
      directory,
      'lost',
      `export const command = { definition: ${definition}, ephemeral: () => true, execute: async () => ({ kind: 'message' }), components: { ok: ${handler} }, ids: { ok: { family: 'lost', action: 'ok' }, gone: { family: 'lost', action: 'gone' } } };`,
    );
    await expect(loadCommands(directory)).rejects.toThrow(
      /lost\/index\.js: custom id lost:gone has no handler/,
    );
    // A new file name: the module cache keeps the first one.
    await rm(path.join(directory, 'lost'), { recursive: true });
    await writeCommand(
      directory,
      'astray',
      `export const command = { definition: ${definition}, ephemeral: () => true, execute: async () => ({ kind: 'message' }), components: { ok: ${handler} }, ids: { ok: { family: 'other', action: 'ok' } } };`,
    );
    await expect(loadCommands(directory)).rejects.toThrow(/custom id other:ok/);
  });

  it('refuses a module that does not export a command', async () => {
    directory = await mkdtemp(path.join(tmpdir(), 'kiroku-commands-'));
    await writeCommand(directory, 'empty', 'export const nothing = 1;');
    await expect(loadCommands(directory)).rejects.toThrow(/empty\/index\.js/);
  });

  it("holds commands named as kiroku's own to the registry wherever their folder is (the bundle names it)", async () => {
    directory = await mkdtemp(path.join(tmpdir(), 'kiroku-commands-'));
    await writeCommand(
      directory,
      'stray',
      `export const command = { definition: { name: 'stray', description: 'x', description_localizations: { ja: 'x' } }, ephemeral: () => true, execute: async () => ({ kind: 'message' }) };`,
    );
    // A test folder's commands are not kiroku's: no registry.
    await expect(loadCommands(directory)).resolves.toHaveProperty('size', 1);
    await expect(loadCommands(directory, { ownCommands: true })).rejects.toThrow(/stray/);
  });
});
