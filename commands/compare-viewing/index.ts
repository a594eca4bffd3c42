/**
 * Right-click on a person → Apps → **Compare viewing**: the same private comparison as
 * `/compare member:<them>`, for all time (commands/compare).
 */
import { ApplicationCommandType } from 'discord-api-types/v10';
import { defineCommand } from '#src/bot/command.js';
import { contextMenuCommand } from '#src/bot/definition.js';
import { UserFacingError } from '#src/bot/user-facing-error.js';
import { comparisonReply } from '../compare/reply.js';
import { compareWith } from '../compare/view.js';

export const command = defineCommand({
  definition: contextMenuCommand(ApplicationCommandType.User, 'Compare viewing', '視聴を比べる'),
  ephemeral: () => true,
  async execute(ctx, input) {
    const target = input.target;
    if (target?.kind !== 'user') throw new UserFacingError('error.expired');
    const view = await compareWith(ctx, target.id, undefined);
    return comparisonReply(ctx, view, target.id, undefined);
  },
});
