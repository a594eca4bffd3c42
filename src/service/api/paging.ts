/**
 * Walking a list: increasing page numbers with a fixed per_page and sort_id (the spec), stopping
 * when next_page is null or a page comes back empty (the service keeps saying page+1 past the
 * end), and after a safety number of pages.
 */
import type { Page } from './schemas.js';

export interface WalkOptions {
  /** Fixed page size (default 50, the service's maximum). */
  perPage?: number;
  /** First page (default 1). */
  startPage?: number;
  /** Safety stop (default 100 pages). */
  maxPages?: number;
  /** Told when the safety stop ends a walk that still had pages left (never silently partial). */
  onTruncated?: () => void;
}

export const DEFAULT_WALK_PER_PAGE = 50;
export const DEFAULT_WALK_MAX_PAGES = 100;

export async function* walkPages<T>(
  fetchPage: (page: number) => Promise<Page<T>>,
  options: Pick<WalkOptions, 'startPage' | 'maxPages' | 'onTruncated'> = {},
): AsyncGenerator<Page<T>, void, undefined> {
  const startPage = options.startPage ?? 1;
  const maxPages = options.maxPages ?? DEFAULT_WALK_MAX_PAGES;
  for (let page = startPage; page < startPage + maxPages; page += 1) {
    const result = await fetchPage(page);
    // Empty past the end; a page whose items were all malformed (skipped) is not the end.
    if (result.items.length === 0 && result.skipped === undefined) return;
    yield result;
    if (result.nextPage === null) return;
  }
  options.onTruncated?.();
}

export async function* walkItems<T>(
  fetchPage: (page: number) => Promise<Page<T>>,
  options: Pick<WalkOptions, 'startPage' | 'maxPages' | 'onTruncated'> = {},
): AsyncGenerator<T, void, undefined> {
  for await (const page of walkPages(fetchPage, options)) yield* page.items;
}
