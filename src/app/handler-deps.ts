/** The second start-up step: what handlers work with (the `HandlerDeps` the router makes contexts from). */
import { type Client, Routes } from 'discord.js';
import { OAuthStates, oauthStateSchema } from '../accounts/oauth-state.js';
import { storeAccounts } from '../accounts/store-accounts.js';
import { UserPreferences } from '../accounts/user-preferences.js';
import { canPost } from '../bot/client.js';
import type { CommandModule } from '../bot/command.js';
import { CommandMentions } from '../bot/command-mentions.js';
import type { HandlerDeps } from '../bot/context.js';
import { loadCommands } from '../bot/loader.js';
import { LookupCache } from '../bot/lookup-cache.js';
import { OncePerUser } from '../bot/once-per-user.js';
import { Pager, pagerStateSchema } from '../bot/paging.js';
import { TRIAL_SERVERS } from '../bot/setup-hints.js';
import { CoverFetcher } from '../pictures/covers.js';
import { Subscriptions } from '../subscriptions/model.js';
import { TitleIndex } from '../titles/title-index.js';
import { Reminders } from '../viewing/reminders.js';
import { WatchLists } from '../viewing/watch-lists.js';
import type { Closers } from './closers.js';
import type { Infrastructure, StartSettings } from './infrastructure.js';
import { buildPartyDesk } from './parties.js';
import { STORE_COLLECTIONS } from './stored-records.js';

export interface HandlerDepsOptions extends StartSettings {
  /** The Discord client (not yet logged in): channel checks and the registered commands go through it. */
  client: Client;
  /** kiroku's command folders, when the entry names them (the bundle); the loader's own otherwise. */
  commandsDirectory?: string;
}

/**
 * What this process remembers of a person, let go when they unlink: pages it showed (after their
 * states' writes land), languages, and their place in open watch parties' lists. The store's rows go
 * in the one forget that admin forget runs too (src/accounts/forget-person.ts).
 */
function forgetInProcess(
  accounts: HandlerDeps['accounts'],
  { pager, preferences, parties }: { pager: Pager } & Pick<HandlerDeps, 'preferences' | 'parties'>,
): void {
  accounts.onLink((discordUserId) => preferences.linked(discordUserId));
  accounts.onUnlink(async (discordUserId) => {
    await pager.forget(discordUserId);
    await preferences.forget(discordUserId);
  });
  accounts.onUnlink(() => parties.board.refreshOpen());
}

/**
 * Builds the handlers' dependencies (unlinking forgets a user everywhere) and starts loading the
 * commands: their modules are most of kiroku's code and are first needed by an interaction, so they
 * load while the start goes on (`commands` rejects when one is malformed, which fails the start).
 */
export async function buildHandlerDeps(
  options: HandlerDepsOptions,
  infra: Infrastructure,
  closers: Closers,
): Promise<{ deps: HandlerDeps; commands: Promise<ReadonlyMap<string, CommandModule>> }> {
  const { config, logger, now, client } = options;
  const { store, vault, service, oauthEndpoint } = infra;
  const oauth = config.service.oauth ? oauthEndpoint : undefined;
  const subscriptions = new Subscriptions(store);
  const collections = STORE_COLLECTIONS;
  const accounts = storeAccounts({ store, vault, oauth, logger, subscriptions, collections });
  const pager = new Pager(store.collection('pager', pagerStateSchema));
  // List states written by the last interactions land before the store closes.
  closers.add('pager', () => pager.settled());
  const preferences = new UserPreferences(store);
  const watchLists = new WatchLists(store);
  const reminders = new Reminders(store);
  const site = { name: config.service.name, webUrl: config.service.webUrl };
  const parties = buildPartyDesk({ client, store, vault, preferences, site, logger, now });
  // Without the operator's token there is no daily refresh (jobs/titles/refresh.ts).
  const titles = new TitleIndex(store, now, { refreshed: config.service.token !== undefined });
  // Titles noted by the last interactions land before the store closes.
  closers.add('title index', () => titles.settled());
  const covers = new CoverFetcher({ logger });
  closers.add('cover fetcher', () => covers.close());
  forgetInProcess(accounts, { pager, preferences, parties });
  const commands = loadCommands(options.commandsDirectory, { ownCommands: true }).then((loaded) => {
    registerLists(pager, loaded);
    return loaded;
  });
  // Awaited by the start; a failure before that is reported there, not as unhandled.
  commands.catch(() => undefined);
  const deps: HandlerDeps = {
    service,
    oauth,
    tokens: { info: (token, person) => oauthEndpoint.tokenInfo(token, { person }) },
    oauthStates: new OAuthStates(store.collection('oauth-state', oauthStateSchema)),
    accounts,
    preferences,
    subscriptions,
    channels: { canPost: (guildId, channelId, needs) => canPost(client, guildId, channelId, needs) },
    pager,
    commandMentions: new CommandMentions({
      fetchRegistered: () =>
        client.application ? client.rest.get(Routes.applicationCommands(client.application.id)) : undefined,
      fetchGuildRegistered: () => guildRegistrations(client),
      logger,
      now,
    }),
    cache: new LookupCache(),
    titles,
    watchLists,
    reminders,
    parties,
    covers,
    now,
    vault,
    claims: new OncePerUser(store),
    logger,
    settings: {
      pageSize: config.pageSize,
      defaultTimezone: config.defaultTimezone,
      serviceToken: config.service.token,
      publicUrl: config.publicUrl,
      site,
    },
  };
  return { deps, commands };
}

/**
 * The commands registered in each server (`deploy-commands --guild`, for trials), read only while the
 * bot is in a few servers, as the set-up hints do; a server that refuses the read has none.
 */
async function guildRegistrations(client: Client): Promise<ReadonlyMap<string, unknown>> {
  const applicationId = client.application?.id;
  const guildIds = [...client.guilds.cache.keys()];
  if (!applicationId || guildIds.length > TRIAL_SERVERS) return new Map();
  const read = (guildId: string) =>
    client.rest.get(Routes.applicationGuildCommands(applicationId, guildId)).catch(() => []);
  return new Map(await Promise.all(guildIds.map(async (id) => [id, await read(id)] as const)));
}

/** Registers every command's paged lists with the pager under `<command>/<list>`. */
function registerLists(pager: Pager, commands: ReadonlyMap<string, CommandModule>): void {
  for (const [name, module] of commands) {
    for (const [listName, list] of Object.entries(module.lists ?? {}))
      pager.register(`${name}/${listName}`, list);
  }
}
