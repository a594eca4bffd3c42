import { describe, expect, it } from 'vitest';
import { CommandMentions } from '#src/bot/command-mentions.js';
import { mentionCommands } from '#src/i18n/command-text.js';
import { PostLanguages } from '#src/jobs/posting/post-language.js';
import { createLogger } from '#src/logger.js';

const logger = createLogger('silent');
const now = () => new Date('2025-06-01T00:00:00Z');

/** Command mentions over registrations the test changes, counting the reads. */
function registry(global: unknown[], guilds: Record<string, unknown[]> = {}) {
  const state = { global, guilds, reads: 0 };
  const mentions = new CommandMentions({
    fetchRegistered: async () => {
      state.reads += 1;
      return state.global;
    },
    fetchGuildRegistered: async () => new Map(Object.entries(state.guilds)),
    logger,
    now,
  });
  return { state, mentions };
}

describe('command mentions by registration', () => {
  it('mentions a server’s own registration there, the global one elsewhere, and text where neither is', async () => {
    const { mentions } = registry([{ id: '11', name: 'work', type: 1 }], {
      '900': [
        { id: '21', name: 'work' },
        { id: '22', name: 'account' },
      ],
    });
    await mentions.refresh();
    expect(mentions.mention('work search', '900')).toBe('</work search:21>');
    expect(mentions.mention('work search', '901')).toBe('</work search:11>');
    expect(mentions.mention('work search')).toBe('</work search:11>');
    expect(mentions.mention('account link', '900')).toBe('</account link:22>');
    // In a DM a server's command cannot be run: the written form.
    expect(mentions.mention('account link', null)).toBe('`/account link`');
  });

  it('reads again before a reply when a slash command arrives with an id the last read lacked', async () => {
    const { state, mentions } = registry([]);
    await mentions.refresh();
    expect(state.reads).toBe(1);
    // Nothing was registered at start; the operator deploys, and a person runs /library.
    state.global = [
      { id: '31', name: 'library' },
      { id: '32', name: 'account' },
    ];
    await mentions.whenNeeded(1_000);
    expect(state.reads).toBe(1);
    mentions.learn('library', '31', null);
    await mentions.whenNeeded(1_000);
    expect(state.reads).toBe(2);
    expect(mentions.mention('account link')).toBe('</account link:32>');
    // A known id changes nothing: no read per interaction.
    mentions.learn('library', '31', null);
    await mentions.whenNeeded(1_000);
    expect(state.reads).toBe(2);
  });

  it('keeps ids learnt from interactions that a read does not cover (a big bot’s server registrations)', async () => {
    const { state, mentions } = registry([]);
    mentions.learn('watch', '41', '905');
    await mentions.whenNeeded(1_000);
    expect(mentions.mention('watch', '905')).toBe('</watch:41>');
    mentions.learn('watch', '41', '905');
    await mentions.whenNeeded(1_000);
    expect(state.reads).toBe(1);
    // Ids come from Discord's payload; anything but a snowflake is not written into a text.
    mentions.learn('x', 'not-a-snowflake', null);
    expect(mentions.mention('x')).toBe('`/x`');
  });

  it('does not let a reply wait longer than asked when Discord is slow', async () => {
    const mentions = new CommandMentions({
      fetchRegistered: () => new Promise(() => {}),
      logger,
      now,
    });
    let waited = false;
    await mentions.whenNeeded(20).then(() => {
      waited = true;
    });
    expect(waited).toBe(true);
    expect(mentions.mention('help')).toBe('`/help`');
  });
});

describe('jobs’ texts', () => {
  it('write commands as mentions with options kept beside them, and name the configured service', () => {
    const languages = new PostLanguages({
      site: { name: 'Kiroku Test', webUrl: 'https://records.example' },
      mentions: { mention: (path) => (path.startsWith('account') ? `</${path}:7>` : `\`/${path}\``) },
    });
    const en = languages.of('en');
    expect(en('jobs.notice.paused', { count: 2 })).toBe(
      'Kiroku Test no longer accepts your token, so 2 of your channel subscriptions are paused. Link again with </account link:7> to resume them.',
    );
    expect(languages.post({ language: 'ja' }).site.webUrl).toBe('https://records.example');
    expect(mentionCommands('`/account link method:token` or `/help`', { mention: (p) => `</${p}:7>` })).toBe(
      '</account link:7> `method:token` or </help:7>',
    );
  });
});

describe('commands written in the catalogues', () => {
  it('each names a command people can run (a mention of `/subscription` alone would not open anything)', async () => {
    const { loadCommands } = await import('#src/bot/loader.js');
    const { en } = await import('#src/i18n/messages/en.js');
    const { ja } = await import('#src/i18n/messages/ja.js');
    const runnable = new Set<string>();
    for (const [name, module] of await loadCommands()) {
      const { definition } = module;
      if ('type' in definition && definition.type !== undefined && definition.type !== 1) continue;
      const options = 'options' in definition ? (definition.options ?? []) : [];
      const subs = options.filter((o) => o.type === 1).map((o) => o.name);
      if (subs.length === 0) runnable.add(name);
      for (const sub of subs) runnable.add(`${name} ${sub}`);
    }
    const params = new Proxy({}, { get: () => '◆' });
    const named: string[] = [];
    const recorder = {
      mention: (path: string) => {
        named.push(path);
        return path;
      },
    };
    for (const catalogue of [en, ja]) {
      for (const entry of Object.values(catalogue) as unknown[]) {
        const text = typeof entry === 'function' ? String(entry(params)) : String(entry);
        mentionCommands(text, recorder);
      }
    }
    expect(named.length).toBeGreaterThan(40);
    expect(named.filter((path) => !runnable.has(path))).toEqual([]);
  });
});
