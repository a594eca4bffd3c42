import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { UserPreferences } from '#src/accounts/user-preferences.js';
import { CommandMentions } from '#src/bot/command-mentions.js';
import { CommandShapeError, loadCommands } from '#src/bot/loader.js';
import { createLogger } from '#src/logger.js';
import { openStore, type Store } from '#src/store/index.js';
import { lookupQuery } from '../../commands/look-up-anime/index.js';

const logger = createLogger('silent');

/** A store whose collections count their writes. */
function countingWrites(store: Store): { store: Store; writes: () => number } {
  let writes = 0;
  const counted: Store = Object.create(store);
  counted.collection = (name, schema) => {
    const inner = store.collection(name, schema);
    return new Proxy(inner, {
      get(target, property) {
        if (property === 'update') writes += 1;
        const value: unknown = Reflect.get(target, property, target);
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });
  };
  return { store: counted, writes: () => writes };
}

describe('user preferences', () => {
  const linked = async () => true;
  const notLinked = async () => false;

  it('remembers a linked person’s locale, writing only when it changes, and keeps it across instances', async () => {
    const store = await openStore('sqlite://:memory:');
    const { store: counted, writes } = countingWrites(store);
    const preferences = new UserPreferences(counted);
    await preferences.rememberLocale('1', 'ja', linked);
    await preferences.rememberLocale('1', 'ja', linked);
    await preferences.rememberLocale('1', 'ja', linked);
    expect(writes()).toBe(1);
    await preferences.rememberLocale('1', 'en', linked);
    expect(writes()).toBe(2);
    expect(await new UserPreferences(store).localeOf('1')).toBe('en');
    expect(await preferences.localeOf('2')).toBeUndefined();
    await store.close();
  });

  it('stores nothing for someone who has not linked, until they link', async () => {
    const store = await openStore('sqlite://:memory:');
    const { store: counted, writes } = countingWrites(store);
    const preferences = new UserPreferences(counted);
    let asked = 0;
    const notYet = async () => {
      asked += 1;
      return false;
    };
    await preferences.rememberLocale('1', 'ja', notYet);
    await preferences.rememberLocale('1', 'ja', notYet);
    await preferences.rememberLocale('2', 'en', notLinked);
    expect(writes()).toBe(0);
    // Asked once per change of language, not per interaction.
    expect(asked).toBe(1);
    await preferences.linked('1');
    await preferences.linked('3');
    expect(writes()).toBe(1);
    expect(await new UserPreferences(store).localeOf('1')).toBe('ja');
    expect(await new UserPreferences(store).localeOf('2')).toBeUndefined();
    await store.close();
  });

  it('is not discoverable by default; opting in turns it on and unlink forgets everything', async () => {
    const store = await openStore('sqlite://:memory:');
    const preferences = new UserPreferences(store);
    expect(await preferences.isDiscoverable('1')).toBe(false);
    await preferences.rememberLocale('1', 'ja', linked);
    await preferences.setDiscoverable('1', true);
    expect(await preferences.isDiscoverable('1')).toBe(true);
    await preferences.forget('1');
    expect(await preferences.isDiscoverable('1')).toBe(false);
    expect(await preferences.localeOf('1')).toBeUndefined();
    await store.close();
  });
});

describe('command mentions', () => {
  const now = () => new Date('2025-06-01T00:00:00Z');

  it('mentions a registered command by id, subcommands included, and reads the ids once', async () => {
    let reads = 0;
    const mentions = new CommandMentions({
      fetchRegistered: async () => {
        reads += 1;
        return [
          { id: '11', name: 'work', type: 1 },
          { id: '12', name: 'Viewing record', type: 2 },
        ];
      },
      logger,
      now,
    });
    expect(mentions.mention('work search')).toBe('`/work search`');
    await mentions.refresh();
    await mentions.refresh();
    expect(reads).toBe(1);
    expect(mentions.mention('work search')).toBe('</work search:11>');
    expect(mentions.mention('help')).toBe('`/help`');
  });

  it('falls back to plain names when Discord cannot tell, or answers nonsense', async () => {
    for (const fetchRegistered of [
      async () => {
        throw new Error('503');
      },
      async () => ({ not: 'a list' }),
      () => undefined,
    ]) {
      const mentions = new CommandMentions({ fetchRegistered, logger, now });
      await mentions.refresh();
      expect(mentions.mention('work search')).toBe('`/work search`');
    }
  });
});

describe('context-menu commands', () => {
  let directory: string | undefined;
  afterEach(async () => {
    if (directory) await rm(directory, { recursive: true, force: true });
  });

  async function load(definition: string): Promise<unknown> {
    directory = await mkdtemp(path.join(tmpdir(), 'kiroku-commands-'));
    await mkdir(path.join(directory, 'menu'));
    await writeFile(
      path.join(directory, 'menu', 'index.js'),
      `export const command = { definition: ${definition}, ephemeral: () => true, execute: async () => ({ kind: 'message' }) };`,
    );
    return loadCommands(directory);
  }

  it('loads a user command with a spaced name and its ja localization', async () => {
    const commands = (await load(
      `{ type: 2, name: 'Viewing record', name_localizations: { ja: '視聴記録' }, contexts: [0, 1, 2] }`,
    )) as Map<string, unknown>;
    expect([...commands.keys()]).toEqual(['Viewing record']);
  });

  it.each([
    ['a description', `{ type: 3, name: 'Look', description: 'x', name_localizations: { ja: 'x' } }`],
    ['options', `{ type: 3, name: 'Look', options: [], name_localizations: { ja: 'x' } }`],
    ['no ja name', `{ type: 2, name: 'Look', name_localizations: {} }`],
  ])('refuses a context-menu command with %s', async (_what, definition) => {
    await expect(load(definition)).rejects.toThrow(CommandShapeError);
  });

  it('trims and caps a message’s text for the search', () => {
    expect(lookupQuery('  空色\n\n ノート  ')).toBe('空色 ノート');
    expect(lookupQuery('あ'.repeat(300))).toHaveLength(100);
    expect(lookupQuery(' \n ')).toBe('');
  });
});
