/**
 * The command registry (src/components/command-names.ts) keys every place that names a command. The
 * `@ts-expect-error` lines are checked by `npm run typecheck`: each is a use of a command that is
 * not registered (as after a rename), and the compiler must refuse it; were it accepted, the
 * directive itself would fail the typecheck.
 */
import { describe, expect, it } from 'vitest';
import { slashCommand } from '#src/bot/definition.js';
import { loadCommands } from '#src/bot/loader.js';
import { listOpeners } from '#src/bot/paging.js';
import { registryProblems } from '#src/bot/registry-check.js';
import { ALERT_COMMAND } from '#src/components/alert-ids.js';
import {
  ALL_COMMAND_PATHS,
  type CommandName,
  type CommandPath,
  commandFolder,
  registeredCommands,
} from '#src/components/command-names.js';
import { customIds } from '#src/components/custom-id.js';
import { EPISODE_COMMAND } from '#src/components/episode-buttons.js';
import { REMIND_COMMAND } from '#src/components/remind-ids.js';
import { HELP_PATHS } from '../../commands/help/index.js';

describe('the command registry', () => {
  it('refuses, when compiling, a command that is not registered (as after a rename)', () => {
    // Each of these runs (a string is a string at run time); only the compiler stands in the way.
    const uses = [
      // @ts-expect-error a custom id family that is no command
      customIds('records', { delete: ['id'] }),
      // @ts-expect-error a paged list of no command
      listOpeners('recrod', {}),
      // @ts-expect-error a definition whose name is not registered
      slashCommand('records', 'x', { en: 'x', ja: 'x' }),
      // @ts-expect-error a component family constant naming no command
      'subscriptions' satisfies CommandName,
      // @ts-expect-error a help path or mention of a sub-command that is not registered
      'record posts' satisfies CommandPath,
      // A registered path compiles.
      'record post' satisfies CommandPath,
    ];
    expect(uses).toHaveLength(6);
  });

  it('is what the loader found: every folder, command and sub-command, nothing more', async () => {
    const commands = await loadCommands();
    const byFolder = new Map(
      [...commands.values()].map((module) => [commandFolder(module.definition.name as CommandName), module]),
    );
    expect(registryProblems(byFolder)).toEqual([]);
    expect(new Set(ALL_COMMAND_PATHS).size).toBe(ALL_COMMAND_PATHS.length);
    expect([...registeredCommands().keys()].sort()).toEqual(
      [...commands.values()]
        .filter((m) => (m.definition.type ?? 1) === 1)
        .map((m) => m.definition.name)
        .sort(),
    );
  });

  it('refuses at load a command missing from it, a sub-command it does not list, or a misnamed folder', async () => {
    const commands = await loadCommands();
    const byFolder = new Map(
      [...commands.values()].map((module) => [commandFolder(module.definition.name as CommandName), module]),
    );
    const record = byFolder.get('record');
    if (!record) throw new Error('no /record');
    const renamed = new Map(byFolder);
    renamed.delete('record');
    renamed.set('records', { ...record, definition: { ...record.definition, name: 'records' } });
    expect(registryProblems(renamed)).toEqual([
      'records: command records is not in the registry (src/components/command-names.ts)',
      'registered command record has no folder in commands/',
    ]);
    const moved = new Map(byFolder);
    moved.delete('record');
    moved.set('records', record);
    expect(registryProblems(moved)).toEqual(['records: the folder of command record is named record']);
    const options = 'options' in record.definition ? (record.definition.options ?? []) : [];
    const fewer = new Map(byFolder).set('record', {
      ...record,
      definition: {
        ...record.definition,
        options: options.filter((o) => o.name !== 'list'),
      } as typeof record.definition,
    });
    expect(registryProblems(fewer)).toEqual([
      'record: sub-commands post, edit, delete differ from those registered: list, post, edit, delete',
    ]);
  });

  it('names the components the jobs post after the commands that answer them', () => {
    expect([ALERT_COMMAND, EPISODE_COMMAND, REMIND_COMMAND]).toEqual(['subscription', 'episode', 'remind']);
    expect(HELP_PATHS).toEqual(ALL_COMMAND_PATHS.filter((path) => path !== 'help'));
  });
});
