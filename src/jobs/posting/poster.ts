/**
 * Posting to Discord channels over REST, for the jobs. The jobs never see discord.js: they get a
 * ChannelPoster and an outcome that says whether to retry (failed), to give up on the channel
 * (forbidden / missing), or that Discord refused this body (invalid: the same body would be refused
 * again, so the caller sends a simpler one instead).
 */
import { DiscordAPIError, type REST, Routes } from 'discord.js';
import type {
  APIEmbed,
  APIMessage,
  APIMessageTopLevelComponent,
  RESTPostAPIChannelMessageJSONBody,
} from 'discord-api-types/v10';
import { type Logger, redactSecrets } from '../../logger.js';
import { fitContent, fitEmbeds } from '../../render/fit-message.js';

/** A file attached to a job's post (the weekly summary's picture), with its text alternative. */
export interface OutgoingFile {
  name: string;
  data: Buffer;
  /** Its media type, `image/png`. */
  contentType: string;
  /** The attachment's description (alt text): at most 1,024 characters, no Markdown. */
  description: string;
}

/** A channel message as the jobs build it. */
export interface OutgoingMessage {
  content?: string;
  embeds?: APIEmbed[];
  components?: APIMessageTopLevelComponent[];
  files?: OutgoingFile[];
}

/** What is sent: the message plus its deterministic nonce (at most 25 characters). */
export interface NoncedMessage extends OutgoingMessage {
  nonce: string;
}

/** Why a channel post failed (each, with `posted`, an outcome label of the channel post metrics). */
export const POST_FAILURES = ['forbidden', 'missing', 'failed', 'invalid'] as const;
export type PostFailure = (typeof POST_FAILURES)[number];

export type PostOutcome =
  | { ok: true; messageId: string }
  /** `detail`: Discord's error code and the form fields it named, never the content (for the log). */
  | { ok: false; reason: PostFailure; detail?: string };

export interface ChannelPoster {
  /** Posts with `enforce_nonce`, so a repeat of the same nonce returns the first message. Never throws. */
  post(channelId: string, message: NoncedMessage): Promise<PostOutcome>;
  /** A direct message to a user; best effort (closed DMs are logged, never thrown). */
  notifyUser(discordUserId: string, content: string): Promise<void>;
}

/**
 * 403 (missing access or permissions) and 404 (unknown channel) mean the channel is not ours to post
 * in; 400 (invalid form body, 50035, and its kin) means this body will never be taken.
 */
export function classifyPostError(error: unknown): PostFailure {
  if (error instanceof DiscordAPIError) {
    if (error.status === 403) return 'forbidden';
    if (error.status === 404) return 'missing';
    if (error.status === 400) return 'invalid';
  }
  return 'failed';
}

/**
 * Why Discord refused a body: its code and the paths of the fields it named (such as
 * `embeds[0].description: BASE_TYPE_MAX_LENGTH`), which never carry the text itself.
 */
export function refusalDetail(error: unknown): string | undefined {
  if (!(error instanceof DiscordAPIError)) return undefined;
  const fields: string[] = [];
  const walk = (node: unknown, path: string): void => {
    if (fields.length >= 5 || typeof node !== 'object' || node === null) return;
    for (const [key, value] of Object.entries(node)) {
      if (key === '_errors' && Array.isArray(value)) {
        const codes = value.map((entry) => String((entry as { code?: unknown }).code ?? '?'));
        fields.push(`${path || 'body'}: ${codes.join(',')}`);
      } else walk(value, /^\d+$/.test(key) ? `${path}[${key}]` : path ? `${path}.${key}` : key);
    }
  };
  walk((error.rawError as { errors?: unknown }).errors, '');
  return [`code ${error.code}`, ...fields].join('; ');
}

/** What a failed post is logged with: never the request's URL or body, which may carry a token. */
function errorSummary(error: unknown): Record<string, unknown> {
  if (error instanceof DiscordAPIError)
    return { status: error.status, code: error.code, message: redactSecrets(error.message) };
  return { message: redactSecrets(error instanceof Error ? error.message : String(error)) };
}

/** A ChannelPoster over discord.js's REST client (the bot's own, or one built with `new REST().setToken()`). */
export function createRestPoster(rest: REST, logger: Logger): ChannelPoster {
  const dmChannels = new Map<string, string>();

  async function send(channelId: string, message: NoncedMessage): Promise<APIMessage> {
    const body: RESTPostAPIChannelMessageJSONBody = {
      // The last guard, as for replies (see fit-message.ts): renderers fit their text already.
      ...(message.content ? { content: fitContent(message.content) } : {}),
      ...(message.embeds ? { embeds: fitEmbeds(message.embeds) } : {}),
      ...(message.components ? { components: message.components } : {}),
      nonce: message.nonce,
      enforce_nonce: true,
      allowed_mentions: { parse: [] },
    };
    const files = message.files ?? [];
    if (files.length === 0)
      return (await rest.post(Routes.channelMessages(channelId), { body })) as APIMessage;
    // Multipart: each file is `files[n]`, described by the `attachments` entry of id n (its alt text).
    body.attachments = files.map((file, id) => ({
      id: String(id),
      filename: file.name,
      description: file.description,
    }));
    return (await rest.post(Routes.channelMessages(channelId), {
      body,
      files: files.map((file) => ({ name: file.name, data: file.data, contentType: file.contentType })),
    })) as APIMessage;
  }

  return {
    async post(channelId, message) {
      try {
        const posted = await send(channelId, message);
        return { ok: true, messageId: posted.id };
      } catch (error) {
        const reason = classifyPostError(error);
        if (reason !== 'invalid') {
          logger.warn({ channelId, reason, err: errorSummary(error) }, 'jobs: channel post failed');
          return { ok: false, reason };
        }
        // Discord's message for a refused body may quote a value: only codes and field paths are logged.
        const detail = refusalDetail(error) ?? 'unknown';
        logger.warn({ channelId, reason, detail }, 'jobs: Discord refused a channel post body');
        return { ok: false, reason, detail };
      }
    },

    async notifyUser(discordUserId, content) {
      try {
        let channelId = dmChannels.get(discordUserId);
        if (!channelId) {
          const channel = (await rest.post(Routes.userChannels(), {
            body: { recipient_id: discordUserId },
          })) as { id: string };
          channelId = channel.id;
          dmChannels.set(discordUserId, channelId);
        }
        await rest.post(Routes.channelMessages(channelId), {
          // A notice can list any number of ids or quote names people chose: fitted like a reply.
          body: { content: fitContent(content), allowed_mentions: { parse: [] } },
        });
      } catch (error) {
        logger.info({ discordUserId, err: errorSummary(error) }, 'jobs: could not send a direct message');
      }
    },
  };
}
