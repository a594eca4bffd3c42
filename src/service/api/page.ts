/** The list wrapper of every list operation, parsed item by item. */
import { z } from 'zod';

/** One page of a list operation. */
export interface Page<T> {
  items: T[];
  totalCount: number;
  nextPage: number | null;
  prevPage: number | null;
  /** Items the service sent that did not parse and were left out (absent when none). */
  skipped?: SkippedItem[];
}

const pageNumber = z
  .union([z.number().int(), z.string()])
  .nullish()
  .transform((value) => {
    if (value === null || value === undefined || value === '') return null;
    const n = typeof value === 'number' ? value : Number(value);
    return Number.isInteger(n) ? n : null;
  });

/** A list item that did not parse and was left out of its page. */
export interface SkippedItem {
  /** Position in the list as sent. */
  index: number;
  /** Where inside the item it failed (field names and indexes only, never values). */
  path: string;
  /** zod's issue code, e.g. `invalid_type`. */
  code: string;
}

/**
 * Where an item failed: a union (an activity) reports only "no branch fitted" at its root, so the
 * first branch's own issue is followed down to the field that did not fit.
 */
function innermostIssue(
  issue: z.core.$ZodIssue,
  prefix: readonly PropertyKey[] = [],
): Omit<SkippedItem, 'index'> {
  const path = [...prefix, ...issue.path];
  if (issue.code === 'invalid_union') {
    const inner = issue.errors.find((branch) => branch.length > 0)?.[0];
    if (inner) return innermostIssue(inner, path);
  }
  return { path: path.map(String).join('.'), code: issue.code };
}

/**
 * The list wrapper `{ <key>: [...], total_count, next_page, prev_page }` turned into a Page.
 * One malformed item never fails the page: it is left out and described in `skipped` (the client
 * logs and counts it). A missing or non-array list still fails the whole page.
 */
export function pageSchema<T extends z.ZodType>(key: string, item: T): z.ZodType<Page<z.output<T>>> {
  return z
    .looseObject({ total_count: z.number().int().nullish(), next_page: pageNumber, prev_page: pageNumber })
    .transform((wrapper, ctx): Page<z.output<T>> => {
      const list = (wrapper as Readonly<Record<string, unknown>>)[key];
      if (!Array.isArray(list)) {
        ctx.addIssue({ code: 'custom', message: 'expected a list', path: [key] });
        return z.NEVER;
      }
      const items: z.output<T>[] = [];
      const skipped: SkippedItem[] = [];
      list.forEach((raw: unknown, index) => {
        const parsed = item.safeParse(raw);
        if (parsed.success) {
          items.push(parsed.data);
          return;
        }
        const issue = parsed.error.issues[0];
        skipped.push({ index, ...(issue ? innermostIssue(issue) : { path: '', code: 'invalid' }) });
      });
      return {
        items,
        totalCount: wrapper.total_count ?? list.length,
        nextPage: wrapper.next_page,
        prevPage: wrapper.prev_page,
        ...(skipped.length > 0 ? { skipped } : {}),
      };
    });
}
