import { narrowFields } from './json.js';
import { type ApiContext, type ApiResponse, type Handler, invalidParams, json, notFound } from './listing.js';
import { RATING_STATES, type RatingState, type RecordRow, STATUS_KINDS } from './model.js';
import { renderFullRecord } from './render.js';

/** Longest comment the service accepts, in characters. */
export const MAX_COMMENT_LENGTH = 1_048_596;

const SHARE_FLAGS = ['share_twitter', 'share_facebook', 'share_microblog', 'share_network'];

function codePointLength(text: string): number {
  let surrogates = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdbff) surrogates += 1;
  }
  return text.length - surrogates;
}

interface RecordInput {
  comment: string;
  rating: number | null;
  ratingState: RatingState | null;
}

/** Reads comment, rating, rating_state and the share flags (validated, then ignored). */
function readRecordInput(ctx: ApiContext): RecordInput {
  for (const flag of SHARE_FLAGS) ctx.params.bool(flag);
  const rating = ctx.params.float('rating');
  const ratingState = ctx.params.oneOf('rating_state', RATING_STATES) ?? null;
  return {
    comment: (ctx.params.raw('comment') ?? '').trim(),
    // The public service keeps a rating only when it is within 1..5.
    rating: rating !== undefined && rating >= 1 && rating <= 5 ? rating : null,
    ratingState,
  };
}

/** Model validation: one entry, no developer_message. */
function recordInvalid(input: RecordInput): ApiResponse | undefined {
  return commentTooLong(input.comment);
}

/** The form's length check of a record's comment or a review's body (the same message for both). */
export function commentTooLong(text: string): ApiResponse | undefined {
  if (codePointLength(text) <= MAX_COMMENT_LENGTH) return undefined;
  return invalidParams([
    // The Japanese full message of the record form (rails/spec/requests/api/v1/me/records/create_spec.rb).
    { type: 'invalid_params', message: `感想は${MAX_COMMENT_LENGTH}文字以内で入力してください` },
  ]);
}

function recordResponse(ctx: ApiContext, record: RecordRow): ApiResponse {
  const full = renderFullRecord(ctx.data, record);
  const fields = ctx.params.fields();
  return json(200, fields ? narrowFields(full, fields) : full);
}

export function required(ctx: ApiContext, name: string): void {
  if (ctx.params.raw(name) === undefined || ctx.params.str(name) === undefined) {
    ctx.params.fail(name, `${name} is missing.`);
  }
}

const createRecord: Handler = (ctx) => {
  required(ctx, 'episode_id');
  const episodeId = ctx.params.int('episode_id', { min: 1 });
  const input = readRecordInput(ctx);
  if (ctx.params.errors.length > 0 || episodeId === undefined) return invalidParams(ctx.params.errors);
  if (!ctx.data.episodes.has(episodeId)) return notFound();
  const invalid = recordInvalid(input);
  if (invalid) return invalid;
  const record = ctx.data.createRecord({ userId: ctx.user.id, episodeId, ...input });
  return recordResponse(ctx, record);
};

/** The caller's record named by the path, or undefined. */
function ownRecord(ctx: ApiContext): RecordRow | undefined {
  const id = ctx.id !== undefined && /^\d+$/.test(ctx.id) ? Number(ctx.id) : Number.NaN;
  const record = ctx.data.records.get(id);
  return record && record.userId === ctx.user.id ? record : undefined;
}

/** Replaces comment, rating and rating_state: leaving one out clears it. */
const editRecord: Handler = (ctx) => {
  const input = readRecordInput(ctx);
  if (ctx.params.errors.length > 0) return invalidParams(ctx.params.errors);
  const record = ownRecord(ctx);
  if (!record) return notFound();
  const invalid = recordInvalid(input);
  if (invalid) return invalid;
  record.comment = input.comment;
  record.rating = input.rating;
  record.ratingState = input.ratingState;
  record.isModified = true;
  return recordResponse(ctx, record);
};

const deleteRecord: Handler = (ctx) => {
  const record = ownRecord(ctx);
  if (!record) return notFound();
  ctx.data.deleteRecord(record.id);
  return { status: 204 };
};

const setStatus: Handler = (ctx) => {
  required(ctx, 'work_id');
  required(ctx, 'kind');
  const workId = ctx.params.int('work_id', { min: 1 });
  const kind = ctx.params.oneOf('kind', STATUS_KINDS);
  if (ctx.params.errors.length > 0 || workId === undefined || kind === undefined) {
    return invalidParams(ctx.params.errors);
  }
  if (!ctx.data.works.has(workId)) return notFound();
  ctx.data.setStatus(ctx.user.id, workId, kind);
  return { status: 204 };
};

export const writeHandlers = { createRecord, editRecord, deleteRecord, setStatus } satisfies Record<
  string,
  Handler
>;
