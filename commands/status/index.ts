import { defineCommand } from '#src/bot/command.js';
import { slashCommand, statusChoices, stringOption, workOption } from '#src/bot/definition.js';
import { readOptions } from '#src/bot/options.js';
import { resolveWork, workChoices } from '#src/lookups/works.js';
import { plain } from '#src/render/format.js';
import { localTitle } from '#src/render/names.js';
import { statusLabel } from '#src/render/status.js';
import { STATUS_KINDS } from '#src/service/index.js';

const options = [
  workOption(),
  stringOption(
    'kind',
    '状態',
    { en: 'Watch status (No status clears it)', ja: '視聴ステータス（未選択で解除）' },
    {
      required: true,
      choices: statusChoices(STATUS_KINDS),
    },
  ),
] as const;

export const command = defineCommand({
  definition: slashCommand(
    'status',
    'ステータス',
    { en: 'Set your watch status for a work', ja: '作品の視聴ステータスを設定' },
    options,
  ),
  ephemeral: () => true,
  async execute(ctx, input) {
    const { work: value, kind } = readOptions(options, input.options, {
      reasons: { work: 'reason.required' },
    });
    const call = await ctx.ownCall('write');
    const work = await resolveWork(ctx, value);
    await ctx.service.setStatus({ work_id: work.id, kind }, call);
    return {
      kind: 'message',
      content: ctx.t('status.set', {
        title: plain(localTitle(work, ctx.t)),
        status: statusLabel(kind, ctx.t),
      }),
    };
  },
  async autocomplete(ctx, input) {
    return input.focused.name === 'work' ? workChoices(ctx, input.focused.value) : [];
  },
});
