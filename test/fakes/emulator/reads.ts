import { inUnwatchedBacklog } from './chosen-channels.js';
import { rowsOf } from './data-index.js';
import {
  type ApiContext,
  containsText,
  type Handler,
  listResponse,
  matchesSeason,
  type SortKey,
  seasonSortValue,
  single,
} from './listing.js';
import type { ActivityAction, StatusKind, UserRow, WorkRow } from './model.js';
import {
  renderActivity,
  renderFullRecord,
  renderListedEpisode,
  renderMe,
  renderPerson,
  renderProgram,
  renderUser,
  renderWork,
} from './render.js';

const FILTER_STATUSES: readonly Exclude<StatusKind, 'no_select'>[] = [
  'wanna_watch',
  'watching',
  'watched',
  'on_hold',
  'stop_watching',
];
const ACTIONS: readonly ActivityAction[] = [
  'create_record',
  'create_multiple_records',
  'create_status',
  'create_review',
];

function workSorts(ctx: ApiContext): SortKey<WorkRow>[] {
  return [
    { param: 'sort_season', value: (w) => seasonSortValue(w.season) },
    { param: 'sort_watchers_count', value: (w) => ctx.data.watchersCount(w) },
  ];
}

/** The filters works and my_works share. */
function filterWorks(ctx: ApiContext, works: WorkRow[]): WorkRow[] {
  const ids = ctx.params.intList('filter_ids');
  const season = ctx.params.season('filter_season');
  const title = ctx.params.str('filter_title');
  return works.filter(
    (w) =>
      (!ids || ids.includes(w.id)) &&
      (!season || matchesSeason(w.season, season)) &&
      (title === undefined || containsText(title, w.title, w.titleKana)),
  );
}

const works: Handler = (ctx) => {
  const items = filterWorks(ctx, [...ctx.data.works.values()]);
  return listResponse(ctx, 'works', items, (w) => renderWork(ctx.data, w), workSorts(ctx));
};

const episodes: Handler = (ctx) => {
  const ids = ctx.params.intList('filter_ids');
  const workId = ctx.params.int('filter_work_id');
  const items = [...ctx.data.episodes.values()].filter(
    (e) => (!ids || ids.includes(e.id)) && (workId === undefined || e.workId === workId),
  );
  return listResponse(ctx, 'episodes', items, (e) => renderListedEpisode(ctx.data, e), [
    { param: 'sort_sort_number', value: (e) => e.sortNumber },
  ]);
};

const people: Handler = (ctx) => {
  const ids = ctx.params.intList('filter_ids');
  const name = ctx.params.str('filter_name');
  const items = [...ctx.data.people.values()].filter(
    (p) => (!ids || ids.includes(p.id)) && (name === undefined || containsText(name, p.name, p.nameKana)),
  );
  return listResponse(ctx, 'people', items, (p) => renderPerson(ctx.data, p));
};

const records: Handler = (ctx) => {
  const ids = ctx.params.intList('filter_ids');
  const episodeId = ctx.params.int('filter_episode_id');
  const hasComment = ctx.params.bool('filter_has_record_comment');
  const items = [...ctx.data.records.values()].filter(
    (r) =>
      (!ids || ids.includes(r.id)) &&
      (episodeId === undefined || r.episodeId === episodeId) &&
      (hasComment === undefined || (r.comment !== '') === hasComment),
  );
  return listResponse(ctx, 'records', items, (r) => renderFullRecord(ctx.data, r), [
    { param: 'sort_likes_count', value: (r) => r.likesCount },
  ]);
};

const searchUsers: Handler = (ctx) => {
  const ids = ctx.params.intList('filter_ids');
  const usernames = ctx.params.strList('filter_usernames');
  const items = [...ctx.data.users.values()].filter(
    (u) => (!ids || ids.includes(u.id)) && (!usernames || usernames.includes(u.username)),
  );
  return listResponse(ctx, 'users', items, (u) => renderUser(ctx.data, u));
};

/** filter_user_id / filter_username: the user a social list is about (null = no such user). */
function subjectUser(ctx: ApiContext): UserRow | null | undefined {
  const userId = ctx.params.int('filter_user_id');
  const username = ctx.params.str('filter_username');
  if (userId !== undefined) {
    const user = ctx.data.users.get(userId);
    if (!user || (username !== undefined && user.username !== username)) return null;
    return user;
  }
  if (username !== undefined) return ctx.data.userByUsername(username) ?? null;
  return undefined;
}

/**
 * `filter_actions` is validated as ONE value (an inclusion check on the whole string), so a
 * comma list such as `create_record,create_status` is refused with 400, as on the service.
 */
function actionFilter(ctx: ApiContext): ActivityAction | undefined {
  return ctx.params.oneOf('filter_actions', ACTIONS);
}

