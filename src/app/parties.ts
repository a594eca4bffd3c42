/**
 * The watch parties' Discord side, over discord.js's REST client and guild cache: the scheduled
 * events `/party` makes and removes, and the party message the board posts and edits. Built once;
 * the handlers and the party job share it.
 */
import { type Client, DiscordAPIError, PermissionFlagsBits, Routes } from 'discord.js';
import { GuildScheduledEventEntityType, GuildScheduledEventPrivacyLevel } from 'discord-api-types/v10';
import type { UserPreferences } from '../accounts/user-preferences.js';
import { createTranslator, type ServiceSite } from '../i18n/translator.js';
import { UserFacingError } from '../i18n/user-facing-error.js';
import { classifyPostError, createRestPoster } from '../jobs/posting/poster.js';
import type { Logger } from '../logger.js';
import { PartyBoard, type PartyDiscord, type PartyWrite } from '../parties/board.js';
import type { PartyDesk, PartyEvents } from '../parties/desk.js';
import { Parties } from '../parties/model.js';
import type { Store } from '../store/index.js';
import type { TokenVault } from '../vault/index.js';

export interface PartyDeskOptions {
  client: Client;
  store: Store;
  vault: Pick<TokenVault, 'has'>;
  preferences: Pick<UserPreferences, 'isDiscoverable'>;
  site: ServiceSite;
  logger: Logger;
  now: () => Date;
}

/** Discord's "Unknown Guild Scheduled Event": already gone, which is what a removal wants. */
const UNKNOWN_EVENT = 10070;

/** Discord's codes for a server at its 100 unfinished events, and for a permission kiroku lacks. */
const TOO_MANY_EVENTS = 30038;
const MISSING_PERMISSIONS = 50013;

/** What the person is told when Discord refuses the event for a reason they can act on. */
function eventRefusal(error: unknown): never {
  if (error instanceof DiscordAPIError && error.code === TOO_MANY_EVENTS)
    throw new UserFacingError('party.tooManyEvents');
  if (error instanceof DiscordAPIError && error.code === MISSING_PERMISSIONS)
    throw new UserFacingError('party.needsManageEvents');
  throw error;
}

function scheduledEvents(client: Client): PartyEvents {
  return {
    async canManage(guildId) {
      const guild = client.guilds.cache.get(guildId);
      if (!guild) return false;
      const me = guild.members.me ?? (await guild.members.fetchMe().catch(() => null));
      return me?.permissions.has(PermissionFlagsBits.ManageEvents) ?? false;
    },
    async create(guildId, event) {
      const created = (await client.rest
        .post(Routes.guildScheduledEvents(guildId), {
          body: {
            name: event.name,
            description: event.description,
            privacy_level: GuildScheduledEventPrivacyLevel.GuildOnly,
            entity_type: GuildScheduledEventEntityType.External,
            entity_metadata: { location: event.location },
            scheduled_start_time: event.startsAt.toISOString(),
            scheduled_end_time: event.endsAt.toISOString(),
          },
        })
        .catch(eventRefusal)) as { id: string };
      return created.id;
    },
    async remove(guildId, eventId) {
      try {
        await client.rest.delete(Routes.guildScheduledEvent(guildId, eventId));
      } catch (error) {
        if (!(error instanceof DiscordAPIError && error.code === UNKNOWN_EVENT)) throw error;
      }
    },
  };
}

function partyMessages(client: Client, logger: Logger): PartyDiscord {
  const poster = createRestPoster(client.rest, logger);
  const outcome = (reason: ReturnType<typeof classifyPostError>): PartyWrite => ({
    ok: false,
    reason: reason === 'forbidden' || reason === 'missing' ? 'gone' : 'failed',
  });
  return {
    async post(channelId, message, nonce) {
      const posted = await poster.post(channelId, { ...message, nonce });
      return posted.ok ? posted : outcome(posted.reason);
    },
    async edit(channelId, messageId, message) {
      try {
        await client.rest.patch(Routes.channelMessage(channelId, messageId), {
          body: { ...message, allowed_mentions: { parse: [] } },
        });
        return { ok: true, messageId };
      } catch (error) {
        const reason = classifyPostError(error);
        logger.warn({ channelId, reason }, 'party: the message could not be edited');
        return outcome(reason);
      }
    },
    notifyUser: (userId, content) => poster.notifyUser(userId, content),
  };
}

export function buildPartyDesk(options: PartyDeskOptions): PartyDesk {
  const { client, store, vault, preferences, site, logger, now } = options;
  const parties = new Parties(store);
  const board = new PartyBoard({
    parties,
    discord: partyMessages(client, logger),
    shares: (userId) => preferences.isDiscoverable(userId),
    isLinked: (userId) => vault.has(userId),
    translator: (locale) => createTranslator(locale, site),
    logger,
    now,
  });
  return { store: parties, board, events: scheduledEvents(client) };
}
