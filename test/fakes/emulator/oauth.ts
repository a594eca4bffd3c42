import { AUTHORIZATION_CODE_TTL_SECONDS, type EmulatorData } from './data.js';
import { type ApiResponse, json } from './listing.js';
import type { OAuthClientRow, Scope, TokenRow } from './model.js';

export const OOB_REDIRECT_URI = 'urn:ietf:wg:oauth:2.0:oob';

const INVALID_GRANT =
  'The provided authorization grant is invalid, expired, revoked, does not match the redirection URI used in the authorization request, or was issued to another client.';
const INVALID_CLIENT =
  'Client authentication failed due to unknown client, no client authentication included, or unsupported authentication method.';
export const INVALID_TOKEN_DESCRIPTION = 'The access token is invalid';

export interface OAuthRequest {
  method: string;
  path: string;
  params: ReadonlyMap<string, string>;
  authorization: string | undefined;
  /** Validity of an access token as the API sees it (revoked and fault-listed tokens are not). */
  tokenRow: (token: string) => TokenRow | undefined;
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function htmlPage(status: number, title: string, body: string): ApiResponse {
  return {
    status,
    contentType: 'text/html; charset=utf-8',
    body: `<!DOCTYPE html>\n<html lang="ja"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head><body>${body}</body></html>\n`,
  };
}

function oauthError(status: number, error: string, description: string): ApiResponse {
  return {
    ...json(status, { error, error_description: description }),
    headers: { 'cache-control': 'no-store' },
  };
}

function parseScopes(raw: string | undefined): Scope[] | undefined {
  const parts = (raw ?? 'read').split(/[\s+]+/).filter((s) => s !== '');
  if (parts.length === 0) return ['read'];
  if (!parts.every((s) => s === 'read' || s === 'write')) return undefined;
  return [...new Set(parts as Scope[])];
}

/** Client credentials from the parameters or an HTTP Basic header. */
function authenticateClient(data: EmulatorData, req: OAuthRequest): OAuthClientRow | undefined {
  let id = req.params.get('client_id');
  let secret = req.params.get('client_secret');
  const basic = /^Basic\s+(.+)$/i.exec(req.authorization ?? '');
  if (basic?.[1]) {
    const decoded = Buffer.from(basic[1], 'base64').toString('utf8');
    const colon = decoded.indexOf(':');
    if (colon > 0) {
      id = decodeURIComponent(decoded.slice(0, colon));
      secret = decodeURIComponent(decoded.slice(colon + 1));
    }
  }
  const client = id === undefined ? undefined : data.oauthClients.get(id);
  return client && client.secret === secret ? client : undefined;
}

export function bearerToken(
  authorization: string | undefined,
  params: ReadonlyMap<string, string>,
): string | undefined {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? '');
  if (match?.[1]) return match[1];
  const fromQuery = params.get('access_token');
  return fromQuery && fromQuery.trim() !== '' ? fromQuery.trim() : undefined;
}

/**
 * Test-mode authorize: approves at once as `?user=<username>` or the data's default user.
 * The out-of-band redirect shows the code in a page; any other redirect gets a 302.
 */
function authorize(data: EmulatorData, req: OAuthRequest): ApiResponse {
  const client = data.oauthClients.get(req.params.get('client_id') ?? '');
  if (!client)
    return htmlPage(401, 'invalid_client', `<h1>invalid_client</h1><p>${escapeHtml(INVALID_CLIENT)}</p>`);
  if (req.params.get('response_type') !== 'code') {
    return htmlPage(400, 'unsupported_response_type', '<h1>unsupported_response_type</h1>');
  }
  const scopes = parseScopes(req.params.get('scope'));
  if (!scopes) return htmlPage(400, 'invalid_scope', '<h1>invalid_scope</h1>');
  const username = req.params.get('user') ?? data.oauthDefaultUsername;
  const user = data.userByUsername(username);
  if (!user) return htmlPage(400, 'unknown user', `<h1>No user ${escapeHtml(username)} to approve as</h1>`);
  const redirectUri = req.params.get('redirect_uri') ?? OOB_REDIRECT_URI;
  const code = data.issueAuthorizationCode(user.id, scopes, { clientId: client.id, redirectUri });
  if (redirectUri === OOB_REDIRECT_URI) {
    return htmlPage(
      200,
      'Authorization code',
      `<h1>Authorization code</h1><p>${escapeHtml(client.name)} was approved by ${escapeHtml(user.username)}.</p><code id="authorization_code">${escapeHtml(code)}</code>`,
    );
  }
  let location: URL;
  try {
    location = new URL(redirectUri);
  } catch {
    return htmlPage(400, 'invalid_redirect_uri', '<h1>invalid_redirect_uri</h1>');
  }
  location.searchParams.set('code', code);
  const state = req.params.get('state');
  if (state !== undefined) location.searchParams.set('state', state);
  return { status: 302, headers: { location: location.toString() } };
}

