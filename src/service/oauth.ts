/**
 * OAuth 2.0 authorization-code client: the authorize URL, code exchange, token info and revoke.
 * Codes, tokens and the client secret never reach an error message or a log line.
 */
import type { Logger } from '../logger.js';
import { type OAuthToken, oauthTokenSchema, type TokenInfo, tokenInfoSchema } from './api/schemas.js';
import type { Priority, RequestBudget } from './wire/budget.js';
import { OAuthError, Unauthorized } from './wire/errors.js';
import {
  errorFromResponse,
  type HttpResponse,
  HttpTransport,
  isSuccess,
  parseJsonBody,
  parseWwwAuthenticate,
} from './wire/http.js';
import { callWithRetry, type ResolvedRetry, type RetryOptions, resolveRetry } from './wire/retry.js';

export const OUT_OF_BAND_REDIRECT_URI = 'urn:ietf:wg:oauth:2.0:oob';

export interface OAuthClientOptions {
  /** Origin of `/oauth/*` (a path prefix is kept), e.g. `https://api.annict.com`. */
  baseUrl: string;
  clientId: string;
  clientSecret: string;
  /** Default: the out-of-band value, which makes the service show the code to the user. */
  redirectUri?: string;
  budget: RequestBudget;
  timeoutMs?: number;
  logger?: Logger;
  retry?: RetryOptions;
  http?: HttpTransport;
  /** How POST bodies are sent (default `form`, application/x-www-form-urlencoded). */
  bodyFormat?: 'form' | 'json';
}

export interface OAuthCallOptions {
  /**
   * The Discord user the call is made for (their link, their unlink), or `null` for no one (the sweep
   * of expired links, the operator's smoke check): required, so that no call forgets its person.
   */
  person: string | null;
  /** Default `interactive`: these calls happen while a user waits. */
  priority?: Priority;
  maxWaitMs?: number;
}

export class OAuthClient {
  private readonly base: URL;
  private readonly prefix: string;
  private readonly clientId: string;
  private readonly clientSecret: string;
  private readonly redirectUri: string;
  private readonly budget: RequestBudget;
  private readonly timeoutMs: number;
  private readonly logger: Logger | undefined;
  private readonly retry: ResolvedRetry;
  private readonly http: HttpTransport;
  private readonly ownsHttp: boolean;
  private readonly bodyFormat: 'form' | 'json';

  constructor(options: OAuthClientOptions) {
    this.base = new URL(options.baseUrl);
    this.prefix = this.base.pathname.replace(/\/+$/, '');
    this.clientId = options.clientId;
    this.clientSecret = options.clientSecret;
    this.redirectUri = options.redirectUri ?? OUT_OF_BAND_REDIRECT_URI;
    this.budget = options.budget;
    this.timeoutMs = options.timeoutMs ?? 10_000;
    this.logger = options.logger;
    this.retry = resolveRetry(options.retry);
    this.http = options.http ?? new HttpTransport();
    this.ownsHttp = options.http === undefined;
    this.bodyFormat = options.bodyFormat ?? 'form';
  }

  /** The URL the user opens to approve; scopes are space-joined (e.g. `read write`). */
  authorizationUrl(options: { scope: string[]; state: string }): string {
    const url = this.url('/oauth/authorize');
    url.searchParams.set('client_id', this.clientId);
    url.searchParams.set('response_type', 'code');
    url.searchParams.set('redirect_uri', this.redirectUri);
    url.searchParams.set('scope', options.scope.length > 0 ? options.scope.join(' ') : 'read');
    url.searchParams.set('state', options.state);
    return url.toString();
  }

  /** Exchanges a (single-use) code; never retried except on 429. Bad codes: OAuthError `invalid_grant`. */
  exchangeCode(code: string, options: OAuthCallOptions): Promise<OAuthToken> {
    return this.post(
      'oauth_token',
      '/oauth/token',
      {
        client_id: this.clientId,
        client_secret: this.clientSecret,
        grant_type: 'authorization_code',
        redirect_uri: this.redirectUri,
        code,
      },
      options,
      (response) => parseJsonBody('oauth_token', response, oauthTokenSchema),
    );
  }