const activities: Handler = (ctx) => {
  const subject = subjectUser(ctx);
  const action = actionFilter(ctx);
  const items = [...ctx.data.activities.values()].filter(
    (a) =>
      (subject === undefined || (subject !== null && a.userId === subject.id)) &&
      (action === undefined || a.action === action),
  );
  return listResponse(ctx, 'activities', items, (a) => renderActivity(ctx.data, a));
};

/** followers of X = users who follow X; without a filter, everyone who follows someone. */
const followers: Handler = (ctx) => {
  const subject = subjectUser(ctx);
  const items = [...ctx.data.users.values()].filter((u) => {
    const follows = ctx.data.followings.get(u.id);
    if (!follows) return false;
    if (subject === undefined) return follows.size > 0;
    return subject !== null && follows.has(subject.id);
  });
  return listResponse(ctx, 'users', items, (u) => renderUser(ctx.data, u));
};

/** following of X = users X follows; without a filter, everyone followed by someone. */
const following: Handler = (ctx) => {
  const subject = subjectUser(ctx);
  const items = [...ctx.data.users.values()].filter((u) => {
    if (subject === undefined) return [...ctx.data.followings.values()].some((set) => set.has(u.id));
    return subject !== null && ctx.data.isFollowing(subject.id, u.id);
  });
  return listResponse(ctx, 'users', items, (u) => renderUser(ctx.data, u));
};

const me: Handler = (ctx) => single(ctx, renderMe(ctx.data, ctx.user));

/** Activities of the users the caller follows, and the caller's own; muted users left out by default. */
const followingActivities: Handler = (ctx) => {
  const action = actionFilter(ctx);
  const excludeMuted = ctx.params.bool('filter_muted') ?? true;
  const followed = ctx.data.followings.get(ctx.user.id) ?? new Set<number>();
  const muted = ctx.data.mutes.get(ctx.user.id) ?? new Set<number>();
  const items = rowsOf(ctx.data.activities, ctx.data.activitiesByUser, [ctx.user.id, ...followed]).filter(
    (a) => !(excludeMuted && muted.has(a.userId)) && (action === undefined || a.action === action),
  );
  return listResponse(ctx, 'activities', items, (a) => renderActivity(ctx.data, a));
};

const myWorks: Handler = (ctx) => {
  const status = ctx.params.oneOf('filter_status', FILTER_STATUSES);
  const mine = ctx.data.statuses.get(ctx.user.id) ?? new Map<number, StatusKind>();
  const candidates = [...ctx.data.works.values()].filter((w) => {
    const kind = mine.get(w.id);
    return kind !== undefined && kind !== 'no_select' && (status === undefined || kind === status);
  });
  const items = filterWorks(ctx, candidates);
  return listResponse(
    ctx,
    'works',
    items,
    (w) => ({ ...renderWork(ctx.data, w), status: { kind: mine.get(w.id) ?? 'no_select' } }),
    workSorts(ctx),
  );
};

/** The caller's schedule: programs of works marked wanna_watch or watching. */
const myPrograms: Handler = (ctx) => {
  const p = ctx.params;
  const ids = p.intList('filter_ids');
  const channelIds = p.intList('filter_channel_ids');
  const workIds = p.intList('filter_work_ids');
  const after = p.datetime('filter_started_at_gt');
  const before = p.datetime('filter_started_at_lt');
  const unwatched = p.bool('filter_unwatched');
  const rebroadcast = p.bool('filter_rebroadcast');
  const mine = ctx.data.statuses.get(ctx.user.id);
  const items = [...ctx.data.programs.values()].filter((program) => {
    const kind = mine?.get(program.workId);
    if (kind !== 'wanna_watch' && kind !== 'watching') return false;
    if (ids && !ids.includes(program.id)) return false;
    if (channelIds && !channelIds.includes(program.channelId)) return false;
    if (workIds && !workIds.includes(program.workId)) return false;
    const t = program.startedAt.getTime();
    if (after && !(t > after.getTime())) return false;
    if (before && !(t < before.getTime())) return false;
    if (rebroadcast !== undefined && program.isRebroadcast !== rebroadcast) return false;
    if (unwatched === true && !inUnwatchedBacklog(ctx.data, program, ctx.user.id)) return false;
    return true;
  });
  return listResponse(ctx, 'programs', items, (program) => renderProgram(ctx.data, program), [
    { param: 'sort_started_at', value: (program) => program.startedAt.getTime() },
  ]);
};

export const readHandlers = {
  works,
  episodes,
  people,
  records,
  searchUsers,
  activities,
  followers,
  following,
  me,
  followingActivities,
  myWorks,
  myPrograms,
} satisfies Record<string, Handler>;
