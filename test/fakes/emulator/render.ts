import type { EmulatorData } from './data.js';
import { reviewsCountOf } from './data-reviews.js';
import type {
  ActivityRow,
  EpisodeRow,
  PersonRow,
  ProgramRow,
  RecordRow,
  ReviewRow,
  SeasonName,
  UserRow,
  WorkRow,
} from './model.js';

export type JsonValue = string | number | boolean | null | JsonValue[] | JsonObject;
export interface JsonObject {
  [key: string]: JsonValue;
}

const SEASON_TEXT: Record<SeasonName, string> = { winter: '冬', spring: '春', summer: '夏', autumn: '秋' };
const MEDIA_TEXT: Record<WorkRow['media'], string> = {
  tv: 'TV',
  ova: 'OVA',
  movie: '映画',
  web: 'Web',
  other: 'その他',
};

/** created_at style: "2017-01-28T23:39:04Z". */
export function isoSeconds(date: Date): string {
  return date.toISOString().replace(/\.\d{3}Z$/, 'Z');
}

/** started_at style: "2017-01-28T15:00:00.000Z". */
export function isoMillis(date: Date): string {
  return date.toISOString();
}

/** In the order of rails/app/views/api/v1/works/_work.jb: the season last, left out without one. */
export function renderWork(data: EmulatorData, work: WorkRow): JsonObject {
  const image = work.imageUrl;
  const out: JsonObject = {
    id: work.id,
    title: work.title,
    title_kana: work.titleKana,
    title_en: work.titleEn,
    media: work.media,
    media_text: MEDIA_TEXT[work.media],
    released_on: work.releasedOn,
    released_on_about: '',
    official_site_url: work.officialSiteUrl,
    wikipedia_url: work.wikipediaUrl,
    twitter_username: work.twitterUsername,
    twitter_hashtag: work.twitterHashtag,
    syobocal_tid: work.syobocalTid,
    mal_anime_id: work.malAnimeId,
    images: {
      recommended_url: image,
      facebook: { og_image_url: image },
      twitter: {
        mini_avatar_url: '',
        normal_avatar_url: '',
        bigger_avatar_url: '',
        original_avatar_url: '',
        image_url: image,
      },
    },
    episodes_count: countEpisodes(data, work.id),
    watchers_count: data.watchersCount(work),
    reviews_count: reviewsCountOf(data, work),
    no_episodes: work.noEpisodes,
  };
  if (work.season) {
    out.season_name = `${work.season.year}-${work.season.name}`;
    out.season_name_text = `${work.season.year}年${SEASON_TEXT[work.season.name]}`;
  }
  return out;
}

function countEpisodes(data: EmulatorData, workId: number): number {
  let n = 0;
  for (const e of data.episodes.values()) if (e.workId === workId) n += 1;
  return n;
}

export function renderEpisode(data: EmulatorData, episode: EpisodeRow): JsonObject {
  const counts = data.episodeCounts(episode.id);
  return {
    id: episode.id,
    number: episode.number,
    number_text: episode.numberText,
    sort_number: episode.sortNumber,
    title: episode.title,
    records_count: counts.records,
    record_comments_count: counts.comments,
  };
}

/** An episode as listed by `episodes`: with its work and neighbours by sort number. */
export function renderListedEpisode(data: EmulatorData, episode: EpisodeRow): JsonObject {
  const siblings = data.episodesOfWork(episode.workId);
  const index = siblings.findIndex((e) => e.id === episode.id);
  const prev = index > 0 ? siblings[index - 1] : undefined;
  const next = siblings[index + 1];
  return {
    ...renderEpisode(data, episode),
    work: renderWork(data, data.requireWork(episode.workId)),
    prev_episode: prev ? renderEpisode(data, prev) : null,
    next_episode: next ? renderEpisode(data, next) : null,
  };
}

export function renderRecord(record: RecordRow): JsonObject {
  return {
    id: record.id,
    comment: record.comment,
    rating: record.rating,
    rating_state: record.ratingState,
    is_modified: record.isModified,
    likes_count: record.likesCount,
    comments_count: record.commentsCount,
    created_at: isoSeconds(record.createdAt),
  };
}

/** A record as listed or written: with its user, work and episode. */
export function renderFullRecord(data: EmulatorData, record: RecordRow): JsonObject {
  const episode = data.episodes.get(record.episodeId);
  return {
    ...renderRecord(record),
    user: renderUser(data, data.requireUser(record.userId)),
    work: renderWork(data, data.requireWork(record.workId)),
    episode: episode ? renderEpisode(data, episode) : null,
  };
}

