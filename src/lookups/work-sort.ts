import { z } from 'zod';
import { stringOption } from '../bot/definition.js';
import type { SortOrder } from '../service/index.js';

export const workSortSchema = z.enum(['watchers', 'season', 'id']).default('id');
export type WorkSort = z.infer<typeof workSortSchema>;

type WorkSortParams = { sort_watchers_count?: SortOrder; sort_season?: SortOrder; sort_id?: SortOrder };

/**
 * The `sort` option of work lists (`/work search`, `/library`) as service parameters. One sort at
 * a time: sent beside another sort, sort_id would win.
 */
export const WORK_SORTS: Record<WorkSort, WorkSortParams> = {
  watchers: { sort_watchers_count: 'desc' },
  season: { sort_season: 'desc' },
  id: { sort_id: 'asc' },
};

export const workSortOption = () =>
  stringOption(
    'sort',
    '並び順',
    { en: 'Order of the results', ja: '結果の並び順' },
    {
      choices: [
        { value: 'watchers', name: { en: 'Most watched', ja: '視聴者が多い順' } },
        { value: 'season', name: { en: 'Newest season', ja: '新しいシーズン順' } },
        { value: 'id', name: { en: 'Oldest entry first', ja: '登録順' } },
      ],
    },
  );
