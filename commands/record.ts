import { ButtonStyle, ComponentType } from 'discord-api-types/v10';
import { z } from 'zod';
import { type CommandInput, defineCommand, type MessageReply } from '../src/bot/command.js';
import type { Context } from '../src/bot/context.js';
import {
  booleanOption,
  episodeOption,
  integerOption,
  numberOption,
  slashCommand,
  stringOption,
  subcommand,
  workOption,
} from '../src/bot/definition.js';
import { pagedList, pageLines, viewOf } from '../src/bot/paging.js';
import { parseOptions } from '../src/bot/parse-options.js';
import { UserFacingError } from '../src/bot/user-facing-error.js';
import { customId } from '../src/components/custom-id.js';
import { episodeButtons } from '../src/components/episode-buttons.js';
import { plain, truncate } from '../src/render/format.js';
import { localEpisodeLabel, localTitle } from '../src/render/names.js';
import { recordEmbed, recordLine } from '../src/render/record.js';
import { RATING_STATES } from '../src/service/index.js';
import { episodeChoices, resolveEpisode } from './catalogue/episodes.js';
import { nextEpisodeOf } from './catalogue/next-episode.js';
import { resolveWork, workChoices } from './catalogue/works.js';

const listOptions = z.object({
  work: z.string().min(1, 'reason.required'),
  episode: z.string().min(1, 'reason.required'),
  has_comment: z.boolean().optional(),
  sort: z.enum(['likes', 'newest']).default('newest'),
});

/** Discord caps a string option at 6,000 characters, well below the service's own limit. */
const MAX_COMMENT = 6000;
/** The deprecated numeric rating; people rate with `rating_state` today. */
const rating = z.number().min(0, 'reason.rating').max(5, 'reason.rating');
const ratingState = z.enum(RATING_STATES, 'reason.ratingState');
const comment = z.string().trim().max(MAX_COMMENT);
const shareFlags = { share_microblog: z.boolean().optional(), share_network: z.boolean().optional() };

const postOptions = z.object({
  work: z.string().min(1, 'reason.required'),
  /** Left out: the next episode the person has not recorded (catalogue/next-episode.ts). */
  episode: z.string().trim().min(1, 'reason.required').optional(),
  rating_state: ratingState.optional(),
  rating: rating.optional(),
  comment: comment.optional(),
  ...shareFlags,
});

const editOptions = z.object({
  id: z.number().int().positive(),
  rating_state: ratingState.optional(),
  rating: rating.optional(),
  comment: comment.optional(),
  ...shareFlags,
});

const deleteOptions = z.object({ id: z.number().int().positive() });

const recordListQuery = z.object({
  episodeId: z.number().int().positive(),
  title: z.string(),
  hasComment: z.boolean().optional(),
  sort: z.enum(['likes', 'newest']),
});

const recordList = pagedList({
  query: recordListQuery,
  async fetchPage(ctx, query, page) {
    const call = await ctx.catalogueCall();
    const perPage = ctx.settings.pageSize;
    const result = await ctx.service.records(
      {
        filter_episode_id: query.episodeId,
        ...(query.hasComment === undefined ? {} : { filter_has_record_comment: query.hasComment }),
        ...(query.sort === 'likes' ? { sort_likes_count: 'desc' as const } : { sort_id: 'desc' as const }),
        page,
        per_page: perPage,
        fields: ['id', 'comment', 'rating', 'rating_state', 'likes_count', 'created_at', 'user.username'],
      },
      call,
    );
    return viewOf(
      result,
      page,
      perPage,
      {
        title: truncate(ctx.t('record.listTitleFor', { title: query.title }), 256),
        description: pageLines(
          ctx,
          result.items.map((record) => recordLine(record, ctx.t)),
        ),
      },
      { emptyText: ctx.t('empty.records') },
    );
  },
});

const commentOption = () =>
  stringOption(
    'comment',
    'コメント',
    { en: 'Your comment (shown behind a spoiler)', ja: 'コメント（ネタバレ防止で隠して表示）' },
    {
      maxLength: MAX_COMMENT,
    },
  );
/** The service's own words for the four levels (its Japanese UI says 良くない/普通/良い/とても良い). */
const ratingStateOption = () =>
  stringOption(
    'rating_state',
    'レーティング',
    { en: 'Your rating', ja: 'あなたの評価' },
    {
      choices: [
        { value: 'great', name: { en: 'Great', ja: 'とても良い' } },
        { value: 'good', name: { en: 'Good', ja: '良い' } },
        { value: 'average', name: { en: 'Average', ja: '普通' } },
        { value: 'bad', name: { en: 'Bad', ja: '良くない' } },
      ],
    },
  );
const ratingOption = () =>
  numberOption(
    'rating',
    '評価',
    {
      en: 'Legacy numeric rating, 0 to 5 (shown only without a rating_state)',
      ja: '旧形式の数値評価 0〜5（レーティングがないときだけ表示）',
    },
    { min: 0, max: 5 },
  );
