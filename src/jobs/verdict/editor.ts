/** Edits of a verdict post's content over discord.js REST (src/verdicts/board.ts). */
import { DiscordAPIError, type REST, RESTJSONErrorCodes, Routes } from 'discord.js';
import type { Logger } from '../../logger.js';
import type { EditOutcome, MessageEditor } from '../../verdicts/board.js';
import { classifyPostError } from '../delivery/poster.js';

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
  };
}
