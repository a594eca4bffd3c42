/** Edits of a verdict post's content, and its comments thread, over discord.js REST (src/verdicts/board.ts). */
import {
  ChannelType,
  DiscordAPIError,
  type REST,
  RESTJSONErrorCodes,
  Routes,
  ThreadAutoArchiveDuration,
} from 'discord.js';
import type { Logger } from '../../logger.js';
import type { EditOutcome, MessageEditor } from '../../verdicts/board.js';
import { classifyPostError } from '../posting/poster.js';

/** Discord's answer when the message already has a thread (made by another press or process). */
const THREAD_ALREADY_CREATED = 160004;

export function createRestEditor(rest: REST, logger: Logger): MessageEditor {
  return {
    async edit(channelId, messageId, content): Promise<EditOutcome> {
      try {
        await rest.patch(Routes.channelMessage(channelId, messageId), {
          body: { content, allowed_mentions: { parse: [] } },
        });
        return 'ok';
      } catch (error) {
        if (error instanceof DiscordAPIError && error.code === RESTJSONErrorCodes.UnknownMessage)
          return 'gone';
        const reason = classifyPostError(error);
        logger.warn({ channelId, reason }, 'verdict: could not edit a post');
        // A body Discord refuses would be refused again: like a passing failure, the next change retries.
        return reason === 'invalid' ? 'failed' : reason;
      }
    },

    async openThread(channelId, messageId, name) {
      try {
        const thread = (await rest.post(Routes.threads(channelId, messageId), {
          body: {
            name,
            auto_archive_duration: ThreadAutoArchiveDuration.OneWeek,
            type: ChannelType.PublicThread,
          },
        })) as { id: string };
        return { id: thread.id };
      } catch (error) {
        // A thread started from a message has the message's id.
        if (error instanceof DiscordAPIError && error.code === THREAD_ALREADY_CREATED)
          return { id: messageId };
        const reason = classifyPostError(error);
        logger.warn({ channelId, reason }, 'verdict: could not open a comments thread');
        return reason === 'invalid' ? 'failed' : reason;
      }
    },

    async addMember(threadId, discordUserId) {
      await rest.put(Routes.threadMembers(threadId, discordUserId)).catch((error: unknown) => {
        logger.info({ threadId, reason: classifyPostError(error) }, 'verdict: could not add a thread member');
      });
    },

    async post(threadId, content) {
      try {
        await rest.post(Routes.channelMessages(threadId), {
          body: { content, allowed_mentions: { parse: [] } },
        });
        return true;
      } catch (error) {
        logger.warn({ threadId, reason: classifyPostError(error) }, 'verdict: could not post a comment');
        return false;
      }
    },
  };
}
