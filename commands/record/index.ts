/**
 * /record: one file per sub-command in record/ (post, edit, delete, list); this module states the
 * command, who sees the reply, and routes to them.
 */
import { defineCommand } from '#src/bot/command.js';
import { slashCommand } from '#src/bot/definition.js';
import { episodeChoices } from '#src/lookups/episodes.js';
import { workChoices } from '#src/lookups/works.js';
import { deleteButtons, deleteConfirmation, deleteIds, deleteSubcommand } from './delete.js';
import { edit, editSubcommand } from './edit.js';
import { listSubcommand, recordLists, showList } from './list.js';
import { post, postSubcommand } from './post.js';
import { recentRecordChoices } from './recent.js';

export const command = defineCommand({
  definition: slashCommand(
    'record',
    '記録',
    { en: 'Your viewing records on Annict', ja: 'Annictの視聴記録' },
    [postSubcommand(), editSubcommand(), deleteSubcommand(), listSubcommand()],
  ),
  ephemeral: (input) => input.subcommand === 'edit' || input.subcommand === 'delete',

  async execute(ctx, input) {
    if (input.subcommand === 'post') return post(ctx, input.options);
    if (input.subcommand === 'edit') return edit(ctx, input.options);
    if (input.subcommand === 'delete') return deleteConfirmation(ctx, input.options);
    return showList(ctx, input.options);
  },

  async autocomplete(ctx, input) {
    if (input.focused.name === 'work') return workChoices(ctx, input.focused.value);
    if (input.focused.name === 'record') return recentRecordChoices(ctx, input.focused.value);
    if (input.focused.name === 'episode') {
      const work = input.options.work;
      return episodeChoices(ctx, typeof work === 'string' ? work : undefined, input.focused.value);
    }
    return [];
  },

  ids: deleteIds,
  components: deleteButtons,

  lists: recordLists,
});
