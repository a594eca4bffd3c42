import { randomBytes } from 'node:crypto';
import { CreditTables } from './data-credits.js';
import { IdSequence, RowIndex, rowsOf } from './data-index.js';
import { reviewsByUser, storeReview } from './data-reviews.js';
import {
  type DistributiveOmit,
  episodeRow,
  type NewEpisode,
  type NewPerson,
  type NewProgram,
  type NewRecord,
  type NewReview,
  type NewUser,
  type NewWork,
  personRow,
  programRow,
  recordRow,
  userRow,
  workRow,
} from './data-rows.js';
import type {
  ActivityRow,
  AuthorizationCodeRow,
  ChannelRow,
  EpisodeRow,
  OAuthClientRow,
  PersonRow,
  ProgramRow,
  RecordRow,
  ReviewRow,
  Scope,
  StatusKind,
  TokenRow,
  UserRow,
  WorkRow,
} from './model.js';

/** Authorization codes live this long (seconds), as on the public service. */
export const AUTHORIZATION_CODE_TTL_SECONDS = 600;

/**
 * The in-memory model of the service. Tests use the create/issue/follow helpers directly;
 * the HTTP handlers use the same methods, so both paths keep counts and activities consistent.
 */
export class EmulatorData {
  readonly users = new Map<number, UserRow>();
  readonly works = new Map<number, WorkRow>();
  readonly episodes = new Map<number, EpisodeRow>();
  readonly records = new Map<number, RecordRow>();
  readonly people = new Map<number, PersonRow>();
  readonly channels = new Map<number, ChannelRow>();
  readonly programs = new Map<number, ProgramRow>();
  readonly activities = new Map<number, ActivityRow>();
  /** Reviews of whole works; edits and deletion in data-reviews.ts. */
  readonly reviews = new Map<number, ReviewRow>();
  /** Casts and staffs of works, with their characters and organizations. */
  readonly credits = new CreditTables(this.works, this.people);
  /** activities and records by user, records by episode (kept by the methods below). */
  readonly activitiesByUser = new RowIndex();
  readonly recordsByUser = new RowIndex();
  readonly recordsByEpisode = new RowIndex();
  /** userId -> (workId -> kind); no_select is stored as absence. */
  readonly statuses = new Map<number, Map<number, StatusKind>>();
  /** userId -> (workId -> the broadcast channel its library entry chose): chosen-channels.ts. */
  readonly chosenChannels = new Map<number, Map<number, number>>();
  /** follower id -> ids it follows. */
  readonly followings = new Map<number, Set<number>>();
  /** muter id -> ids it muted. */
  readonly mutes = new Map<number, Set<number>>();
  readonly tokens = new Map<string, TokenRow>();
  readonly authorizationCodes = new Map<string, AuthorizationCodeRow>();
  readonly oauthClients = new Map<string, OAuthClientRow>();
  /** Username the test-mode authorize page approves as when no `?user=` is given. */
  oauthDefaultUsername = 'alice';
  private nowSource: () => Date;
  /** Each table's ids (data-reviews.ts takes reviews' from here too). */
  readonly ids = new IdSequence();

  constructor(now: () => Date = () => new Date()) {
    this.nowSource = now;
  }

  now(): Date {
    return this.nowSource();
  }

  setNow(now: Date | (() => Date)): void {
    this.nowSource = typeof now === 'function' ? now : () => new Date(now.getTime());
  }

  // ---- catalogue and users -------------------------------------------------------------

  createUser(input: NewUser): UserRow {
    const user = userRow(this.ids.next('users', input.id), input, this.now());
    this.users.set(user.id, user);
    return user;
  }

  userByUsername(username: string): UserRow | undefined {
    for (const user of this.users.values()) if (user.username === username) return user;
    return undefined;
  }

  createWork(input: NewWork): WorkRow {
    const work = workRow(this.ids.next('works', input.id), input);
    this.works.set(work.id, work);
    return work;
  }

  createEpisode(input: NewEpisode): EpisodeRow {
    this.requireWork(input.workId);
    const id = this.ids.next('episodes', input.id);
    const episode = episodeRow(id, input, this.episodesOfWork(input.workId).length);
    this.episodes.set(id, episode);
    return episode;
  }

  /** Episodes of a work in sort_number order. */
  episodesOfWork(workId: number): EpisodeRow[] {
    return [...this.episodes.values()]
      .filter((e) => e.workId === workId)
      .sort((a, b) => a.sortNumber - b.sortNumber || a.id - b.id);
  }

  createPerson(input: NewPerson): PersonRow {
    const person = personRow(this.ids.next('people', input.id), input);
    this.people.set(person.id, person);
    return person;
  }

