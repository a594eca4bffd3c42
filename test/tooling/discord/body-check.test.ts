import { describe, expect, it } from 'vitest';
import { refuseBody } from '../../fakes/discord/rest-body-check.js';
import type { RestRequest } from '../../fakes/discord/rest-common.js';

function request(method: string, path: string, body: unknown): [RestRequest, Buffer, unknown] {
  const segments = path.split('/').filter(Boolean);
  const json = JSON.stringify(body);
  const req: RestRequest = { method, segments, path, query: {}, body: {}, files: [], auth: 'bot' };
  return [req, Buffer.from(json, 'utf8'), JSON.parse(json)];
}

const refused = (method: string, path: string, body: unknown) => refuseBody(...request(method, path, body));

describe('the fake Discord refuses what Discord refuses', () => {
  it('accepts a plain message', () => {
    expect(
      refused('POST', '/channels/1/messages', { content: 'hi', embeds: [{ title: 'a', description: 'b' }] }),
    ).toBeNull();
  });

  it('refuses half an emoji with 400 / 50035, naming the field', () => {
    const outcome = refused('POST', '/channels/1/messages', {
      embeds: [{ title: '😭'.repeat(3).slice(0, 5) }],
    });
    expect(outcome?.status).toBe(400);
    expect(outcome?.body).toMatchObject({
      code: 50035,
      errors: { embeds: { 0: { title: { _errors: [{ code: 'BASE_TYPE_BAD_STRING' }] } } } },
    });
  });

  it('refuses bytes that are not UTF-8', () => {
    const [req] = request('POST', '/channels/1/messages', {});
    expect(refuseBody(req, Buffer.from([0x7b, 0x22, 0xff, 0x22, 0x7d]), {})?.status).toBe(400);
  });

  it.each([
    ['content over 2000', { content: 'x'.repeat(2001) }],
    ['an empty field value', { embeds: [{ fields: [{ name: 'a', value: '' }] }] }],
    ['a blank field name', { embeds: [{ fields: [{ name: ' ', value: 'a' }] }] }],
    ['26 fields', { embeds: [{ fields: Array.from({ length: 26 }, () => ({ name: 'a', value: 'b' })) }] }],
    [
      'embeds over 6000 in all',
      { embeds: [{ description: 'x'.repeat(4096) }, { description: 'x'.repeat(2000) }] },
    ],
    ['a relative thumbnail URL', { embeds: [{ thumbnail: { url: '//x.png' } }] }],
    [
      'a button label over 80',
      {
        components: [{ type: 1, components: [{ type: 2, style: 1, custom_id: 'a', label: 'x'.repeat(81) }] }],
      },
    ],
    [
      'a custom id over 100',
      {
        components: [
          { type: 1, components: [{ type: 2, style: 1, custom_id: 'x'.repeat(101), label: 'a' }] },
        ],
      },
    ],
  ])('refuses %s', (_what, body) => {
    const outcome = refused('POST', '/channels/1/messages', body);
    expect(outcome?.status).toBe(400);
    expect(outcome?.body).toMatchObject({ code: 50035 });
  });

  it('refuses 26 autocomplete choices, a long choice name, and a modal title over 45', () => {
    const choices = Array.from({ length: 26 }, (_, i) => ({ name: `c${i}`, value: `${i}` }));
    expect(refused('POST', '/interactions/1/t/callback', { type: 8, data: { choices } })?.status).toBe(400);
    const long = [{ name: 'x'.repeat(101), value: '1' }];
    expect(refused('POST', '/interactions/1/t/callback', { type: 8, data: { choices: long } })?.status).toBe(
      400,
    );
    const modal = {
      title: 'x'.repeat(46),
      custom_id: 'm',
      components: [{ type: 1, components: [{ type: 4, custom_id: 'a', label: 'a', style: 1 }] }],
    };
    expect(refused('POST', '/interactions/1/t/callback', { type: 9, data: modal })?.status).toBe(400);
  });

  it('refuses a command set Discord would refuse, localizations included', () => {
    const command = { name: 'demo', description: 'd', name_localizations: { ja: 'デ モ' } };
    expect(refused('PUT', '/applications/1/commands', [command])?.status).toBe(400);
  });

  it('checks bodies against Discord’s OpenAPI description', () => {
    // Within every hand-written limit, but `color` is beyond what the spec allows.
    const outcome = refused('POST', '/channels/1/messages', { embeds: [{ title: 'a', color: 2 ** 25 }] });
    expect(outcome?.status).toBe(400);
    expect(JSON.stringify(outcome?.body)).toContain('OPENAPI_SCHEMA');
  });
});
