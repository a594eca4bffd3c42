import { creditHandlers } from './credit-handlers.js';
import type { EmulatorData } from './data.js';
import { type ApiResponse, type Handler, notFound } from './listing.js';
import type { Scope, TokenRow } from './model.js';
import { bearerToken, INVALID_TOKEN_DESCRIPTION } from './oauth.js';
import { ParamReader } from './params.js';
import { readHandlers } from './reads.js';
import { reviewHandlers } from './review-handlers.js';
import { writeHandlers } from './writes.js';

interface Route {
  method: string;
  path: RegExp;
  scope: Scope;
  handler: Handler;
}

const ROUTES: Route[] = [
  { method: 'GET', path: /^\/v1\/works$/, scope: 'read', handler: readHandlers.works },
  { method: 'GET', path: /^\/v1\/episodes$/, scope: 'read', handler: readHandlers.episodes },
  { method: 'GET', path: /^\/v1\/people$/, scope: 'read', handler: readHandlers.people },
  { method: 'GET', path: /^\/v1\/records$/, scope: 'read', handler: readHandlers.records },
  { method: 'GET', path: /^\/v1\/users$/, scope: 'read', handler: readHandlers.searchUsers },
  { method: 'GET', path: /^\/v1\/activities$/, scope: 'read', handler: readHandlers.activities },
  { method: 'GET', path: /^\/v1\/followers$/, scope: 'read', handler: readHandlers.followers },
  { method: 'GET', path: /^\/v1\/following$/, scope: 'read', handler: readHandlers.following },
  { method: 'GET', path: /^\/v1\/me$/, scope: 'read', handler: readHandlers.me },
  {
    method: 'GET',
    path: /^\/v1\/me\/following_activities$/,
    scope: 'read',
    handler: readHandlers.followingActivities,
  },
  { method: 'GET', path: /^\/v1\/me\/works$/, scope: 'read', handler: readHandlers.myWorks },
  { method: 'GET', path: /^\/v1\/me\/programs$/, scope: 'read', handler: readHandlers.myPrograms },
  { method: 'POST', path: /^\/v1\/me\/records$/, scope: 'write', handler: writeHandlers.createRecord },
  {
    method: 'PATCH',
    path: /^\/v1\/me\/records\/([^/]+)$/,
    scope: 'write',
    handler: writeHandlers.editRecord,
  },
  {
    method: 'DELETE',
    path: /^\/v1\/me\/records\/([^/]+)$/,
    scope: 'write',
    handler: writeHandlers.deleteRecord,
  },
  { method: 'POST', path: /^\/v1\/me\/statuses$/, scope: 'write', handler: writeHandlers.setStatus },
  { method: 'GET', path: /^\/v1\/reviews$/, scope: 'read', handler: reviewHandlers.reviews },
  { method: 'POST', path: /^\/v1\/me\/reviews$/, scope: 'write', handler: reviewHandlers.createReview },
  {
    method: 'PATCH',
    path: /^\/v1\/me\/reviews\/([^/]+)$/,
    scope: 'write',
    handler: reviewHandlers.editReview,
  },
  {
    method: 'DELETE',
    path: /^\/v1\/me\/reviews\/([^/]+)$/,
    scope: 'write',
    handler: reviewHandlers.deleteReview,
  },
  { method: 'GET', path: /^\/v1\/casts$/, scope: 'read', handler: creditHandlers.casts },
  { method: 'GET', path: /^\/v1\/staffs$/, scope: 'read', handler: creditHandlers.staffs },
];

export interface ApiRequest {
  method: string;
  path: string;
  params: ReadonlyMap<string, string>;
  authorization: string | undefined;
  tokenRow: (token: string) => TokenRow | undefined;
}

function challenge(status: 401 | 403, error: string, description: string): ApiResponse {
  return {
    status,
    headers: {
      'www-authenticate': `Bearer realm="Doorkeeper", error="${error}", error_description="${description}"`,
    },
  };
}

/** Routes a /v1 request: unknown route 404, then token (401), then scope (403), then the handler. */
export function handleApi(data: EmulatorData, req: ApiRequest): ApiResponse {
  const path = req.path.length > 1 ? req.path.replace(/\/+$/, '') : req.path;
  let route: Route | undefined;
  let id: string | undefined;
  for (const candidate of ROUTES) {
    const match = candidate.method === req.method ? candidate.path.exec(path) : null;
    if (match) {
      route = candidate;
      id = match[1];
      break;
    }
  }
  if (!route) return notFound();
  const token = bearerToken(req.authorization, req.params);
  const tokenRow = token === undefined ? undefined : req.tokenRow(token);
  const user = tokenRow ? data.users.get(tokenRow.userId) : undefined;
  if (!tokenRow || !user) {
    const known = token !== undefined && data.tokens.has(token);
    return challenge(
      401,
      'invalid_token',
      known ? 'The access token was revoked' : INVALID_TOKEN_DESCRIPTION,
    );
  }
  if (!tokenRow.scopes.includes(route.scope)) {
    return challenge(
      403,
      'insufficient_scope',
      'The request requires higher privileges than provided by the access token.',
    );
  }
  const params = new ParamReader(req.params);
  return route.handler({ data, params, user, token: tokenRow, ...(id === undefined ? {} : { id }) });
}
