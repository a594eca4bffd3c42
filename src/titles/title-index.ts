/**
 * The local index of the service's English titles: the service's title search matches only the
 * Japanese title and its reading, so "Frieren" is found here. Filled by the daily refresh of recent
 * seasons (src/jobs/titles/refresh.ts) and by every work page kiroku already fetched (no request of
 * its own). Kept in the store, so it survives restarts and every process shares it; each process
 * reads it into memory at most once a minute. Public catalogue data only: nothing in it names a person.
 */
import { z } from 'zod';
import type { Work } from '../service/index.js';
import type { Collection, Store } from '../store/index.js';
import { foldTitle } from './match.js';

export const TITLE_INDEX_COLLECTION = 'title-index';
/**
 * The most works the pages people open add: the refresh's (at most 600 a day) are written even
 * beyond it, so recent seasons are always found; works not seen for 60 days go.
 */
const MAX_INDEXED_WORKS = 3_000;
/** An entry not seen again (refresh or a page) for this long is dropped by the store's sweep. */
const KEEP_MS = 60 * 24 * 60 * 60 * 1000;
/** How stale this process's copy may be: another process's refresh shows here within this. */
const RELOAD_MS = 60_000;
const REFRESHED_KEY = 'refreshed';

const titleEntrySchema = z.object({
  id: z.number().int().positive(),
  title: z.string(),
  titleEn: z.string().min(1),
  season: z.string().nullable(),
  seasonText: z.string().nullable(),
  watchers: z.number().int().nonnegative(),
});
export type TitleEntry = z.infer<typeof titleEntrySchema>;

const refreshedSchema = z.object({ refreshedAt: z.string() });
/** Entries by work id, and one marker of the last refresh (under `refreshed`). */
export const titleRecordSchema = z.union([titleEntrySchema, refreshedSchema]);
type TitleRecord = z.infer<typeof titleRecordSchema>;

function isEntry(record: TitleRecord): record is TitleEntry {
  return 'titleEn' in record;
}

/** The entry a work stands for, or undefined when the service gave no English title. */
export function entryOf(work: Work): TitleEntry | undefined {
  const titleEn = work.title_en?.trim();
  if (!titleEn || !work.id) return undefined;
  return {
    id: work.id,
    title: work.title ?? titleEn,
    titleEn,
    season: work.season_name ?? null,
    seasonText: work.season_name_text ?? null,
    watchers: work.watchers_count ?? 0,
  };
}

/** The work an entry stands for, with the fields search lines and choices read. */
export function workOf(entry: TitleEntry): Work {
  return {
    id: entry.id,
    title: entry.title,
    title_en: entry.titleEn,
    season_name: entry.season,
    season_name_text: entry.seasonText,
    watchers_count: entry.watchers,
  };
}

export class TitleIndex {
  readonly #records: Collection<TitleRecord>;
  readonly #now: () => Date;
  #memory: Map<number, TitleEntry & { folded: string }> = new Map();
  #loadedAt = Number.NEGATIVE_INFINITY;
  #loading: Promise<void> | undefined;
  /** The `note` calls begun and not yet finished (with their store writes). */
  readonly #noting = new Set<Promise<number>>();

  readonly #maxWorks: number;
  readonly #refreshed: boolean;

  /** `refreshed`: a daily refresh fills it (an operator token is configured); else only the pages people open. */
  constructor(store: Store, now: () => Date, { maxWorks = MAX_INDEXED_WORKS, refreshed = true } = {}) {
    this.#records = store.collection(TITLE_INDEX_COLLECTION, titleRecordSchema);
    this.#now = now;
    this.#maxWorks = maxWorks;
    this.#refreshed = refreshed;
  }

  /** Whether its first refresh is still to come (a new install's first minute or two); never without one. */
  async firstRefreshPending(): Promise<boolean> {
    return this.#refreshed && (await this.refreshedAt()) === undefined;
  }

  /**
   * Works whose English title holds `query` (folded), most watched first, at most `limit`;
   * `season` narrows them (`2024-all` is a whole year).
   */
  async match(query: string, limit: number, season?: string): Promise<TitleEntry[]> {
    const wanted = foldTitle(query);
    if (!wanted) return [];
    await this.#fresh();
    const year = /^(\d{4})-all$/.exec(season ?? '')?.[1];
    const inSeason = (entry: TitleEntry) =>
      !season || (year ? entry.season?.startsWith(`${year}-`) === true : entry.season === season);
    return [...this.#memory.values()]
      .filter((entry) => entry.folded.includes(wanted) && inSeason(entry))
      .sort((a, b) => b.watchers - a.watchers || a.id - b.id)
      .slice(0, limit)
      .map(({ folded: _, ...entry }) => entry);
  }

  /**
   * Keeps the English titles of works a page brought (new or changed ones only: no write otherwise);
   * beyond the bound, only the refresh's (`refresh`) are added. This process's copy has them at once;
   * the promise ends with the store's writes (see `settled`), with how many were written.
   */
  note(works: readonly Work[], { refresh = false } = {}): Promise<number> {
    const noting = this.#note(works, refresh);
    this.#noting.add(noting);
    void noting.then(
      () => this.#noting.delete(noting),
      () => this.#noting.delete(noting),
    );
    return noting;
  }

  async #note(works: readonly Work[], refresh: boolean): Promise<number> {
    await this.#fresh();
    const changed: TitleEntry[] = [];
    for (const work of works) {
      const entry = entryOf(work);
      if (!entry) continue;
      const known = this.#memory.get(entry.id);
      // The refresh writes even what is unchanged: that keeps its entries from expiring.
      const same = known && known.titleEn === entry.titleEn && known.watchers === entry.watchers;
      if (same && !refresh) continue;
      if (!known && !refresh && this.#memory.size >= this.#maxWorks) continue;
      this.#memory.set(entry.id, { ...entry, folded: foldTitle(entry.titleEn) });
      changed.push(entry);
    }
    await Promise.all(changed.map((entry) => this.#records.set(String(entry.id), entry, KEEP_MS)));
    return changed.length;
  }

  /** Once every `note` begun has ended, its writes too: the stop waits for it before the store closes. */
  async settled(): Promise<void> {
    await Promise.allSettled([...this.#noting]);
  }

  /** When the last refresh (by any process) ended, or undefined. */
  async refreshedAt(): Promise<Date | undefined> {
    const marker = await this.#records.get(REFRESHED_KEY);
    return marker && !isEntry(marker) ? new Date(marker.refreshedAt) : undefined;
  }

  async markRefreshed(): Promise<void> {
    await this.#records.set(REFRESHED_KEY, { refreshedAt: this.#now().toISOString() });
  }

  /** Reads the store again when this copy is over a minute old (one read at a time). */
  async #fresh(): Promise<void> {
    if (this.#now().getTime() - this.#loadedAt < RELOAD_MS) return;
    this.#loading ??= this.#load().finally(() => {
      this.#loading = undefined;
    });
    await this.#loading;
  }

  async #load(): Promise<void> {
    const memory = new Map<number, TitleEntry & { folded: string }>();
    // A malformed record is passed over by entries() (and set aside at the next start).
    for await (const [, record] of this.#records.entries()) {
      if (isEntry(record)) memory.set(record.id, { ...record, folded: foldTitle(record.titleEn) });
    }
    this.#memory = memory;
    this.#loadedAt = this.#now().getTime();
  }
}
