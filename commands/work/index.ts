/**
 * /work: one file per sub-command in work/ (search, info with the buttons it posts), their custom
 * ids in work/ids.ts; this module states the command, who sees the reply, and routes to them.
 */
import { defineCommand } from '#src/bot/command.js';
import { slashCommand } from '#src/bot/definition.js';
import { seasonChoices } from '#src/lookups/seasons.js';
import { workChoices } from '#src/lookups/works.js';
import { creditLists } from './credits.js';
import { workIds } from './ids.js';
import { info, infoComponents, infoSubcommand } from './info.js';
import { search, searchSubcommand, workLists } from './search.js';

export const command = defineCommand({
  definition: slashCommand('work', '作品', { en: 'Look up anime works', ja: 'アニメ作品を調べる' }, [
    searchSubcommand(),
    infoSubcommand(),
  ]),
  ephemeral: () => false,

  async execute(ctx, input) {
    if (input.subcommand === 'search') return search(ctx, input.options);
    return info(ctx, input.options);
  },

  async autocomplete(ctx, input) {
    if (input.focused.name === 'season') return seasonChoices(ctx.now(), input.focused.value, ctx.t);
    return input.focused.name === 'work' ? workChoices(ctx, input.focused.value) : [];
  },

  ids: workIds,
  components: infoComponents,

  lists: { ...workLists, ...creditLists },
});
