/** The service client's public surface. */

export {
  type ItemOf,
  type ListOperationName,
  type MethodName,
  OPERATIONS,
  type OperationName,
  type Operations,
  type ParamsOf,
  type ResultOf,
  type WalkableOperation,
} from './api/operations.js';
export {
  DEFAULT_WALK_MAX_PAGES,
  DEFAULT_WALK_PER_PAGE,
  type WalkOptions,
  walkItems,
  walkPages,
} from './api/paging.js';
export type * from './api/params.js';
export { serializeParams, serializeValue } from './api/query.js';
export {
  ACTIVITY_ACTIONS,
  type Activity,
  type ActivityAction,
  activitySchema,
  type Cast,
  type Character,
  type CreateMultipleRecordsActivity,
  type CreateRecordActivity,
  type CreateReviewActivity,
  type CreateStatusActivity,
  CURRENT_ACTIVITY_ACTIONS,
  type CurrentActivityAction,
  castSchema,
  characterSchema,
  type Episode,
  episodeSchema,
  isCreateMultipleRecordsActivity,
  isCreateRecordActivity,
  isCreateReviewActivity,
  isCreateStatusActivity,
  type OAuthToken,
  type Organization,
  type OtherActivity,
  oauthTokenSchema,
  organizationSchema,
  type Page,
  type Person,
  type Program,
  pageSchema,
  personSchema,
  programSchema,
  RATING_STATES,
  type RatingState,
  type Review,
  recordSchema,
  reviewSchema,
  type ServiceRecord,
  type SkippedItem,
  STATUS_KINDS,
  type Staff,
  type StatusKind,
  staffSchema,
  statusKindSchema,
  type TokenInfo,
  tokenInfoSchema,
  type User,
  userSchema,
  WATCH_STATUS_FILTERS,
  type WatchStatusFilter,
  type Work,
  watchStatusFilterSchema,
  workSchema,
} from './api/schemas.js';
export { STAFF_ROLES, type StaffRole, staffRoleName, staffRoleOf } from './api/staff-roles.js';
export {
  type CallOptions,
  ServiceClient,
  type ServiceClientOptions,
  type SkippedItemsObserver,
} from './client.js';
export type { OperationMethods } from './methods.js';
export {
  type OAuthCallOptions,
  OAuthClient,
  type OAuthClientOptions,
  OUT_OF_BAND_REDIRECT_URI,
} from './oauth.js';
export type {
  EpisodeScope,
  RecordScope,
  UserScope,
  UserScopeParams,
  WorkEpisodesParams,
  WorkScope,
} from './scoped.js';
export {
  BUDGET_LIMITER_OPTIONS,
  type BudgetStats,
  createRequestBudget,
  PRIORITIES,
  type Priority,
  type RequestBudget,
  type RequestBudgetOptions,
  type RunOptions,
} from './wire/budget.js';
export {
  BudgetBusy,
  InsufficientScope,
  InvalidParams,
  MalformedResponse,
  NotFound,
  OAuthError,
  RateLimited,
  ServiceError,
  Unauthorized,
  Unavailable,
  type UnavailableReason,
} from './wire/errors.js';
export { HttpTransport, type HttpTransportOptions } from './wire/http.js';
export { DEFAULT_PERSON_SHARE, type PersonShareSettings } from './wire/person-share.js';
export type { RequestEvent, RequestObserver, RetryOptions } from './wire/retry.js';
export {
  createSharedLimiter,
  openSharedBudgetLimiter,
  type SharedBudgetLimiter,
  type SharedBudgetOptions,
} from './wire/shared-budget.js';
