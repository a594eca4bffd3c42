/** Scoped variants (spec 4.4): the scope supplies the identifying filter or id. */

import { walkPages } from './api/paging.js';
import type { ListParams, RecordContent, SortOrder } from './api/params.js';
import type { Episode, Page, ServiceRecord, User } from './api/schemas.js';
import type { CallOptions, OperationMethods } from './methods.js';

export type UserScopeParams = Pick<ListParams, 'fields' | 'page' | 'per_page' | 'sort_id'>;
export type WorkEpisodesParams = UserScopeParams & { filter_ids?: number[]; sort_sort_number?: SortOrder };

export interface UserScope {
  followers(params: UserScopeParams, call: CallOptions): Promise<Page<User>>;
  following(params: UserScopeParams, call: CallOptions): Promise<Page<User>>;
}

export interface WorkScope {
  episodes(params: WorkEpisodesParams, call: CallOptions): Promise<Page<Episode>>;
  /** The episode whose `number` (or, failing that, `number_text`) is n; undefined when none. */
  episodeByNumber(n: number, call: CallOptions): Promise<Episode | undefined>;
}

export interface EpisodeScope {
  createRecord(params: RecordContent, call: CallOptions): Promise<ServiceRecord>;
}

export interface RecordScope {
  /** The service replaces the comment: pass the current one to keep it. */
  edit(params: RecordContent, call: CallOptions): Promise<ServiceRecord>;
  delete(call: CallOptions): Promise<true>;
}

export function userScope(
  client: Pick<OperationMethods, 'followers' | 'following'>,
  userId: number,
): UserScope {
  return {
    followers: (params, call) => client.followers({ ...params, filter_user_id: userId }, call),
    following: (params, call) => client.following({ ...params, filter_user_id: userId }, call),
  };
}

const EPISODE_PAGE = 50;

function numberFromText(text: string | null | undefined): number | undefined {
  const match = text?.match(/\d+(?:\.\d+)?/);
  return match ? Number(match[0]) : undefined;
}

export function workScope(client: Pick<OperationMethods, 'episodes'>, workId: number): WorkScope {
  // No sort_id here: when several sorts are sent, sort_id wins on the service.
  const episodePage = (page: number, call: CallOptions) =>
    client.episodes({ filter_work_id: workId, sort_sort_number: 'asc', per_page: EPISODE_PAGE, page }, call);
  const find = (items: Episode[], n: number) =>
    items.find((episode) => episode.number === n) ??
    items.find((episode) => episode.number == null && numberFromText(episode.number_text) === n);
  return {
    episodes: (params, call) => client.episodes({ ...params, filter_work_id: workId }, call),
    async episodeByNumber(n, call) {
      // Episodes usually run 1, 2, 3 ... in sort order: try the page where n should be first.
      const guess = Math.max(1, Math.ceil(n / EPISODE_PAGE));
      const guessed = await episodePage(guess, call);
      const hit = find(guessed.items, n);
      if (hit) return hit;
      if (guess === 1 && guessed.nextPage === null) return undefined;
      const fetchPage = (page: number) =>
        page === guess ? Promise.resolve(guessed) : episodePage(page, call);
      for await (const page of walkPages(fetchPage)) {
        if (page === guessed) continue;
        const found = find(page.items, n);
        if (found) return found;
      }
      return undefined;
    },
  };
}

export function episodeScope(
  client: Pick<OperationMethods, 'createRecord'>,
  episodeId: number,
): EpisodeScope {
  return {
    createRecord: (params, call) => client.createRecord({ ...params, episode_id: episodeId }, call),
  };
}

export function recordScope(
  client: Pick<OperationMethods, 'editRecord' | 'deleteRecord'>,
  recordId: number,
): RecordScope {
  return {
    edit: (params, call) => client.editRecord({ ...params, id: recordId }, call),
    delete: (call) => client.deleteRecord({ id: recordId }, call),
  };
}
