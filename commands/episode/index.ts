import { z } from 'zod';
import type { MessageReply } from '#src/bot/command.js';
import { defineCommand } from '#src/bot/command.js';
import type { Context } from '#src/bot/context.js';
import { slashCommand, stringOption, subcommand, workOption } from '#src/bot/definition.js';
import { readOptions } from '#src/bot/options.js';
import { episodeButtons, episodeIds } from '#src/components/episode-buttons.js';
import { episodeListOpeners, episodeLists } from '#src/lookups/episode-list.js';
import { episodeChoices, resolveEpisode } from '#src/lookups/episodes.js';
import { resolveWork, workChoices } from '#src/lookups/works.js';
import { episodeEmbed } from '#src/render/episode.js';
import type { Episode, Work } from '#src/service/index.js';

const positiveId = z.coerce.number().int().positive();

function episodeReply(ctx: Context, episode: Episode, work: Work): MessageReply {
  return {
    kind: 'message',
    embeds: [episodeEmbed(episode, work, ctx.t, ctx.locale)],
    components: episodeButtons(work.id, episode, ctx.t),
  };
}

/** An episode picked from a list or a previous/next button: shown privately to whoever pressed. */
async function openEpisode(ctx: Context, workArg: string | undefined, episodeArg: string | undefined) {
  const work = await resolveWork(ctx, String(positiveId.parse(workArg)));
  const episode = await resolveEpisode(ctx, work.id, String(positiveId.parse(episodeArg)));
  return episodeReply(ctx, episode, work);
}

const listOptions = [workOption()] as const;
const infoOptions = [
  workOption(),
  stringOption(
    'number',
    '話数',
    {
      en: 'Episode number such as 5 or #5, or pick from the list',
      ja: '5や#5のような話数、または一覧から選択',
    },
    { required: true, autocomplete: true, maxLength: 20 },
  ),
] as const;
const reasons = { work: 'reason.required', number: 'reason.required' } as const;

export const command = defineCommand({
  definition: slashCommand('episode', 'エピソード', { en: 'Look up episodes', ja: 'エピソードを調べる' }, [
    subcommand(
      'list',
      '一覧',
      { en: 'List the episodes of a work', ja: '作品のエピソード一覧' },
      listOptions,
    ),
    subcommand('info', '詳細', { en: 'Show one episode', ja: 'エピソードの詳細を表示' }, infoOptions),
  ]),
  ephemeral: () => false,

  async execute(ctx, input) {
    if (input.subcommand === 'list') {
      const { work: value } = readOptions(listOptions, input.options, { reasons });
      const work = await resolveWork(ctx, value);
      return episodeListOpeners.list.open(ctx, { workId: work.id });
    }
    const options = readOptions(infoOptions, input.options, { reasons });
    const work = await resolveWork(ctx, options.work);
    const episode = await resolveEpisode(ctx, work.id, options.number);
    return episodeReply(ctx, episode, work);
  },

  async autocomplete(ctx, input) {
    if (input.focused.name === 'work') return workChoices(ctx, input.focused.value);
    const work = input.options.work;
    return episodeChoices(ctx, typeof work === 'string' ? work : undefined, input.focused.value);
  },

  ids: episodeIds,
  components: {
    [episodeIds.open.action]: {
      answers: 'message',
      handle: (ctx, input) => openEpisode(ctx, input.args[0], input.values[0]),
    },
    [episodeIds.show.action]: {
      answers: 'message',
      handle: (ctx, input) => openEpisode(ctx, input.args[0], input.args[1]),
    },
  },

  lists: episodeLists,
});