  /** The token's owner and scopes; an invalid or revoked token gives Unauthorized. */
  tokenInfo(token: string, options: OAuthCallOptions): Promise<TokenInfo> {
    const operation = 'oauth_token_info';
    const url = this.url('/oauth/token/info');
    return this.call(
      operation,
      'GET',
      options,
      () =>
        this.http.send({
          operation,
          method: 'GET',
          url,
          headers: { accept: 'application/json', authorization: `Bearer ${token}` },
          timeoutMs: this.timeoutMs,
        }),
      (response) => {
        if (response.status === 401) {
          throw new Unauthorized(
            operation,
            parseWwwAuthenticate(headerText(response, 'www-authenticate')).error ??
              oauthErrorCode(response.body),
          );
        }
        if (!isSuccess(response.status)) throw this.failure(operation, response);
        return parseJsonBody(operation, response, tokenInfoSchema);
      },
    );
  }

  /** Revokes the token (the service answers 200 even for unknown tokens). */
  async revoke(token: string, options: OAuthCallOptions): Promise<void> {
    await this.post(
      'oauth_revoke',
      '/oauth/revoke',
      {
        client_id: this.clientId,
        client_secret: this.clientSecret,
        token,
      },
      options,
      () => undefined,
    );
  }

  async close(): Promise<void> {
    if (this.ownsHttp) await this.http.close();
  }

  private url(path: string): URL {
    return new URL(`${this.prefix}${path}`, this.base);
  }

  private post<T>(
    operation: string,
    path: string,
    fields: Record<string, string>,
    options: OAuthCallOptions,
    parse: (response: HttpResponse) => T,
  ): Promise<T> {
    const url = this.url(path);
    const body = this.bodyFormat === 'json' ? JSON.stringify(fields) : new URLSearchParams(fields).toString();
    const contentType = this.bodyFormat === 'json' ? 'application/json' : 'application/x-www-form-urlencoded';
    return this.call(
      operation,
      'POST',
      options,
      () =>
        this.http.send({
          operation,
          method: 'POST',
          url,
          headers: { accept: 'application/json', 'content-type': contentType },
          body,
          timeoutMs: this.timeoutMs,
        }),
      (response) => {
        if (!isSuccess(response.status)) throw this.failure(operation, response);
        return parse(response);
      },
    );
  }

  private call<T>(
    operation: string,
    method: string,
    options: OAuthCallOptions,
    send: () => Promise<HttpResponse>,
    interpret: (response: HttpResponse) => T,
  ): Promise<T> {
    return callWithRetry({
      operation,
      method,
      priority: options.priority ?? 'interactive',
      maxWaitMs: options.maxWaitMs,
      person: options.person ?? undefined,
      budget: this.budget,
      logger: this.logger,
      retry: this.retry,
      send,
      interpret,
    });
  }

  /** `{ "error": "invalid_grant" }` bodies become OAuthError; anything else the usual typed error. */
  private failure(operation: string, response: HttpResponse): Error {
    const code = oauthErrorCode(response.body);
    if (code !== undefined && response.status < 500) return new OAuthError(operation, code, response.status);
    return errorFromResponse(operation, response);
  }
}

function headerText(response: HttpResponse, name: string): string | undefined {
  const value = response.headers[name];
  return Array.isArray(value) ? value.join(', ') : value;
}

function oauthErrorCode(body: string): string | undefined {
  try {
    const parsed: unknown = JSON.parse(body);
    if (typeof parsed === 'object' && parsed !== null && 'error' in parsed) {
      const error = (parsed as { error: unknown }).error;
      return typeof error === 'string' ? error : undefined;
    }
  } catch {
    // not JSON: fall through
  }
  return undefined;
}
