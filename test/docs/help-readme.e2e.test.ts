/**
 * The README's commands table and `/help` list the same commands, and both
 * list every command kiroku registers: `/help` read through the real discord.js client, in English
 * and Japanese, its mentions resolved against what the fake Discord registered.
 */
import { readFile } from 'node:fs/promises';
import { ApplicationCommandOptionType, ApplicationCommandType } from 'discord-api-types/v10';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RegisteredCommand } from '../fakes/discord/fake-discord.js';
import { type Stack, startStack } from '../support/stack.js';

const TIMEOUT = 15_000;

/** Every runnable path of the registered slash commands (`work search`, `status`, …). */
function leafPaths(commands: RegisteredCommand[]): string[] {
  return commands
    .filter((c) => (c.type ?? ApplicationCommandType.ChatInput) === ApplicationCommandType.ChatInput)
    .flatMap((c) => {
      const subs = (c.options ?? []).filter((o) => o.type === ApplicationCommandOptionType.Subcommand);
      return subs.length > 0 ? subs.map((s) => `${c.name} ${s.name}`) : [c.name];
    });
}

/**
 * The commands named in the README's commands table: each row's first cell, whose code spans read
 * `/work search title …` or `/user profile|followers username`; a word after the command is a
 * subcommand when the command has that subcommand.
 */
function readmePaths(readme: string, subcommandsOf: Map<string, Set<string>>): string[] {
  const table = readme.slice(readme.indexOf('| command | what it does | reply |'));
  const rows = table.slice(0, table.indexOf('\n\n')).split('\n').slice(2);
  const paths = new Set<string>();
  for (const row of rows) {
    const cell = row.split(' | ')[0] ?? '';
    for (const [, span = ''] of cell.matchAll(/`\/([^`]+)`/g)) {
      const [name = '', second = ''] = span.split(' ');
      const subs = subcommandsOf.get(name);
      const named = second.split('|').filter((word) => subs?.has(word));
      if (named.length === 0) paths.add(name);
      for (const sub of named) paths.add(`${name} ${sub}`);
    }
  }
  return [...paths].sort();
}

/** The context-menu commands named in bold in the README's table (`**Viewing record**`). */
function readmeApps(readme: string): string[] {
  const table = readme.slice(readme.indexOf('| command | what it does | reply |'));
  const rows = table.slice(0, table.indexOf('\n\n')).split('\n');
  return rows
    .filter((row) => row.startsWith('| right-click'))
    .map((row) => /\*\*([^*]+)\*\*/.exec(row)?.[1] ?? '')
    .sort();
}

describe('the README’s commands table and /help', () => {
  let stack: Stack;
  const user = { id: '310000000000000291', username: 'reader_discord' };

  beforeAll(async () => {
    stack = await startStack();
  });
  afterAll(async () => {
    await stack?.close();
  });

  const helpIn = async (locale: string) => {
    const reply = await (
      await stack.discord.slash({ name: 'help', user: { ...user, locale }, locale })
    ).reply(TIMEOUT);
    return reply.embeds[0];
  };

  it('list the same commands, and every registered one', async () => {
    const registered = stack.discord.registeredCommands();
    const subcommandsOf = new Map(
      registered.map((c) => [
        c.name,
        new Set(
          (c.options ?? [])
            .filter((o) => o.type === ApplicationCommandOptionType.Subcommand)
            .map((o) => o.name),
        ),
      ]),
    );
    const readme = await readFile(new URL('../../README.md', import.meta.url), 'utf8');
    const all = leafPaths(registered).sort();
    expect(readmePaths(readme, subcommandsOf)).toEqual(all);

    const ids = new Map(registered.map((c) => [c.id, c.name]));
    for (const locale of ['en-US', 'ja']) {
      const help = await helpIn(locale);
      const text = JSON.stringify(help);
      const mentioned = [...text.matchAll(/<\/([a-z_ -]+):(\d+)>/g)].map(([, path = '', id = '']) => {
        // Each mention carries the id Discord gave that command.
        expect(ids.get(id)).toBe(path.split(' ')[0]);
        return path;
      });
      // /help does not list itself: it is the command being read.
      expect([...new Set([...mentioned, 'help'])].sort()).toEqual(all);
    }
  });

  it('name the same right-click commands, by the names Discord shows in each language', async () => {
    const readme = await readFile(new URL('../../README.md', import.meta.url), 'utf8');
    const menus = stack.discord
      .registeredCommands()
      .filter((c) => (c.type ?? ApplicationCommandType.ChatInput) !== ApplicationCommandType.ChatInput);
    expect(readmeApps(readme)).toEqual(menus.map((c) => c.name).sort());
    const en = JSON.stringify(await helpIn('en-US'));
    const ja = JSON.stringify(await helpIn('ja'));
    for (const menu of menus) {
      expect(en).toContain(`**${menu.name}**`);
      const localized = menu.name_localizations as { ja?: string } | undefined;
      expect(localized?.ja).toBeDefined();
      expect(ja).toContain(`**${localized?.ja}**`);
    }
  });
});