function exchange(data: EmulatorData, req: OAuthRequest): ApiResponse {
  const client = authenticateClient(data, req);
  if (!client) return oauthError(401, 'invalid_client', INVALID_CLIENT);
  const grantType = req.params.get('grant_type');
  if (grantType !== 'authorization_code') {
    return oauthError(400, 'unsupported_grant_type', 'The authorization grant type is not supported.');
  }
  const row = data.authorizationCodes.get(req.params.get('code') ?? '');
  const redirectUri = req.params.get('redirect_uri') ?? OOB_REDIRECT_URI;
  const ageSeconds = row ? (data.now().getTime() - row.createdAt.getTime()) / 1000 : Number.POSITIVE_INFINITY;
  if (
    !row ||
    row.used ||
    ageSeconds >= AUTHORIZATION_CODE_TTL_SECONDS ||
    row.clientId !== client.id ||
    row.redirectUri !== redirectUri
  ) {
    return oauthError(400, 'invalid_grant', INVALID_GRANT);
  }
  row.used = true;
  const token = data.issueToken(row.userId, row.scopes, { applicationUid: client.id });
  const tokenRow = data.tokens.get(token);
  return {
    ...json(200, {
      access_token: token,
      token_type: 'Bearer',
      scope: row.scopes.join(' '),
      created_at: Math.floor((tokenRow?.createdAt ?? data.now()).getTime() / 1000),
    }),
    headers: { 'cache-control': 'no-store' },
  };
}

function tokenInfo(req: OAuthRequest): ApiResponse {
  const token = bearerToken(req.authorization, req.params);
  const row = token === undefined ? undefined : req.tokenRow(token);
  if (!row) {
    return {
      ...oauthError(401, 'invalid_token', INVALID_TOKEN_DESCRIPTION),
      headers: {
        'www-authenticate': `Bearer realm="Doorkeeper", error="invalid_token", error_description="${INVALID_TOKEN_DESCRIPTION}"`,
      },
    };
  }
  return json(200, {
    resource_owner_id: row.userId,
    scope: [...row.scopes],
    expires_in: null,
    application: row.applicationUid === null ? null : { uid: row.applicationUid },
    created_at: Math.floor(row.createdAt.getTime() / 1000),
  });
}

function revoke(data: EmulatorData, req: OAuthRequest): ApiResponse {
  if (!authenticateClient(data, req)) return oauthError(401, 'invalid_client', INVALID_CLIENT);
  const token = req.params.get('token');
  if (token !== undefined) data.revokeToken(token);
  return json(200, {});
}

/** Answers /oauth/* requests, or undefined when the path is not an OAuth endpoint. */
export function handleOAuth(data: EmulatorData, req: OAuthRequest): ApiResponse | undefined {
  const route = `${req.method} ${req.path}`;
  switch (route) {
    case 'GET /oauth/authorize':
      return authorize(data, req);
    case 'POST /oauth/token':
      return exchange(data, req);
    case 'GET /oauth/token/info':
      return tokenInfo(req);
    case 'POST /oauth/revoke':
      return revoke(data, req);
    default:
      return undefined;
  }
}
