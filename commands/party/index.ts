/**
 * `/party`: watch parties. `start` makes a Discord scheduled event in the server and, at its time,
 * the party job (src/jobs/party/) posts one message with Watched and the four rating buttons; each
 * press records the episode for whoever pressed (press.ts). `cancel` lets the host call it off.
 */
import { defineCommand } from '#src/bot/command.js';
import { SERVER_ONLY, slashCommand } from '#src/bot/definition.js';
import { UserFacingError } from '#src/bot/user-facing-error.js';
import { partyIds } from '#src/components/party-ids.js';
import { episodeChoices } from '#src/lookups/episodes.js';
import { workChoices } from '#src/lookups/works.js';
import { cancelParty, cancelSubcommand, partyChoices } from './cancel.js';
import { partyButtons } from './press.js';
import { startParty, startSubcommand } from './start.js';

export const command = defineCommand({
  definition: slashCommand(
    'party',
    '視聴会',
    {
      en: 'Watch an episode together: an event, then one message to record from',
      ja: 'みんなで同時視聴: イベントと記録用のメッセージ',
    },
    [startSubcommand(), cancelSubcommand()],
    SERVER_ONLY,
  ),
  ephemeral: () => true,

  async execute(ctx, input) {
    if (input.subcommand === 'start') return startParty(ctx, input.options);
    if (input.subcommand === 'cancel') return cancelParty(ctx, input.options);
    throw new UserFacingError('error.unknownCommand');
  },

  async autocomplete(ctx, input) {
    if (input.focused.name === 'work') return workChoices(ctx, input.focused.value);
    if (input.focused.name === 'party') return partyChoices(ctx, input.focused.value);
    const work = input.options.work;
    return episodeChoices(ctx, typeof work === 'string' ? work : undefined, input.focused.value);
  },

  ids: partyIds,
  components: partyButtons,
});
