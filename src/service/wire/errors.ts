/**
 * Typed failures of the service client. Messages name the operation and the HTTP status,
 * never a token, an authorization code or a client secret.
 */

interface ServiceErrorOptions {
  status?: number;
  cause?: unknown;
}

/** Base class of every failure the service client reports. */
export class ServiceError extends Error {
  override name = 'ServiceError';
  /** The spec's operation name (for example `works`, `create_record`, `oauth_token`). */
  readonly operation: string;
  readonly status?: number;

  constructor(operation: string, message: string, options: ServiceErrorOptions = {}) {
    super(`${operation}: ${message}`, options.cause === undefined ? undefined : { cause: options.cause });
    this.operation = operation;
    if (options.status !== undefined) this.status = options.status;
  }
}

/** 401: the token is missing, invalid or revoked. */
export class Unauthorized extends ServiceError {
  override name = 'Unauthorized';
  /** The `error` value of the WWW-Authenticate header, usually `invalid_token`. */
  readonly authError: string | undefined;

  constructor(operation: string, authError?: string) {
    super(operation, `401 unauthorized${authError ? ` (${authError})` : ''}`, { status: 401 });
    this.authError = authError;
  }
}

/** 403 (or a 401 naming `insufficient_scope`): the token lacks the `write` scope. */
export class InsufficientScope extends ServiceError {
  override name = 'InsufficientScope';

  constructor(operation: string, status = 403) {
    super(operation, `${status} insufficient scope (the token needs the write scope)`, { status });
  }
}

/** 404: an unknown route, or a record that does not exist or is not the caller's. */
export class NotFound extends ServiceError {
  override name = 'NotFound';
  /** The error entry's `type`, usually `unknown_route`. */
  readonly errorType: string | undefined;

  constructor(operation: string, errorType?: string, detail?: string) {
    super(operation, `404 not found${errorType ? ` (${errorType})` : ''}${detail ? `: ${detail}` : ''}`, {
      status: 404,
    });
    this.errorType = errorType;
  }
}

/** 400: one or more parameters were rejected; `messages` holds every entry's message. */
export class InvalidParams extends ServiceError {
  override name = 'InvalidParams';
  readonly messages: string[];

  constructor(operation: string, messages: string[]) {
    super(operation, `400 invalid parameters${messages.length > 0 ? `: ${messages.join('; ')}` : ''}`, {
      status: 400,
    });
    this.messages = messages;
  }
}

/** 429: the per-IP request limit was hit (the service sends no Retry-After). */
export class RateLimited extends ServiceError {
  override name = 'RateLimited';

  constructor(operation: string) {
    super(operation, '429 rate limited', { status: 429 });
  }
}

export type UnavailableReason = 'server' | 'timeout' | 'network';

/** 5xx, a timeout, or a network failure. */
export class Unavailable extends ServiceError {
  override name = 'Unavailable';
  readonly reason: UnavailableReason;

  constructor(operation: string, reason: UnavailableReason, options: ServiceErrorOptions = {}) {
    const what =
      reason === 'server'
        ? `${options.status ?? 500} server error`
        : reason === 'timeout'
          ? 'request timed out'
          : 'network error';
    super(operation, `service unavailable: ${what}`, options);
    this.reason = reason;
  }
}

/** The body was not JSON, was cut off, or did not match the expected shape. */
export class MalformedResponse extends ServiceError {
  override name = 'MalformedResponse';

  constructor(operation: string, detail: string, options: ServiceErrorOptions = {}) {
    super(operation, `malformed response: ${detail}`, options);
  }
}

/** The request budget could not start the call in time (or was closed). */
export class BudgetBusy extends ServiceError {
  override name = 'BudgetBusy';
  /**
   * `wait`: the call could not start within its wait, behind other calls; `share`: it could not, because
   * the person asked for more than their share while others waited (of requests over time, or of calls
   * waiting at once); `closed`: the budget was shut down.
   */
  readonly reason: 'wait' | 'share' | 'closed';
  /** With `wait` and `share`: about how long until the person may try again. */
  readonly retryAfterMs: number | undefined;

  constructor(
    operation: string,
    reason: 'wait' | 'share' | 'closed',
    maxWaitMs?: number,
    retryAfterMs?: number,
  ) {
    super(
      operation,
      reason === 'closed'
        ? 'the request budget is closed'
        : reason === 'share'
          ? 'this person has asked for more than their share while others wait'
          : `the service is busy: the request could not start within ${maxWaitMs ?? 0} ms`,
    );
    this.reason = reason;
    this.retryAfterMs = retryAfterMs;
  }
}

/** An OAuth endpoint answered with an `{ "error": ... }` body. */
export class OAuthError extends ServiceError {
  override name = 'OAuthError';
  readonly code: 'invalid_grant' | 'invalid_client' | (string & {});

  constructor(operation: string, code: string, status?: number) {
    super(
      operation,
      `oauth error ${code}${status ? ` (${status})` : ''}`,
      status === undefined ? {} : { status },
    );
    this.code = code;
  }
}
