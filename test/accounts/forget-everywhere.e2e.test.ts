/**
 * One forget and one list of what is stored about a person. A person uses the
 * bot as people do (an OAuth link, a second link started, a link waiting for its confirmation form, a
 * reminder, a paged list, the backlog, a claim, subscriptions the jobs ran, a language, a quarantined
 * record); another person keeps their own. Then, for `admin forget` and for `/account unlink` alike:
 * every row anywhere in the store that names the person is found by the list (so a collection holding
 * people's rows cannot be left off it), `admin export` shows each of them and no token, and after the
 * forget both tokens are revoked at the service, the subscriptions' version mark has moved (running
 * jobs drop them), nothing names the person and the other person's rows are all still there.
 */
import { PermissionFlagsBits } from 'discord-api-types/v10';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { rowsAbout } from '#src/accounts/forget-person.js';
import { OAuthConfirmations, pendingLinkSchema } from '#src/accounts/oauth-confirmations.js';
import { STORE_COLLECTIONS } from '#src/app/stored-records.js';
import { runAdmin } from '#src/cli/admin.js';
import { parseConfig } from '#src/config.js';
import { createLogger } from '#src/logger.js';
import type { Store } from '#src/store/index.js';
import { Quarantine } from '#src/store/quarantine.js';
import { customIds } from '../fakes/discord/fake-discord.js';
import { DEMO_OAUTH_CLIENT, DEMO_USERS } from '../fakes/emulator/seed.js';
import { fakesEnv } from '../support/fakes-env.js';
import { type Stack, USERS, useStack } from '../support/stack.js';

const TIMEOUT = 15_000;
const PERSON = { id: '310000000000000201', username: 'dana_discord' };
const OTHER = USERS.bob;
const anyValue = z.unknown();

/** Every row in the store whose key or value names `id`, as `collection/key`. */
async function rowsNaming(store: Store, id: string): Promise<Set<string>> {
  const found = new Set<string>();
  for (const name of Object.keys(STORE_COLLECTIONS)) {
    for await (const [key, value] of store.collection(name, anyValue).entries())
      if (key.includes(id) || JSON.stringify(value ?? null).includes(id)) found.add(`${name}/${key}`);
  }
  return found;
}

async function listed(store: Store, id: string): Promise<Set<string>> {
  const found = new Set<string>();
  for await (const row of rowsAbout(store, STORE_COLLECTIONS, id)) found.add(`${row.collection}/${row.key}`);
  return found;
}

/** `npm run admin -- <argv>` over the stack's store, as the operator would run it beside the bot. */
async function admin(stack: Stack, ...argv: string[]): Promise<string> {
  const config = parseConfig({
    ...fakesEnv(stack.discord, stack.emulator),
    DATA_DIR: stack.dataDir,
    SERVICE_CLIENT_ID: DEMO_OAUTH_CLIENT.id,
    SERVICE_CLIENT_SECRET: DEMO_OAUTH_CLIENT.secret,
  });
  const lines: string[] = [];
  await runAdmin(argv, { config, logger: createLogger('silent'), out: (line) => lines.push(line) });
  return lines.join('\n');
}

/** Secrets the store holds about the person: none may reach an export. */
async function secretsOf(store: Store, id: string): Promise<string[]> {
  const secrets: string[] = [];
  for await (const row of rowsAbout(store, STORE_COLLECTIONS, id)) {
    if (row.collection === 'vault' && typeof row.value === 'string') secrets.push(row.value);
    if (row.collection === 'oauth-state') secrets.push(row.key);
    const sealed = (row.value as { sealedToken?: unknown } | undefined)?.sealedToken;
    if (typeof sealed === 'string') secrets.push(sealed);
  }
  return secrets;
}

