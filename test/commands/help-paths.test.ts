import { describe, expect, it } from 'vitest';
import { loadCommands } from '#src/bot/loader.js';
import { HELP_PATHS } from '../../commands/help/index.js';

/** Every path a person can type: a command, or each of its sub-commands (and those inside groups). */
function slashPaths(name: string, options: ReadonlyArray<{ type: number; name: string; options?: unknown }>) {
  const SUBCOMMAND = 1;
  const GROUP = 2;
  const nested = options.filter((option) => option.type === SUBCOMMAND || option.type === GROUP);
  if (nested.length === 0) return [name];
  return nested.flatMap((option): string[] =>
    option.type === GROUP
      ? slashPaths(`${name} ${option.name}`, (option.options ?? []) as typeof options)
      : [`${name} ${option.name}`],
  );
}

describe('/help', () => {
  it('names every registered slash path once, and nothing that is not registered', async () => {
    const commands = await loadCommands();
    const registered = [...commands.values()].flatMap(({ definition }) =>
      'type' in definition && definition.type !== undefined && definition.type !== 1
        ? []
        : slashPaths(definition.name, 'options' in definition ? (definition.options ?? []) : []),
    );
    const expected = registered.filter((path) => path !== 'help').sort();
    expect([...HELP_PATHS].sort()).toEqual(expected);
    expect(new Set(HELP_PATHS).size).toBe(HELP_PATHS.length);
  });
});
