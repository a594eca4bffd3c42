/**
 * /review: reviews of whole works, the service's "work records" (a film has no episodes to record).
 * One file per sub-command in review/; this module states the command and routes to them.
 */
import { defineCommand } from '#src/bot/command.js';
import { slashCommand } from '#src/bot/definition.js';
import { workChoices } from '#src/lookups/works.js';
import { deleteButtons, deleteConfirmation, deleteSubcommand } from './delete.js';
import { editForm, editModal, editSubcommand } from './edit.js';
import { reviewIds } from './ids.js';
import { ownReviewChoices } from './mine.js';
import { postForm, postModal, postSubcommand } from './post.js';

export const command = defineCommand({
  definition: slashCommand(
    'review',
    '感想',
    { en: 'Reviews of whole works: post, edit, delete', ja: '作品全体の感想を投稿・編集・削除' },
    [postSubcommand(), editSubcommand(), deleteSubcommand()],
  ),
  ephemeral: () => true,

  async execute(ctx, input) {
    // The forms open at once: post and edit answer before any request.
    if (input.subcommand === 'post') return postForm(ctx, input.options);
    if (input.subcommand === 'edit') return editForm(ctx, input.options);
    return deleteConfirmation(ctx, input.options);
  },

  async autocomplete(ctx, input) {
    if (input.focused.name === 'work') return workChoices(ctx, input.focused.value);
    return input.focused.name === 'review' ? ownReviewChoices(ctx, input.focused.value) : [];
  },

  ids: reviewIds,
  components: deleteButtons,
  modals: { [reviewIds.post.action]: postModal, [reviewIds.edit.action]: editModal },
});