/**
 * The service's share flags: `share_microblog` is its Twitter (X) share, `share_network` its Facebook
 * share, both done from the person's own service settings (the public service may ignore them).
 */
const shareOptions = () => [
  booleanOption('share_microblog', 'x共有', {
    en: 'Also post it to X (Twitter), if your linked account is connected to X',
    ja: 'X（Twitter）連携を設定していれば、X にも投稿',
  }),
  booleanOption('share_network', 'facebook共有', {
    en: 'Also post it to Facebook, if your linked account is connected to Facebook',
    ja: 'Facebook 連携を設定していれば、Facebook にも投稿',
  }),
];
/** `/record post`'s episode: optional, and left out it means the next one not yet recorded. */
const nextEpisodeOption = () => ({
  ...episodeOption(false),
  description: 'The episode (leave out for the next one you have not recorded)',
  description_localizations: { ja: 'エピソード（省略すると未記録の次の話）' },
});
const idOption = () =>
  integerOption(
    'id',
    'id',
    { en: 'The record id (shown in lists)', ja: '記録の ID（一覧に表示）' },
    { required: true, min: 1 },
  );

/** The episode given, or the next one the person has not recorded; asks when neither is known. */
async function episodeToRecord(ctx: Context, workId: number, given: string | undefined) {
  if (given) return { episode: await resolveEpisode(ctx, workId, given), next: false };
  const account = await ctx.linkedAccount();
  const found = account && (await nextEpisodeOf(ctx, workId, account.serviceUserId, await ctx.ownCall()));
  if (!found) throw new UserFacingError('record.whichEpisode');
  return { episode: found.episode, next: true };
}

async function post(ctx: Context, raw: CommandInput['options']): Promise<MessageReply> {
  const options = parseOptions(postOptions, raw);
  const call = await ctx.ownCall('write');
  const work = await resolveWork(ctx, options.work);
  const { episode, next } = await episodeToRecord(ctx, work.id, options.episode);
  const record = await ctx.service.createRecord(
    {
      episode_id: episode.id,
      ...(options.comment ? { comment: options.comment } : {}),
      ...(options.rating_state ? { rating_state: options.rating_state } : {}),
      ...(options.rating !== undefined ? { rating: options.rating } : {}),
      share_microblog: options.share_microblog ?? false,
      share_network: options.share_network ?? false,
    },
    call,
  );
  // The reply shows what was recorded even if the service's answer leaves nested objects out.
  const shown = {
    ...record,
    work: record.work?.title ? record.work : work,
    episode: record.episode?.id ? record.episode : episode,
  };
  // Without an `episode` option the reply names the episode kiroku chose.
  const content = next
    ? ctx.t('record.recordedNext', { episode: plain(localEpisodeLabel(shown.episode, ctx.t)) })
    : undefined;
  return {
    kind: 'message',
    ephemeral: false,
    ...(content ? { content } : {}),
    embeds: [recordEmbed(shown, ctx.t)],
    // Friends reading the post can record the same episode, or move to its neighbours.
    components: episodeButtons(work.id, episode, ctx.t),
  };
}

/**
 * The service replaces comment, rating_state and rating on edit (one left out is cleared), so the
 * current record is read first and only what the user gave is changed. Someone else's record is
 * "not found".
 */
async function edit(ctx: Context, raw: CommandInput['options']): Promise<MessageReply> {
  const options = parseOptions(editOptions, raw);
  const changes = [
    options.rating_state,
    options.rating,
    options.comment,
    options.share_microblog,
    options.share_network,
  ];
  if (changes.every((value) => value === undefined)) throw new UserFacingError('record.nothingToEdit');
  const call = await ctx.ownCall('write');
  const account = await ctx.linkedAccount();
  const found = await ctx.service.records(
    { filter_ids: [options.id], fields: ['id', 'comment', 'rating', 'rating_state', 'user.id'] },
    call,
  );
  const current = found.items[0];
  if (!current || current.user?.id !== account?.serviceUserId) throw new UserFacingError('error.notFound');
  const ratingState = options.rating_state ?? current.rating_state;
  const rating = options.rating ?? current.rating;
  const record = await ctx.service.editRecord(
    {
      id: options.id,
      comment: options.comment ?? current.comment ?? '',
      ...(ratingState ? { rating_state: ratingState } : {}),
      ...(typeof rating === 'number' ? { rating } : {}),
      share_microblog: options.share_microblog ?? false,
      share_network: options.share_network ?? false,
    },
    call,
  );
  return { kind: 'message', ephemeral: true, content: ctx.t('record.edited', { id: record.id }) };
}