const ENTRY_POINTS = [
  {
    name: 'npm run admin -- forget',
    async forget(stack: Stack) {
      const said = await admin(stack, 'forget', PERSON.id);
      expect(said).toContain('token: revoked at the service and deleted');
      expect(said).toContain('pending OAuth links: 1 deleted, 1 of their tokens revoked at the service');
      expect(said).toMatch(/subscriptions removed: 2 \(/);
    },
  },
  {
    name: '/account unlink',
    async forget(stack: Stack) {
      const confirm = await (
        await stack.discord.slash({ name: 'account', subcommand: 'unlink', user: PERSON })
      ).reply(TIMEOUT);
      const [unlink] = customIds(confirm.components);
      const done = await (await stack.discord.button({ customId: unlink ?? '', user: PERSON })).reply(
        TIMEOUT,
      );
      expect(done.content).not.toContain('still works');
    },
  },
];

describe.each(ENTRY_POINTS)('$name forgets a person everywhere', ({ forget }) => {
  const stack = useStack({ oauth: true, emulatorRateLimit: false, env: { PAGE_SIZE: '1' } });
  const accepted = async (token: string) =>
    (await fetch(`${stack.emulator.url}/v1/me`, { headers: { authorization: `Bearer ${token}` } })).status;

  /** Everything a person leaves in the store by using kiroku; returns their two live tokens. */
  async function useKiroku(guildChannel: string): Promise<{ linked: string; pending: string }> {
    const { discord, emulator, kiroku } = stack;
    const start = await (
      await discord.slash({ name: 'account', subcommand: 'link', options: { method: 'oauth' }, user: PERSON })
    ).reply(TIMEOUT);
    const state = customIds(start.components)
      .find((id) => id.startsWith('account:entercode:'))
      ?.split(':')[2];
    const code = emulator.data.issueAuthorizationCode(DEMO_USERS.alice.id, ['read', 'write']);
    await (await discord.modal({ customId: `account:code:${state}`, fields: { code }, user: PERSON })).reply(
      TIMEOUT,
    );
    const linked = (await kiroku.deps.vault.get(PERSON.id))?.token ?? '';
    // A second link started and left (its state), and one waiting for its confirmation form.
    await (
      await discord.slash({ name: 'account', subcommand: 'link', options: { method: 'oauth' }, user: PERSON })
    ).reply(TIMEOUT);
    const pending = emulator.data.issueToken(DEMO_USERS.alice.id, ['read', 'write'], {
      applicationUid: DEMO_OAUTH_CLIENT.id,
    });
    await new OAuthConfirmations(
      kiroku.store.collection('oauth-confirmation', pendingLinkSchema),
      kiroku.deps.vault,
      async () => undefined,
    ).create({
      discordUserId: PERSON.id,
      serviceUserId: DEMO_USERS.alice.id,
      serviceUsername: 'alice',
      accessToken: pending,
    });
    const ja = { ...PERSON, locale: 'ja' };
    await (await discord.slash({ name: 'remind', options: { minutes: 30 }, user: ja, locale: 'ja' })).reply(
      TIMEOUT,
    );
    await (
      await discord.slash({
        name: 'account',
        subcommand: 'visibility',
        options: { shared: true },
        user: PERSON,
      })
    ).reply(TIMEOUT);
    await (
      await discord.slash({ name: 'work', subcommand: 'search', options: { title: 'の' }, user: PERSON })
    ).reply(TIMEOUT);
    await (await discord.slash({ name: 'watch', user: PERSON })).reply(TIMEOUT);
    const episode = [...emulator.data.episodes.values()][0];
    await (await discord.button({ customId: `subscription:watched:${episode?.id}`, user: PERSON })).reply(
      TIMEOUT,
    );
    for (const [subcommand, options] of [
      ['feed', { channel: guildChannel }],
      ['schedule', { channel: guildChannel, time: '08:00', timezone: 'Asia/Tokyo' }],
    ] as const)
      await (await discord.slash({ name: 'subscription', subcommand, options, user: PERSON })).reply(TIMEOUT);
    await kiroku.jobs.feed.runCycle();
    // A watch party they host and pressed.
    discord.setBotPermissions(discord.guildIds[0] ?? '', PermissionFlagsBits.ManageEvents);
    const partyOptions = {
      work: String(episode?.workId),
      episode: String(episode?.id),
      time: 'tomorrow 21:00',
    };
    await (
      await discord.slash({ name: 'party', subcommand: 'start', options: partyOptions, user: PERSON })
    ).reply(TIMEOUT);
    const [party] = await kiroku.deps.parties.store.all();
    await (await discord.button({ customId: `party:watched:${party?.id}`, user: PERSON })).reply(TIMEOUT);
    await new Quarantine(kiroku.store).put({
      collection: 'subscriptions',
      key: 'dead0201',
      reason: 'test',
      text: '{}',
      quarantinedAt: new Date().toISOString(),
      by: '0.2.0',
      ownerId: PERSON.id,
    });
    return { linked, pending };
  }

  it('revokes both tokens, moves the subscriptions’ mark, and leaves no row of the person', async () => {
    const { kiroku } = stack;
    const channel = stack.discord.channelIds(stack.discord.guildIds[0] ?? '')[0] ?? '';
    await stack.link(OTHER.id, 'bob');
    await (await stack.discord.slash({ name: 'remind', options: { minutes: 10 }, user: OTHER })).reply(
      TIMEOUT,
    );
    await (
      await stack.discord.slash({
        name: 'subscription',
        subcommand: 'feed',
        options: { channel },
        user: OTHER,
      })
    ).reply(TIMEOUT);
    const tokens = await useKiroku(channel);
    expect(await accepted(tokens.linked)).toBe(200);
    expect(await accepted(tokens.pending)).toBe(200);

    const naming = await rowsNaming(kiroku.store, PERSON.id);
    const collections = new Set([...naming].map((row) => row.split('/')[0]));
    for (const expected of [
      'vault',
      'oauth-state',
      'oauth-confirmation',
      'user-preferences',
      'reminders',
      'pager',
    ])
      expect(collections, expected).toContain(expected);
    for (const expected of [
      'subscriptions',
      'once-per-user',
      'feed-cursor',
      'quarantine',
      'parties',
      'party-attendance',
    ])
      expect(collections, expected).toContain(expected);
    // The list finds every row that names the person: a collection left off it fails here.
    const listedRows = await listed(kiroku.store, PERSON.id);
    expect([...naming].filter((row) => !listedRows.has(row))).toEqual([]);

    // The export shows every one of them, and no token, sealed or not.
    const exportText = await admin(stack, 'export', PERSON.id);
    const exported = JSON.parse(exportText) as { stored: Record<string, Array<{ key: string }>> };
    const shownRows = Object.entries(exported.stored).flatMap(([collection, rows]) =>
      rows.map((row) => `${collection}/${row.key}`),
    );
    for (const row of naming) {
      const collection = row.split('/')[0] ?? '';
      if (collection === 'oauth-state') expect(shownRows).toContain('oauth-state/[withheld]');
      else expect(shownRows).toContain(row);
    }
    for (const secret of [tokens.linked, tokens.pending, ...(await secretsOf(kiroku.store, PERSON.id))])
      expect(exportText).not.toContain(secret);

    const others = await rowsNaming(kiroku.store, OTHER.id);
    const mark = await kiroku.deps.subscriptions.version();
    await forget(stack);

    expect(await accepted(tokens.linked)).toBe(401);
    expect(await accepted(tokens.pending)).toBe(401);
    expect(await kiroku.deps.subscriptions.version()).not.toBe(mark);
    expect([...(await rowsNaming(kiroku.store, PERSON.id))]).toEqual([]);
    expect(await rowsNaming(kiroku.store, OTHER.id)).toEqual(others);
  });
});
