/** GET /v1/casts and GET /v1/staffs: filter_ids, filter_work_id, sort_id, sort_sort_number (casts_index_params.rb). */
import { type ApiContext, type Handler, listResponse } from './listing.js';
import type { JsonObject } from './render.js';
import { renderCast, renderStaff } from './render-credits.js';

/** One credit list: filtered by ids and work, ordered by id or by the work's own order. */
function creditList<T extends { id: number; workId: number; sortNumber: number }>(
  key: string,
  table: (ctx: ApiContext) => ReadonlyMap<number, T>,
  render: (ctx: ApiContext, row: T) => JsonObject,
): Handler {
  return (ctx) => {
    const ids = ctx.params.intList('filter_ids');
    const workId = ctx.params.int('filter_work_id', { min: 1 });
    const rows = [...table(ctx).values()].filter(
      (row) => (!ids || ids.includes(row.id)) && (workId === undefined || row.workId === workId),
    );
    return listResponse(ctx, key, rows, (row) => render(ctx, row), [
      { param: 'sort_sort_number', value: (row) => row.sortNumber },
    ]);
  };
}

export const creditHandlers = {
  casts: creditList(
    'casts',
    (ctx) => ctx.data.credits.casts,
    (ctx, cast) => renderCast(ctx.data, cast),
  ),
  staffs: creditList(
    'staffs',
    (ctx) => ctx.data.credits.staffs,
    (ctx, staff) => renderStaff(ctx.data, staff),
  ),
} satisfies Record<string, Handler>;