  createChannel(name: string, id?: number): ChannelRow {
    const channel = { id: this.ids.next('channels', id), name };
    this.channels.set(channel.id, channel);
    return channel;
  }

  createProgram(input: NewProgram): ProgramRow {
    this.requireWork(input.workId);
    if (!this.channels.has(input.channelId)) throw new Error(`no channel ${input.channelId}`);
    const program = programRow(this.ids.next('programs', input.id), input);
    this.programs.set(program.id, program);
    return program;
  }

  // ---- records, statuses, activities ---------------------------------------------------

  createRecord(input: NewRecord): RecordRow {
    this.requireUser(input.userId);
    const episode = this.episodes.get(input.episodeId);
    if (!episode) throw new Error(`no episode ${input.episodeId}`);
    const record = recordRow(this.ids.next('records'), input, episode, this.now());
    this.records.set(record.id, record);
    this.recordsByUser.add(record.userId, record.id);
    this.recordsByEpisode.add(record.episodeId, record.id);
    if (input.activity !== false) {
      this.addActivity({
        action: 'create_record',
        userId: record.userId,
        workId: record.workId,
        episodeId: record.episodeId,
        recordId: record.id,
        createdAt: record.createdAt,
      });
    }
    return record;
  }

  /**
   * Records several episodes of one work at once, with one create_multiple_records activity: old
   * data only (the service has not emitted this action for years); seed it with an old date.
   */
  createMultipleRecords(userId: number, episodeIds: number[], createdAt?: Date): RecordRow[] {
    const at = createdAt ?? this.now();
    const records = episodeIds.map((episodeId) =>
      this.createRecord({ userId, episodeId, createdAt: at, activity: false }),
    );
    const first = records[0];
    if (!first) throw new Error('no episodes given');
    this.addActivity({
      action: 'create_multiple_records',
      userId,
      workId: first.workId,
      recordIds: records.map((r) => r.id),
      createdAt: at,
    });
    return records;
  }

  deleteRecord(recordId: number): boolean {
    const record = this.records.get(recordId);
    if (!record) return false;
    this.records.delete(recordId);
    this.recordsByUser.delete(record.userId, recordId);
    this.recordsByEpisode.delete(record.episodeId, recordId);
    for (const activity of rowsOf(this.activities, this.activitiesByUser, [record.userId])) {
      if (activity.action === 'create_record' && activity.recordId === recordId) {
        this.deleteActivity(activity.id);
      } else if (activity.action === 'create_multiple_records' && activity.recordIds.includes(recordId)) {
        activity.recordIds = activity.recordIds.filter((id) => id !== recordId);
        if (activity.recordIds.length === 0) this.deleteActivity(activity.id);
      }
    }
    return true;
  }

  deleteActivity(activityId: number): void {
    const activity = this.activities.get(activityId);
    if (!activity) return;
    this.activities.delete(activityId);
    this.activitiesByUser.delete(activity.userId, activityId);
  }

  /** Sets (or with no_select clears) a status; adds a create_status activity unless no_select. */
  setStatus(userId: number, workId: number, kind: StatusKind, createdAt?: Date): void {
    this.requireUser(userId);
    this.requireWork(workId);
    let byWork = this.statuses.get(userId);
    if (!byWork) {
      byWork = new Map();
      this.statuses.set(userId, byWork);
    }
    if (kind === 'no_select') {
      byWork.delete(workId);
      // The library entry is gone, and its chosen channel with it.
      this.chosenChannels.get(userId)?.delete(workId);
      return;
    }
    byWork.set(workId, kind);
    this.addActivity({ action: 'create_status', userId, workId, kind, createdAt: createdAt ?? this.now() });
  }

  statusOf(userId: number, workId: number): StatusKind | undefined {
    return this.statuses.get(userId)?.get(workId);
  }

  /** A review of a whole work and its create_review activity (returned); the rest in data-reviews.ts. */
  createReview(input: NewReview): ActivityRow {
    const review = storeReview(this, input);
    const { userId, workId, createdAt } = review;
    return this.addActivity({ action: 'create_review', userId, workId, review, createdAt });
  }

  /** Adds any activity as is (for feed tests). */
  addActivity(activity: DistributiveOmit<ActivityRow, 'id'>): ActivityRow {
    const row = { ...activity, id: this.ids.next('activities') } as ActivityRow;
    this.activities.set(row.id, row);
    this.activitiesByUser.add(row.userId, row.id);
    return row;
  }

  // ---- social ----------------------------------------------------------------------------

  follow(followerId: number, followeeId: number): void {
    this.requireUser(followerId);
    this.requireUser(followeeId);
    setOf(this.followings, followerId).add(followeeId);
  }

