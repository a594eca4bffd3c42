/** The client's methods and walk names come from the operations table, one per row. */
import { describe, expect, it } from 'vitest';
import { canonicalOperation, methodName, OPERATION_NAMES, OPERATIONS } from '#src/service/api/operations.js';
import type { CallOptions } from '#src/service/client.js';
import { useStub } from '../support/stub-server.js';
import { makeClient, TOKEN } from './helpers.js';

const stub = useStub((_req, res) => {
  res.writeHead(204);
  res.end();
});

const call: CallOptions = { token: TOKEN, priority: 'interactive', person: null };
type AnyMethod = (params: object, call: CallOptions) => Promise<unknown>;

describe('operation methods derived from the table', () => {
  it('names every operation of the table in camelCase', () => {
    expect(OPERATION_NAMES).toEqual(Object.keys(OPERATIONS));
    expect(OPERATION_NAMES.map(methodName)).toContain('followingActivities');
    expect(methodName('create_record')).toBe('createRecord');
    expect(methodName('works')).toBe('works');
  });

  it.each(OPERATION_NAMES)('%s: the client method sends that row’s method and path', async (name) => {
    const { client } = makeClient(stub.url);
    const method = (client as unknown as Record<string, AnyMethod>)[methodName(name)];
    expect(typeof method).toBe('function');
    stub.requests.length = 0;
    await method?.call(client, { id: 7 }, call).catch(() => undefined);
    const spec = OPERATIONS[name];
    expect(stub.requests.map((request) => request.method)).toEqual([spec.method]);
    expect(stub.requests[0]?.url.pathname).toBe(`/v1${spec.path.replace(':id', '7')}`);
    await client.close();
  });

  it('walk accepts a list operation by its method name as by its spec name', () => {
    for (const name of OPERATION_NAMES) expect(canonicalOperation(methodName(name) as never)).toBe(name);
    expect(canonicalOperation('searchUsers')).toBe('search_users');
    expect(canonicalOperation('my_programs')).toBe('my_programs');
  });
});
