/** A local fake Discord (gateway + REST on one 127.0.0.1 port) that a real discord.js Client logs into. */
import type { FakeDiscord, FakeDiscordOptions } from './fake-discord-api.js';
import { FakeDiscordHandle, type FakeSettings } from './fake-discord-handle.js';
import { FakePlaces } from './fake-discord-places.js';
import { FakeGateway } from './gateway.js';
import { InteractionLog } from './interaction-log.js';
import { listenLocal } from './local-server.js';
import { createRestHandler, type RecordedRestCall, type RestFaults } from './rest.js';
import { DEFAULT_EVERYONE_PERMISSIONS, FakeState } from './state.js';

export type { ReceivedAttachment } from './attachments.js';
export type { FakeDiscord, FakeDiscordOptions } from './fake-discord-api.js';
export type { ScheduledEventChange } from './fake-discord-places.js';
export type { GatewayEvent, GatewayOpRecord, GatewaySessionInfo } from './gateway.js';
export {
  customIds,
  firstSelectOption,
  type InteractionEvent,
  type InteractionReply,
  InteractionResult,
} from './interaction-result.js';
export type {
  AutocompleteOptions,
  ButtonOptions,
  CommandOptionInput,
  ContextMenuOptions,
  FakeUserInput,
  InteractionContextOptions,
  MessageRef,
  ModalOptions,
  OptionValue,
  SelectOptions,
  SlashOptions,
} from './interactions.js';
export { DEFAULT_TEST_USER } from './interactions.js';
export type { RateLimitFault, RecordedRestCall, RestFaults, ServerErrorFault } from './rest.js';
export { shardOf } from './snowflake.js';
export type { FakeChannel, FakeGuild, RecordedFile, RegisteredCommand } from './state.js';

/** Fault switches, all off. */
function noFaults(): RestFaults {
  return {
    serverErrors: null,
    rateLimit: null,
    channelStatus: new Map(),
    closedDms: new Set(),
    latencyMs: 0,
  };
}

/** Starts the fake on 127.0.0.1 (port `opts.port`, default any free one) with `opts.guilds` guilds. */
export async function startFakeDiscord(opts: FakeDiscordOptions = {}): Promise<FakeDiscord> {
  const applicationId = opts.applicationId ?? '900000000000000001';
  const botToken = opts.botToken ?? 'fake-bot-token';
  const state = new FakeState({
    applicationId,
    botUsername: opts.botUsername ?? 'kiroku',
    channelsPerGuild: opts.channelsPerGuild ?? 2,
    everyonePermissions: String(opts.everyonePermissions ?? DEFAULT_EVERYONE_PERMISSIONS),
  });
  for (let i = 0; i < (opts.guilds ?? 1); i++) state.addGuild();

  const log = new InteractionLog();
  const settings: FakeSettings = {
    shards: opts.shards ?? 1,
    interactionDeadlineMs: opts.interactionDeadlineMs ?? 3000,
    interactionTransitMs: 0,
    defaultUser: {},
  };
  const restCalls: RecordedRestCall[] = [];
  const faults = noFaults();
  // The port is known only once the server listens; the gateway and REST read the URL lazily.
  let port = 0;
  const gatewayUrl = (): string => `ws://127.0.0.1:${port}`;

  const gateway = new FakeGateway({
    state,
    botToken,
    applicationId,
    applicationFlags: 0,
    heartbeatIntervalMs: opts.heartbeatIntervalMs ?? 41_250,
    guildChunkSize: opts.guildChunkSize ?? 500,
    historyLimit: opts.historyLimit ?? 50_000,
    url: gatewayUrl,
  });
  const places = new FakePlaces(state, gateway);
  const restHandler = createRestHandler({
    state,
    botToken,
    applicationId,
    gatewayUrl,
    shards: () => settings.shards,
    maxConcurrency: opts.maxConcurrency ?? 16,
    faults,
    calls: restCalls,
    interactionById: (id) => log.byId(id),
    interactionByToken: (token) => log.byToken(token),
    dispatchToGuild: (guildId, t, d, intent) => places.toGuild(guildId, t, d, intent),
  });
  const server = await listenLocal(restHandler, gateway, opts.port ?? 0);
  port = server.port;
  return new FakeDiscordHandle({
    applicationId,
    botToken,
    state,
    gateway,
    server,
    log,
    settings,
    restCalls,
    faults,
    places,
  });
}
