/** GET /v1/casts and GET /v1/staffs: filter_ids, filter_work_id, sort_id, sort_sort_number (casts_index_params.rb). */
import { type ApiContext, type Handler, listResponse } from './listing.js';
import { renderCast, renderStaff } from './render-credits.js';

function filtered<T extends { id: number; workId: number }>(ctx: ApiContext, rows: Iterable<T>): T[] {
  const ids = ctx.params.intList('filter_ids');
  const workId = ctx.params.int('filter_work_id', { min: 1 });
  return [...rows].filter(
    (row) => (!ids || ids.includes(row.id)) && (workId === undefined || row.workId === workId),
  );
}

const casts: Handler = (ctx) =>
  listResponse(
    ctx,
    'casts',
    filtered(ctx, ctx.data.credits.casts.values()),
    (cast) => renderCast(ctx.data, cast),
    [{ param: 'sort_sort_number', value: (cast) => cast.sortNumber }],
  );

const staffs: Handler = (ctx) =>
  listResponse(
    ctx,
    'staffs',
    filtered(ctx, ctx.data.credits.staffs.values()),
    (staff) => renderStaff(ctx.data, staff),
    [{ param: 'sort_sort_number', value: (staff) => staff.sortNumber }],
  );

export const creditHandlers = { casts, staffs } satisfies Record<string, Handler>;