/** "Delete your record of <work> <episode>?", read with the person's own token (someone else's is not found). */
async function deleteConfirmation(ctx: Context, raw: CommandInput['options']): Promise<MessageReply> {
  const { id } = parseOptions(deleteOptions, raw);
  const found = await ctx.service.records(
    {
      filter_ids: [id],
      fields: [
        'id',
        'user.id',
        'work.title',
        'work.title_en',
        'episode.number',
        'episode.number_text',
        'episode.title',
      ],
    },
    await ctx.ownCall(),
  );
  const record = found.items[0];
  const account = await ctx.linkedAccount();
  if (!record || record.user?.id !== account?.serviceUserId) throw new UserFacingError('error.notFound');
  const what = [
    localTitle(record.work, ctx.t),
    record.episode ? localEpisodeLabel(record.episode, ctx.t) : '',
  ]
    .filter(Boolean)
    .join(' ');
  return {
    kind: 'message',
    ephemeral: true,
    content: ctx.t('record.deleteConfirmNamed', { what: truncate(what, 300) }),
    components: [
      {
        type: ComponentType.ActionRow,
        components: [
          {
            type: ComponentType.Button,
            style: ButtonStyle.Danger,
            label: ctx.t('record.deleteButton'),
            custom_id: customId('record', 'delete', id, ctx.user.id),
          },
          {
            type: ComponentType.Button,
            style: ButtonStyle.Secondary,
            label: ctx.t('account.cancelButton'),
            custom_id: customId('record', 'cancel', ctx.user.id),
          },
        ],
      },
    ],
  };
}

export const command = defineCommand({
  definition: slashCommand('record', '記録', { en: 'Viewing records', ja: '視聴記録' }, [
    subcommand('post', '投稿', { en: 'Record an episode you watched', ja: '見たエピソードを記録' }, [
      workOption(),
      nextEpisodeOption(),
      ratingStateOption(),
      ratingOption(),
      commentOption(),
      ...shareOptions(),
    ]),
    subcommand('edit', '編集', { en: 'Change one of your records', ja: '自分の記録を編集' }, [
      idOption(),
      ratingStateOption(),
      ratingOption(),
      commentOption(),
      ...shareOptions(),
    ]),
    subcommand('delete', '削除', { en: 'Delete one of your records', ja: '自分の記録を削除' }, [idOption()]),
    subcommand(
      'list',
      '一覧',
      { en: 'Records others posted for an episode', ja: 'エピソードへのみんなの記録' },
      [
        workOption(),
        episodeOption(),
        booleanOption('has_comment', 'コメントあり', {
          en: 'Only records with (or without) a comment',
          ja: 'コメントの有無で絞り込む',
        }),
        stringOption(
          'sort',
          '並び順',
          { en: 'Order', ja: '並び順' },
          {
            choices: [
              { value: 'newest', name: { en: 'Newest first', ja: '新しい順' } },
              { value: 'likes', name: { en: 'Most liked', ja: 'いいねが多い順' } },
            ],
          },
        ),
      ],
    ),
  ]),
  ephemeral: (input) => input.subcommand === 'edit' || input.subcommand === 'delete',

  async execute(ctx, input) {
    if (input.subcommand === 'post') return post(ctx, input.options);
    if (input.subcommand === 'edit') return edit(ctx, input.options);
    if (input.subcommand === 'delete') return deleteConfirmation(ctx, input.options);
    const options = parseOptions(listOptions, input.options);
    const work = await resolveWork(ctx, options.work);
    const episode = await resolveEpisode(ctx, work.id, options.episode);
    return ctx.pager.open(ctx, 'record/list', {
      episodeId: episode.id,
      title: `${localTitle(work, ctx.t)} ${localEpisodeLabel(episode, ctx.t)}`,
      hasComment: options.has_comment,
      sort: options.sort,
    });
  },

  async autocomplete(ctx, input) {
    if (input.focused.name === 'work') return workChoices(ctx, input.focused.value);
    if (input.focused.name === 'episode') {
      const work = input.options.work;
      return episodeChoices(ctx, typeof work === 'string' ? work : undefined, input.focused.value);
    }
    return [];
  },

  components: {
    cancel: {
      answers: 'update',
      async handle(ctx, input) {
        if (input.args[0] !== ctx.user.id) throw new UserFacingError('error.notYourComponent');
        return { kind: 'update', content: ctx.t('account.cancelled'), components: [] };
      },
    },
    delete: {
      answers: 'update',
      async handle(ctx, input) {
        const [id, owner] = input.args;
        if (owner !== ctx.user.id) throw new UserFacingError('error.notYourComponent');
        const recordId = z.coerce.number().int().positive().parse(id);
        await ctx.service.deleteRecord({ id: recordId }, await ctx.ownCall('write'));
        return { kind: 'update', content: ctx.t('record.deleted', { id: recordId }), components: [] };
      },
    },
  },

  lists: { list: recordList },
});
