/**
 * The fake refuses, like Discord, any body that is not well-formed Unicode, breaks a documented
 * limit, or does not match Discord's OpenAPI description: 400, code 50035 "Invalid Form Body",
 * with the offending fields under `errors` in Discord's nested shape.
 */
import {
  choiceProblems,
  malformedStrings,
  messageProblems,
  modalProblems,
  type Problem,
  registrationProblemsOf,
} from './body-limits.js';
import type { RestOutcome } from './interaction-result.js';
import { routeOf, specProblems } from './openapi/validate.js';
import { error, type RestRequest } from './rest-common.js';

const utf8 = new TextDecoder('utf-8', { fatal: true });

function isUtf8(raw: Buffer): boolean {
  try {
    utf8.decode(raw);
    return true;
  } catch {
    return false;
  }
}

type Body = Record<string, unknown>;

function limitProblems(route: string, body: unknown): Problem[] {
  if (route.startsWith('PUT /applications')) return registrationProblemsOf(body);
  const object = (typeof body === 'object' && body !== null ? body : {}) as Body;
  if (!route.startsWith('POST /interactions')) return messageProblems(object);
  const data = (typeof object.data === 'object' && object.data !== null ? object.data : {}) as Body;
  const prefix = (problems: Problem[]) => problems.map((p) => ({ ...p, path: `data.${p.path}` }));
  switch (Number(object.type)) {
    case 4:
    case 7:
      return prefix(messageProblems(data));
    case 8:
      return choiceProblems(data);
    case 9:
      return modalProblems(data);
    default:
      return [];
  }
}

/** Discord's nested error shape: `{ embeds: { 0: { title: { _errors: [...] } } } }`. */
function nest(problems: Problem[]): Body {
  const root: Body = {};
  for (const problem of problems) {
    let node = root;
    for (const key of problem.path.split('.').filter(Boolean)) {
      node[key] ??= {};
      node = node[key] as Body;
    }
    node._errors ??= [];
    (node._errors as Array<{ code: string; message: string }>).push({
      code: problem.code,
      message: problem.message,
    });
  }
  return root;
}

/** The 400 Discord would answer for this request's body, or null when the body is fine. */
export function refuseBody(request: RestRequest, raw: Buffer, json: unknown): RestOutcome | null {
  if (raw.length === 0) return null;
  const problems: Problem[] = isUtf8(raw)
    ? malformedStrings(json)
    : [{ path: '', code: 'BASE_TYPE_BAD_STRING', message: 'not representable in utf8' }];
  const route = routeOf(request.method, request.segments);
  if (problems.length === 0 && route) problems.push(...limitProblems(route, json));
  if (problems.length === 0) problems.push(...specProblems(request.method, request.segments, json));
  if (problems.length === 0) return null;
  return error(400, 'Invalid Form Body', 50035, { errors: nest(problems) });
}