export function renderUser(data: EmulatorData, user: UserRow): JsonObject {
  const counts = data.userCounts(user.id);
  return {
    id: user.id,
    username: user.username,
    name: user.name,
    description: user.description,
    url: user.url,
    avatar_url: user.avatarUrl,
    background_image_url: user.backgroundImageUrl,
    records_count: counts.records,
    followings_count: counts.followings,
    followers_count: counts.followers,
    wanna_watch_count: counts.byKind.wanna_watch,
    watching_count: counts.byKind.watching,
    watched_count: counts.byKind.watched,
    on_hold_count: counts.byKind.on_hold,
    stop_watching_count: counts.byKind.stop_watching,
    created_at: isoSeconds(user.createdAt),
  };
}

export function renderMe(data: EmulatorData, user: UserRow): JsonObject {
  return { ...renderUser(data, user), email: user.email, notifications_count: user.notificationsCount };
}

/**
 * A person as every view embeds one (rails/app/views/api/v1/people/_person.jb, in its order): the
 * emulator keeps no English url, nickname or account, so those are "". Counts add the credits here.
 */
export function renderPersonFields(data: EmulatorData, person: PersonRow): JsonObject {
  let casts = person.castsCount;
  let staffs = person.staffsCount;
  for (const cast of data.credits.casts.values()) if (cast.personId === person.id) casts += 1;
  for (const staff of data.credits.staffs.values())
    if (staff.resource.type === 'person' && staff.resource.id === person.id) staffs += 1;
  return {
    id: person.id,
    name: person.name,
    name_kana: person.nameKana,
    name_en: person.nameEn,
    nickname: person.nickname,
    nickname_en: '',
    gender_text: person.genderText,
    url: person.url,
    url_en: '',
    wikipedia_url: person.wikipediaUrl,
    wikipedia_url_en: '',
    twitter_username: person.twitterUsername,
    twitter_username_en: '',
    birthday: person.birthday,
    blood_type: person.bloodType,
    height: person.height,
    favorite_people_count: person.favoritePeopleCount,
    casts_count: casts,
    staffs_count: staffs,
  };
}

/** A person as `people` lists one: with the prefecture (rails/app/views/api/v1/people/index.jb). */
export function renderPerson(data: EmulatorData, person: PersonRow): JsonObject {
  return {
    ...renderPersonFields(data, person),
    prefecture: person.prefecture ? { id: person.prefecture.id, name: person.prefecture.name } : null,
  };
}

export function renderProgram(data: EmulatorData, program: ProgramRow): JsonObject {
  const channel = data.channels.get(program.channelId);
  const episode = program.episodeId === null ? undefined : data.episodes.get(program.episodeId);
  return {
    id: program.id,
    started_at: isoMillis(program.startedAt),
    is_rebroadcast: program.isRebroadcast,
    channel: { id: program.channelId, name: channel?.name ?? '' },
    work: renderWork(data, data.requireWork(program.workId)),
    episode: episode ? renderEpisode(data, episode) : null,
  };
}

/** The fields of rails/app/views/api/v1/reviews/_work_record.jb, in its order. */
export function renderReview(review: ReviewRow): JsonObject {
  return {
    id: review.id,
    title: review.title,
    body: review.body,
    rating_animation_state: review.ratingAnimationState,
    rating_music_state: review.ratingMusicState,
    rating_story_state: review.ratingStoryState,
    rating_character_state: review.ratingCharacterState,
    rating_overall_state: review.ratingOverallState,
    likes_count: review.likesCount,
    impressions_count: review.impressionsCount,
    modified_at: review.modifiedAt ? isoMillis(review.modifiedAt) : null,
    created_at: isoSeconds(review.createdAt),
  };
}

/** A review as listed, created or edited: with its user and work (reviews/index.jb, me/reviews/create.jb). */
export function renderFullReview(data: EmulatorData, review: ReviewRow): JsonObject {
  return {
    ...renderReview(review),
    user: renderUser(data, data.requireUser(review.userId)),
    work: renderWork(data, data.requireWork(review.workId)),
  };
}

export function renderActivity(data: EmulatorData, activity: ActivityRow): JsonObject {
  const out: JsonObject = {
    id: activity.id,
    user: renderUser(data, data.requireUser(activity.userId)),
    action: activity.action,
    created_at: isoSeconds(activity.createdAt),
    work: renderWork(data, data.requireWork(activity.workId)),
  };
  switch (activity.action) {
    case 'create_record': {
      const episode = data.episodes.get(activity.episodeId);
      const record = data.records.get(activity.recordId);
      out.episode = episode ? renderEpisode(data, episode) : null;
      out.record = record ? renderRecord(record) : null;
      break;
    }
    case 'create_multiple_records':
      out.multiple_record = activity.recordIds.flatMap((id) => {
        const record = data.records.get(id);
        const episode = record ? data.episodes.get(record.episodeId) : undefined;
        return record && episode
          ? [{ record: renderRecord(record), episode: renderEpisode(data, episode) }]
          : [];
      });
      break;
    case 'create_status':
      out.status = { kind: activity.kind };
      break;
    case 'create_review':
      out.review = renderReview(activity.review);
      break;
  }
  return out;
}
