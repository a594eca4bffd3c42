/**
 * Every URL kiroku sends is one Discord's API description accepts. The service gives
 * addresses as people typed them (a Wikipedia page in Japanese, spaces, brackets); they are
 * normalised (`new URL(…)`, RFC 3986 escapes), only http(s) kept, and an unparsable one left out.
 * Checked with the `uri` format of Discord's OpenAPI description (test/fakes/discord/openapi).
 */
import { ButtonStyle, ComponentType } from 'discord-api-types/v10';
import { describe, expect, it } from 'vitest';
import { fitComponents } from '#src/render/fit-message.js';
import { embedUrl, linkButtonUrl, sendableUrl } from '#src/render/url.js';
import { specProblems } from '../fakes/discord/openapi/validate.js';

const WIKIPEDIA = 'https://ja.wikipedia.org/wiki/葬送のフリーレン';

/** What the API description finds wrong with a message whose one link button points at `url`. */
function refusedButton(url: string): unknown[] {
  const body = {
    content: 'x',
    components: [
      {
        type: ComponentType.ActionRow,
        components: [{ type: ComponentType.Button, style: ButtonStyle.Link, label: 'x', url }],
      },
    ],
  };
  return specProblems('POST', ['channels', '1', 'messages'], body);
}

describe('URLs kiroku sends', () => {
  it('are normalised so Discord’s description accepts them', () => {
    // As the service gives it, Discord would refuse the whole message.
    expect(refusedButton(WIKIPEDIA)).not.toEqual([]);
    const sent = sendableUrl(WIKIPEDIA) ?? '';
    expect(sent).toBe(new URL(WIKIPEDIA).href);
    expect(refusedButton(sent)).toEqual([]);
    for (const messy of [
      'http://例え.jp/アニメ 一覧/?q=[1]|2#a#b',
      'https://EXAMPLE.com:443/a%zz^b`c{d}',
      'https://user:secret@example.com/x',
    ]) {
      const url = sendableUrl(messy);
      expect(url, messy).toBeDefined();
      expect(refusedButton(url ?? ''), messy).toEqual([]);
    }
    expect(sendableUrl('https://user:secret@example.com/x')).toBe('https://example.com/x');
  });

  it('keep only http(s), and leave out what does not parse', () => {
    for (const bad of [
      'javascript:alert(1)',
      'ftp://example.com/a',
      '//example.com/x',
      'https://',
      'not a url',
      '',
      null,
    ])
      expect(sendableUrl(bad), String(bad)).toBeUndefined();
    expect(embedUrl('http://example.com/a.png')).toBeUndefined();
    expect(linkButtonUrl('http://example.com/')).toBe('http://example.com/');
    expect(linkButtonUrl(`https://example.com/${'a'.repeat(600)}`)).toBeUndefined();
  });

  it('link buttons in every reply go through it: normalised, or left out with their row', () => {
    const button = (url: string) => ({
      type: ComponentType.Button as const,
      style: ButtonStyle.Link as const,
      label: 'x',
      url,
    });
    const rows = fitComponents([
      { type: ComponentType.ActionRow, components: [button(WIKIPEDIA), button('javascript:alert(1)')] },
      { type: ComponentType.ActionRow, components: [button('not a url')] },
    ]);
    expect(rows).toEqual([{ type: ComponentType.ActionRow, components: [button(new URL(WIKIPEDIA).href)] }]);
  });
});
