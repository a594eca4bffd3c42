/**
 * The daily refresh of the title index: this season, the coming one and the two before, the most
 * watched first, in pages of 50 and at most three pages a season (so at most 12 requests a day).
 * The calls go at the feed's priority on the operator's token: after every person's call, inside the
 * feed's floor, so the refresh never goes ahead of people. Without an operator token there is no
 * refresh; the index then fills from the pages people open.
 */

import type { Logger } from '../../logger.js';
import type { ServiceClient } from '../../service/index.js';
import type { TitleIndex } from '../../titles/title-index.js';
import { recentSeasons } from './seasons.js';

/** Works a page: the service's largest. */
export const REFRESH_PAGE_SIZE = 50;
/** Pages a season at most: the 150 most watched works of a season are the ones people look for. */
export const REFRESH_PAGES_PER_SEASON = 3;
/** A refresh is due this long after the last one (whichever process made it). */
export const REFRESH_EVERY_MS = 24 * 60 * 60 * 1000;

export interface TitleRefreshOptions {
  index: TitleIndex;
  service: ServiceClient;
  /** The operator's token (SERVICE_TOKEN); undefined: no refresh. */
  token: string | undefined;
  logger: Logger;
  now: () => Date;
}

export interface TitleRefreshReport {
  requests: number;
  works: number;
}

export class TitleRefresh {
  constructor(private readonly options: TitleRefreshOptions) {}

  /** Refreshes when the last refresh is a day old (or there was none). */
  async refreshIfDue(): Promise<TitleRefreshReport | undefined> {
    const last = await this.options.index.refreshedAt();
    if (last && this.options.now().getTime() - last.getTime() < REFRESH_EVERY_MS) return undefined;
    const report = await this.refresh();
    this.options.logger.debug(report, 'titles: English title index refreshed');
    return report;
  }

  /** One refresh: each season's pages until one is the last, then the marker. */
  async refresh(): Promise<TitleRefreshReport> {
    const { index, service, token, now } = this.options;
    const report = { requests: 0, works: 0 };
    if (!token) return report;
    for (const season of recentSeasons(now())) {
      for (let page = 1; page <= REFRESH_PAGES_PER_SEASON; page++) {
        const result = await service.works(
          {
            filter_season: season,
            sort_watchers_count: 'desc',
            per_page: REFRESH_PAGE_SIZE,
            page,
            fields: ['id', 'title', 'title_en', 'season_name', 'season_name_text', 'watchers_count'],
          },
          { token, priority: 'poll' },
        );
        report.requests++;
        report.works += await index.note(result.items, { refresh: true });
        if (result.nextPage === null || result.items.length < REFRESH_PAGE_SIZE) break;
      }
    }
    await index.markRefreshed();
    return report;
  }
}