  unfollow(followerId: number, followeeId: number): void {
    this.followings.get(followerId)?.delete(followeeId);
  }

  mute(muterId: number, mutedId: number): void {
    this.requireUser(muterId);
    this.requireUser(mutedId);
    setOf(this.mutes, muterId).add(mutedId);
  }

  unmute(muterId: number, mutedId: number): void {
    this.mutes.get(muterId)?.delete(mutedId);
  }

  isFollowing(followerId: number, followeeId: number): boolean {
    return this.followings.get(followerId)?.has(followeeId) ?? false;
  }

  // ---- derived counts ----------------------------------------------------------------------

  watchersCount(work: WorkRow): number {
    let count = work.baseWatchersCount;
    for (const byWork of this.statuses.values()) if (byWork.has(work.id)) count += 1;
    return count;
  }

  userCounts(userId: number): {
    records: number;
    followings: number;
    followers: number;
    byKind: Record<Exclude<StatusKind, 'no_select'>, number>;
  } {
    // A review is one of the user's records too (Record belongs to both on the service).
    const records = this.recordsByUser.ids(userId).size + reviewsByUser(this, userId);
    let followers = 0;
    for (const set of this.followings.values()) if (set.has(userId)) followers += 1;
    const byKind = { wanna_watch: 0, watching: 0, watched: 0, on_hold: 0, stop_watching: 0 };
    for (const kind of this.statuses.get(userId)?.values() ?? []) if (kind !== 'no_select') byKind[kind] += 1;
    return { records, followings: this.followings.get(userId)?.size ?? 0, followers, byKind };
  }

  episodeCounts(episodeId: number): { records: number; comments: number } {
    let records = 0;
    let comments = 0;
    for (const id of this.recordsByEpisode.ids(episodeId)) {
      records += 1;
      if (this.records.get(id)?.comment) comments += 1;
    }
    return { records, comments };
  }

  /** A program is watched by a user when the user has a record on its episode. */
  isProgramWatched(program: ProgramRow, userId: number): boolean {
    if (program.episodeId === null) return false;
    for (const r of rowsOf(this.records, this.recordsByUser, [userId]))
      if (r.episodeId === program.episodeId) return true;
    return false;
  }

  // ---- tokens and OAuth --------------------------------------------------------------------

  /** Issues an access token (a personal access token unless applicationUid is given). */
  issueToken(
    userId: number,
    scopes: Scope[] = ['read', 'write'],
    opts: { token?: string; applicationUid?: string | null } = {},
  ): string {
    this.requireUser(userId);
    const token = opts.token ?? randomBytes(32).toString('base64url');
    this.tokens.set(token, {
      token,
      userId,
      scopes: [...scopes],
      applicationUid: opts.applicationUid ?? null,
      createdAt: this.now(),
      revoked: false,
    });
    return token;
  }

  revokeToken(token: string): boolean {
    const row = this.tokens.get(token);
    if (!row || row.revoked) return false;
    row.revoked = true;
    return true;
  }

  createOAuthClient(input: { id: string; secret: string; name?: string }): OAuthClientRow {
    const client = { id: input.id, secret: input.secret, name: input.name ?? input.id };
    this.oauthClients.set(client.id, client);
    return client;
  }

  /**
   * Mints an authorization code as if the user had approved. Without clientId the first
   * registered client is used; redirectUri defaults to the out-of-band value.
   */
  issueAuthorizationCode(
    userId: number,
    scopes: Scope[] = ['read'],
    opts: { clientId?: string; redirectUri?: string } = {},
  ): string {
    this.requireUser(userId);
    const clientId = opts.clientId ?? this.oauthClients.keys().next().value;
    if (clientId === undefined || !this.oauthClients.has(clientId))
      throw new Error('no OAuth client registered');
    const code = randomBytes(24).toString('base64url');
    this.authorizationCodes.set(code, {
      code,
      userId,
      scopes: [...scopes],
      clientId,
      redirectUri: opts.redirectUri ?? 'urn:ietf:wg:oauth:2.0:oob',
      createdAt: this.now(),
      used: false,
    });
    return code;
  }

  // ---- lookups -------------------------------------------------------------------------------

  requireUser(id: number): UserRow {
    const user = this.users.get(id);
    if (!user) throw new Error(`no user ${id}`);
    return user;
  }

  requireWork(id: number): WorkRow {
    const work = this.works.get(id);
    if (!work) throw new Error(`no work ${id}`);
    return work;
  }
}

function setOf(map: Map<number, Set<number>>, key: number): Set<number> {
  let set = map.get(key);
  if (!set) {
    set = new Set();
    map.set(key, set);
  }
  return set;
}
