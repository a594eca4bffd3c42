/**
 * `/compare member season`: you and another member side by side, for a season or all time, privately
 * (view.ts says whose record is read and how; the **Compare viewing** context menu gives the same
 * reply). Its buttons open each list whole, paged, and put one of the other's Great works on your
 * list as Plan to Watch (only the person who asked may press those: the id carries their user id).
 */
import { z } from 'zod';
import type { ComponentHandler } from '#src/bot/command.js';
import { defineCommand } from '#src/bot/command.js';
import { slashCommand, stringOption, userOption } from '#src/bot/definition.js';
import { parseOptions } from '#src/bot/options.js';
import { listOpeners, packedPage, pagedList } from '#src/bot/paging.js';
import { UserFacingError } from '#src/bot/user-facing-error.js';
import { seasonChoices } from '#src/lookups/seasons.js';
import { workById } from '#src/lookups/works.js';
import { plain } from '#src/render/format.js';
import { localTitle } from '#src/render/names.js';
import { statusLabel } from '#src/render/status.js';
import { SEASON } from '../work/search.js';
import { compareIds, LIST_PARTS } from './ids.js';
import { comparisonReply, comparisonTitle, partHeading, partWorks, workLine } from './reply.js';
import { compareWith } from './view.js';

const SNOWFLAKE = /^\d{1,25}$/;
const seasonSchema = z.string().trim().regex(SEASON, 'reason.season');

const compareQuery = z.object({
  member: z.string().regex(SNOWFLAKE),
  season: seasonSchema.optional(),
});

/** One of a comparison's lists, whole, in pages as full as fit. */
const titlesList = pagedList({
  query: compareQuery.extend({ part: z.enum(LIST_PARTS) }),
  async fetchPage(ctx, query, page) {
    // Read again (cached a few minutes): a member who stopped sharing meanwhile is refused here too.
    const view = await compareWith(ctx, query.member, query.season);
    const entries = partWorks(view, query.part).map((work) => workLine(ctx, work));
    return {
      ...packedPage(entries, page, {
        title: comparisonTitle(ctx, view, query.season),
        author: { name: partHeading(ctx, view, query.part) },
      }),
      emptyText: ctx.t('compare.none'),
    };
  },
});

const compareLists = { titles: titlesList };
const lists = listOpeners('compare', compareLists);

/** A list button: opens that list privately for whoever pressed it (their own comparison). */
const openList: ComponentHandler = {
  answers: 'message',
  async handle(ctx, input) {
    const { part, memberId, season } = compareIds.list.read(input.args);
    const query = compareQuery.extend({ part: z.enum(LIST_PARTS) }).safeParse({
      part,
      member: memberId,
      ...(season ? { season } : {}),
    });
    if (!query.success) throw new UserFacingError('error.expired');
    return lists.titles.open(ctx, query.data);
  },
};

/** Plan to Watch: sets the status with the presser's own token, only when they asked for the comparison. */
const wantToWatch: ComponentHandler = {
  answers: 'message',
  async handle(ctx, input) {
    const { ownerId, workId } = compareIds.want.read(input.args);
    if (ownerId !== ctx.user.id) throw new UserFacingError('compare.notYours');
    if (!SNOWFLAKE.test(workId)) throw new UserFacingError('error.expired');
    const call = await ctx.ownCall('write');
    await ctx.service.setStatus({ work_id: Number(workId), kind: 'wanna_watch' }, call);
    // The title for the answer; the status is set either way.
    const work = await workById(ctx, Number(workId)).catch(() => undefined);
    return {
      kind: 'message',
      content: ctx.t('status.set', {
        title: plain(localTitle(work ?? { title: `#${workId}` }, ctx.t)),
        status: statusLabel('wanna_watch', ctx.t),
      }),
    };
  },
};

export const command = defineCommand({
  definition: slashCommand(
    'compare',
    '比べる',
    {
      en: 'You and another member side by side: what you both watched and how your ratings agree',
      ja: 'ほかのメンバーと視聴記録を比べる: ふたりとも見た作品や評価の一致',
    },
    [
      userOption(
        'member',
        'メンバー',
        {
          en: 'Who to compare with (they must share their record)',
          ja: '比べる相手（視聴記録を公開している人）',
        },
        { required: true },
      ),
      stringOption(
        'season',
        'シーズン',
        {
          en: 'Season such as 2024-autumn (default: all time)',
          ja: '2024-autumnのようなシーズン（既定はこれまでのすべて）',
        },
        { maxLength: 11, autocomplete: true },
      ),
    ],
  ),
  ephemeral: () => true,
  async execute(ctx, input) {
    const query = parseOptions(compareQuery, input.options);
    const view = await compareWith(ctx, query.member, query.season);
    return comparisonReply(ctx, view, query.member, query.season);
  },
  async autocomplete(ctx, input) {
    return input.focused.name === 'season' ? seasonChoices(ctx.now(), input.focused.value, ctx.t) : [];
  },
  components: { want: wantToWatch, list: openList },
  ids: compareIds,
  lists: compareLists,
});
